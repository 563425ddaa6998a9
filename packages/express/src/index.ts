/**
 * @mcpkit/express: an MCP endpoint of `@mcpkit/http` mounted in Express, on the node fast lane.
 * It knows HTTP, not MCP: the handler decides everything else.
 */
export { mcpExpress, type ExpressHandler } from './mcp-express.js';
export { mcpMetadata } from './metadata.js';
export type { MetadataHandler } from '@mcpkit/http';
export type { ExpressRequest, McpExpressOptions } from './options.js';
