/**
 * `mcpHono(handler)` and `mcpGuard()`: an MCP endpoint of `@mcpkit/http` in Hono. The plain
 * one-liner `app.all('/mcp', (c) => handler(c.req.raw))` works on every runtime Hono runs on;
 * `mcpHono` adds the Host check, takes a body that an earlier middleware already read
 * (`c.req.json()`), and passes your auth middleware's result to the server as the principal.
 * `mcpGuard` is the same checks as a middleware, in front of any handler.
 */
import { handleRequest, type HttpHandler } from '@mcpkit/http';
import { jsonRpcErrorResponse } from '@mcpkit/http/internal';
import type { Context, MiddlewareHandler } from 'hono';
import { requestChecks, type GuardOptions } from './checks.js';

/** Options of {@link mcpHono}. */
export interface McpHonoOptions extends Omit<GuardOptions, 'allowedOrigins'> {
  /** The caller your authentication middleware established, as the server's principal (default `c.get('auth')`). */
  principal?: (c: Context) => unknown;
}

/**
 * The Host, Origin and declared-size checks as a Hono middleware.
 * @example app.use('/mcp', mcpGuard({ allowedHosts: ['mcp.example.com'] })); app.all('/mcp', (c) => handler(c.req.raw));
 */
export function mcpGuard(options: GuardOptions = {}): MiddlewareHandler {
  const check = requestChecks(options);
  return async (c, next) => {
    const refused = check(c.req.raw);
    if (refused !== undefined) return refused;
    await next();
  };
}

/**
 * Serves an MCP endpoint (`createHttpHandler(server)`, `dualEra(server).httpHandler()`) as a Hono handler.
 * Origins are checked by the handler itself (its `allowedOrigins`).
 * @example app.all('/mcp', mcpHono(handler, { allowedHosts: ['mcp.example.com'] }));
 */
export function mcpHono(handler: HttpHandler, options: McpHonoOptions = {}): (c: Context) => Promise<Response> {
  const check = requestChecks({ ...options, allowedOrigins: '*' });
  const principalOf = options.principal ?? ((c: Context) => c.get('auth' as never));
  return async (c) => {
    const refused = check(c.req.raw);
    if (refused !== undefined) return refused;
    let body: unknown;
    if (c.req.raw.bodyUsed) {
      // A middleware read the body through Hono (which keeps it): take what it read, as JSON.
      try {
        body = await c.req.json();
      } catch {
        return jsonRpcErrorResponse(400, undefined, -32700, 'Parse error: the body read by an earlier middleware is not JSON');
      }
    }
    return handleRequest(handler, c.req.raw, { body, principal: principalOf(c) });
  };
}
