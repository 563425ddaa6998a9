// Copied by tools/codegen from schema/2026-07-28/index.ts. Edit the source, then run `pnpm codegen`.
/**
 * Every wire type of MCP revision 2026-07-28, one file per area of the spec. This is the
 * canonical source from which `tools/codegen` produces the JSON Schema, validators and bindings;
 * each exported type corresponds one to one to a `$defs` entry of the official `schema.json`.
 */

export * from './json.js';
export * from './meta.js';
export * from './jsonrpc.js';
export * from './base.js';
export * from './errors.js';
export * from './capabilities.js';
export * from './pagination.js';
export * from './cancellation.js';
export * from './progress.js';
export * from './logging.js';
export * from './content.js';
export * from './discover.js';
export * from './mrtr.js';
export * from './subscriptions.js';
export * from './tools.js';
export * from './resources.js';
export * from './prompts.js';
export * from './completion.js';
export * from './sampling.js';
export * from './elicitation.js';
export * from './elicitation-schema.js';
export * from './roots.js';
export * from './unions.js';
