/**
 * MCP 2025-11-25, the session-based revision (the `initialize` handshake): every wire type, a
 * precompiled validator per type (`validate<Type>`), the method catalogue and the protocol
 * constants, including those only this revision has (`Mcp-Session-Id`, -32002, -32042).
 */
export * from './core/2025-11-25.js';
export * from './generated/2025-11-25/validators.js';
