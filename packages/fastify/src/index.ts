/**
 * @mcpkit/fastify: an MCP endpoint of `@mcpkit/http` as a Fastify plugin, on the node fast lane.
 * It knows HTTP, not MCP: the handler decides everything else.
 */
export { mcpFastify, type McpFastifyOptions } from './plugin.js';
export type { MetadataHandler } from '@mcpkit/http';
