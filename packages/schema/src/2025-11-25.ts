/**
 * MCP 2025-11-25, the session-based revision (the `initialize` handshake): every wire type, a
 * precompiled validator per type (`validate<Type>`), the method catalogue and the protocol
 * constants, including those only this revision has (`Mcp-Session-Id`, -32002, -32042).
 */
export type * from './generated/2025-11-25/types/index.js';
export * from './generated/2025-11-25/validators.js';
export * from './generated/2025-11-25/catalogue.js';
export * from './generated/2025-11-25/constants.js';
export { formatErrors } from './format-errors.js';
export type { ValidationError, Validator } from './validator.js';
export type { CapabilityRef, MethodInfo, ProtocolVersion } from './method-info.js';
