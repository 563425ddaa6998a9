/**
 * The tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) on MCP 2026-07-28: its wire types,
 * a precompiled validator per type (`validate<Type>`), its method catalogue and its identifier.
 */
export type * from '../generated/extensions/tasks/types/index.js';
export * from '../generated/extensions/tasks/validators.js';
export * from '../generated/extensions/tasks/catalogue.js';
export * from '../generated/extensions/tasks/constants.js';
export type { ExtensionMethodInfo } from '../method-info.js';
