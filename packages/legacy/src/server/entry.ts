/**
 * `@mcpkit/legacy/server`: the dual-era server (`dualEra`) and the version helpers, without the
 * client. Nothing here reaches `@mcpkit/stdio` or a `node:` module, so it bundles for Workers,
 * Deno and browsers; `@mcpkit/legacy` (the root) re-exports all of it next to `connect()`.
 */
export * from './index.js';
export { LEGACY_PROTOCOL_VERSIONS, KNOWN_LEGACY_VERSIONS, isLegacyVersion, negotiateLegacyVersion } from '../shared/versions.js';
