/**
 * The checks an MCP endpoint needs before anything reads the body, as web-standard code shared by
 * `mcpGuard` and `mcpHono`: `Host` (DNS rebinding), `Origin` (browsers) and the declared body size.
 */
import { createHostCheck, createOriginCheck, type HostAllowList, type OriginAllowList } from '@mcpkit/http';
import { jsonRpcErrorResponse } from '@mcpkit/http/internal';

/** Options of the checks. */
export interface GuardOptions {
  /**
   * `Host` names that may reach the endpoint. Default: localhost, 127.0.0.1 and [::1] on any port;
   * list your public names when you deploy (`['mcp.example.com']`), or `'*'`.
   */
  allowedHosts?: HostAllowList;
  /** Browser origins that may call (default: local origins). Requests without `Origin` pass. */
  allowedOrigins?: OriginAllowList;
  /** Largest `Content-Length` accepted (413 above). Default: no check here (the handler has its own limit). */
  maxBodyBytes?: number;
}

/** Builds the checks once; the result answers a refused request, or undefined to go on. */
export function requestChecks(options: GuardOptions = {}): (request: Request) => Response | undefined {
  const hostAllowed = createHostCheck(options.allowedHosts);
  const originAllowed = createOriginCheck(options.allowedOrigins);
  const max = options.maxBodyBytes;
  if (max !== undefined && (!Number.isFinite(max) || max <= 0)) throw new RangeError(`maxBodyBytes must be a positive number, got ${max}`);
  return (request) => {
    const host = request.headers.get('host') ?? new URL(request.url).host;
    if (!hostAllowed(host)) return jsonRpcErrorResponse(403, undefined, -32600, `Host ${JSON.stringify(host)} is not allowed (allowedHosts)`);
    const origin = request.headers.get('origin');
    if (origin !== null && !originAllowed(origin)) return jsonRpcErrorResponse(403, undefined, -32600, `Origin ${origin} is not allowed`);
    if (max !== undefined && Number(request.headers.get('content-length') ?? 0) > max) {
      return jsonRpcErrorResponse(413, undefined, -32600, `Body larger than ${max} bytes`);
    }
    return undefined;
  };
}
