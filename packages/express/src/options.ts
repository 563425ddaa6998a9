import type { HostAllowList } from '@mcpkit/http';
import type { IncomingMessage } from 'node:http';

/** A node request as Express hands it to a middleware (its `body`, `auth` and `user` when something set them). */
export type ExpressRequest = IncomingMessage & { body?: unknown; auth?: unknown; user?: unknown };

/** Options of {@link mcpExpress}. */
export interface McpExpressOptions {
  /**
   * `Host` names that may reach the endpoint (DNS rebinding). Default: localhost, 127.0.0.1 and
   * [::1] on any port; list your public names when you deploy (`['mcp.example.com']`), or `'*'`.
   */
  allowedHosts?: HostAllowList;
  /**
   * The caller your authentication middleware established, handed to the MCP server as its principal
   * (`{ subject, scopes? }`). Default: `req.auth`, where bearer-token middlewares put it.
   */
  principal?: (req: ExpressRequest) => unknown;
}
