/**
 * @mcpkit/legacy: everything MCP 2025-11-25 — the dual-era server (`dualEra`) and the dual-era
 * client (`connect`), plus the version helpers both use. The server alone, for Workers and other
 * edge bundles, is `@mcpkit/legacy/server`.
 */
export * from './server/entry.js';
export * from './client/index.js';
