/**
 * The wire types of the tasks extension (`io.modelcontextprotocol/tasks`), on top of MCP 2026-07-28.
 * `tools/codegen` produces their JSON Schema, validators and method catalogue from this folder.
 */

export * from './tasks.js';
