// Copied by tools/codegen from schema/extensions/tasks/index.ts. Edit the source, then run `pnpm codegen`.
/**
 * The wire types of the tasks extension (`io.modelcontextprotocol/tasks`), on top of MCP 2026-07-28.
 * `tools/codegen` produces their JSON Schema, validators and method catalogue from this folder.
 */

export * from './tasks.js';
