/**
 * MCP 2026-07-28, the stateless revision: every wire type, a precompiled validator per type
 * (`validate<Type>`), the method catalogue and the protocol constants.
 */
export * from './core/2026-07-28.js';
export * from './generated/2026-07-28/validators.js';
