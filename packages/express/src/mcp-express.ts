/**
 * `mcpExpress(handler)`: an Express `(req, res, next)` handler for an MCP endpoint made by
 * `createHttpHandler` (or `dualEra(server).httpHandler()`). It runs on the node fast lane of
 * `@mcpkit/http` (no web Request/Response on the hot path), takes a body that `express.json()`
 * already parsed, and passes your auth middleware's result to the server as the principal.
 */
import { createHostCheck, type HttpHandler } from '@mcpkit/http';
import { jsonRpcErrorBody } from '@mcpkit/http/internal';
import { handleNodeRequest } from '@mcpkit/http/node';
import type { ServerResponse } from 'node:http';
import type { ExpressRequest, McpExpressOptions } from './options.js';

/** An Express request handler, typed on node's request and response (Express's own types extend them). */
export type ExpressHandler = (req: ExpressRequest, res: ServerResponse, next: (error?: unknown) => void) => void;

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * Mounts an MCP endpoint in Express.
 * @example app.all('/mcp', mcpExpress(createHttpHandler(server), { allowedHosts: ['mcp.example.com'] }));
 */
export function mcpExpress(handler: HttpHandler, options: McpExpressOptions = {}): ExpressHandler {
  const hostAllowed = createHostCheck(options.allowedHosts);
  const principalOf = options.principal ?? ((req: ExpressRequest) => req.auth);
  return (req, res, next) => {
    const host = req.headers.host;
    if (!hostAllowed(host)) {
      res.writeHead(403, JSON_TYPE).end(jsonRpcErrorBody(undefined, -32600, `Host ${JSON.stringify(host ?? '')} is not allowed (allowedHosts)`));
      return;
    }
    // A body-parsing middleware (a global `express.json()`) has read the stream: use what it parsed.
    const body = req.readableEnded ? req.body : undefined;
    try {
      void handleNodeRequest(handler, req, res, { body, principal: principalOf(req) });
    } catch (error) {
      next(error); // not a createHttpHandler handler: Express's error handling says so
    }
  };
}
