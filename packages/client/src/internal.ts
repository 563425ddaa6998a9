/**
 * `@mcpkit/client/internal`: what the legacy session client of `@mcpkit/legacy` builds on as it
 * is. Outside semver: any release may change or remove these.
 */
export { ToolOutputChecker, type OutputSchemaCompiler } from './tool-output-checker.js';
export { compileOutputSchema, OUTPUT_SCHEMA_DIALECTS, type OutputCheck } from './output-schema.js';
export { filterAllows } from './listen-filter.js';
export { walkPages, walkList, type Page } from './pagination.js';
export { NotificationQueue } from './notification-queue.js';
export { ProgressRouter } from './progress.js';
export { MODERN_PROTOCOL_VERSIONS } from './versions.js';
