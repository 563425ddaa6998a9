/**
 * @mcpkit/legacy: everything MCP 2025-11-25 — the dual-era server (`dualEra`) and the dual-era
 * client (`connect`), plus the version helpers both use.
 */
export * from './server/index.js';
export * from './client/index.js';
export { LEGACY_PROTOCOL_VERSIONS, KNOWN_LEGACY_VERSIONS, isLegacyVersion, negotiateLegacyVersion } from './shared/versions.js';
