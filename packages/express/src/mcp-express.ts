/**
 * `mcpExpress(endpoint)`: an Express `(req, res, next)` handler for any MCP endpoint
 * (`createHttpHandler(server)`, `dualEra(server).httpHandler()`, a router of them). A thin hand-over:
 * the endpoint runs on the node lane of `@mcpkit/http` (no web Request/Response on the hot path) and
 * does every check itself (Host with this adapter's `allowedHosts`, Origin, size); the adapter only
 * hands over a body that `express.json()` already parsed and your auth middleware's principal.
 */
import { createHostCheck, type HttpHandler, type WebHandler } from '@mcpkit/http';
import { handleNodeRequest } from '@mcpkit/http/node';
import type { ServerResponse } from 'node:http';
import type { ExpressRequest, McpExpressOptions } from './options.js';

/** An Express request handler, typed on node's request and response (Express's own types extend them). */
export type ExpressHandler = (req: ExpressRequest, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * Mounts an MCP endpoint in Express.
 * @example app.all('/mcp', mcpExpress(createHttpHandler(server), { allowedHosts: ['mcp.example.com'] }));
 */
export function mcpExpress(handler: HttpHandler | WebHandler, options: McpExpressOptions = {}): ExpressHandler {
  const hostAllowed = createHostCheck(options.allowedHosts);
  const principalOf = options.principal ?? ((req: ExpressRequest) => req.auth);
  return (req, res) => {
    // A body-parsing middleware (a global `express.json()`) has read the stream: use what it parsed.
    const body = req.readableEnded ? req.body : undefined;
    void handleNodeRequest(handler, req, res, { body, principal: principalOf(req), hostAllowed });
  };
}
