/**
 * `mcpHono(endpoint)` and `mcpGuard()`: an MCP endpoint of `@mcpkit/http` in Hono. The plain
 * one-liner `app.all('/mcp', (c) => endpoint(c.req.raw))` works on every runtime Hono runs on;
 * `mcpHono` is a thin hand-over: the endpoint runs the Host check (with this adapter's
 * `allowedHosts`) and every other check itself; the adapter hands over a body an earlier middleware
 * already read (`c.req.json()`) and your auth middleware's result as the principal.
 * `mcpGuard` is the core's `createRequestGuard` as a middleware, in front of any handler.
 */
import { createHostCheck, createRequestGuard, handleRequest, type HttpHandler, type WebHandler } from '@mcpkit/http';
import { jsonRpcErrorResponse } from '@mcpkit/http/toolkit';
import type { Context, MiddlewareHandler } from 'hono';
import type { GuardOptions } from './checks.js';

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
  const check = createRequestGuard(options);
  return async (c, next) => {
    const refused = check(c.req.raw);
    if (refused !== undefined) return refused;
    await next();
  };
}

/**
 * Serves any MCP endpoint (`createHttpHandler(server)`, `dualEra(server).httpHandler()`) as a Hono
 * handler. Origins are checked by the endpoint itself (its `allowedOrigins`).
 * @example app.all('/mcp', mcpHono(endpoint, { allowedHosts: ['mcp.example.com'] }));
 */
export function mcpHono(handler: HttpHandler | WebHandler, options: McpHonoOptions = {}): (c: Context) => Promise<Response> {
  const hostAllowed = createHostCheck(options.allowedHosts);
  const guard =
    options.maxBodyBytes === undefined ? undefined : createRequestGuard({ allowedHosts: '*', allowedOrigins: '*', maxBodyBytes: options.maxBodyBytes });
  const principalOf = options.principal ?? ((c: Context) => c.get('auth' as never));
  return async (c) => {
    const refused = guard?.(c.req.raw);
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
    return handleRequest(handler, c.req.raw, { body, principal: principalOf(c), hostAllowed });
  };
}
