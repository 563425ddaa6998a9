/**
 * @mcpkit/express: an MCP endpoint of `@mcpkit/http` mounted in Express, on the node fast lane.
 * It knows HTTP, not MCP: the handler decides everything else.
 */
export { mcpExpress, type ExpressHandler } from './mcp-express.js';
export { mcpMetadata, type MetadataHandler } from './metadata.js';
export type { ExpressRequest, McpExpressOptions } from './options.js';
