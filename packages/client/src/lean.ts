/**
 * `@mcpkit/client/lean`: `LeanClient`, the modern client that runs the schema checks it is handed and
 * holds no others, for bundles that count their bytes. The checks `ModernClient` runs by default are
 * `resultValidators` of `@mcpkit/client/result-validators`.
 */
export { LeanClient } from './client.js';
export type { LeanClientOptions } from './options.js';
export type { ResultValidators, ResultSchemas, ResultValidatorsOption } from './validator-set.js';
