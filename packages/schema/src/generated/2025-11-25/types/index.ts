// Copied by tools/codegen from schema/2025-11-25/index.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25 (the legacy, session-based revision): every wire type, one file per spec area.
 * This folder is the canonical source; `tools/codegen` turns it into JSON Schema, validators,
 * the method catalogue and other-language bindings.
 *
 * Catalogue tags on request and notification types: `@mcpResult <Type>` names a request's
 * result; `@mcpCapability <side>.<path>` names the capability the method needs, `server.*`
 * when the server must have declared it, `client.*` when the client must.
 */

export * from './base.js';
export * from './jsonrpc.js';
export * from './lifecycle.js';
export * from './ping.js';
export * from './capabilities.js';
export * from './content.js';
export * from './tools.js';
export * from './resources.js';
export * from './prompts.js';
export * from './completion.js';
export * from './logging.js';
export * from './progress.js';
export * from './cancellation.js';
export * from './pagination.js';
export * from './sampling.js';
export * from './elicitation.js';
export * from './elicitation-schema.js';
export * from './roots.js';
export * from './tasks.js';
export * from './errors.js';
export * from './unions.js';
