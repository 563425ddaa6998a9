/**
 * The skills extension (`io.modelcontextprotocol/skills`, SEP-2640) on MCP 2026-07-28: its wire
 * types, a precompiled validator per type (`validate<Type>`), its method catalogue and its identifier.
 */
export type * from '../generated/extensions/skills/types/index.js';
export * from '../generated/extensions/skills/validators.js';
export * from '../generated/extensions/skills/catalogue.js';
export * from '../generated/extensions/skills/constants.js';
export type { ExtensionMethodInfo } from '../method-info.js';
