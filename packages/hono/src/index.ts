/**
 * @mcpkit/hono: an MCP endpoint of `@mcpkit/http` in Hono, on any runtime Hono runs on. It knows
 * HTTP, not MCP: the handler decides everything else.
 */
export { mcpHono, mcpGuard, type McpHonoOptions } from './mcp-hono.js';
export type { GuardOptions } from './checks.js';
