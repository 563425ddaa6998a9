/**
 * `createRequestGuard`: the checks an MCP endpoint runs before anything reads a body (`Host`
 * against DNS rebinding, `Origin` for browsers, the declared body size), as one web-standard
 * function, for a middleware in front of any handler. The endpoint of `createHttpHandler` runs the
 * same checks itself (its `allowedHosts`, `allowedOrigins` and `limits.maxBodyBytes`), with the same
 * answers: the guard is for what stands in front of something else.
 */
import { createHostCheck, type HostAllowList } from './host.js';
import { createOriginCheck, type OriginAllowList } from './origin.js';
import { ErrorCode } from './protocol.js';
import { jsonRpcErrorResponse } from './responses.js';

/** Options of {@link createRequestGuard}. */
export interface RequestGuardOptions {
  /**
   * `Host` names that may reach the endpoint. Default: localhost, 127.0.0.1 and [::1] on any port;
   * list your public names when you deploy (`['mcp.example.com']`), or `'*'`.
   */
  allowedHosts?: HostAllowList;
  /** Browser origins that may call (default: local origins). Requests without `Origin` pass. */
  allowedOrigins?: OriginAllowList;
  /** Largest `Content-Length` accepted (413 above). Default: no check here (the endpoint has its own limit). */
  maxBodyBytes?: number;
}

/** The message of a refused `Host` (403), the same from the endpoint and from a guard. */
export function hostRefusal(host: string | null | undefined): string {
  return `Host ${JSON.stringify(host ?? '')} is not allowed (allowedHosts)`;
}

/** The message of a refused `Origin` (403), the same from the endpoint and from a guard. */
export function originRefusal(origin: string): string {
  return `Origin ${origin} is not allowed`;
}

/**
 * Builds the checks once; the result answers a refused request (403 or 413 with a JSON-RPC error
 * body), or returns undefined to go on.
 * @example const refused = createRequestGuard({ allowedHosts: ['mcp.example.com'] })(request); if (refused) return refused;
 */
export function createRequestGuard(options: RequestGuardOptions = {}): (request: Request) => Response | undefined {
  const hostAllowed = createHostCheck(options.allowedHosts);
  const originAllowed = createOriginCheck(options.allowedOrigins);
  const max = options.maxBodyBytes;
  if (max !== undefined && (!Number.isFinite(max) || max <= 0)) throw new RangeError(`maxBodyBytes must be a positive number, got ${max}`);
  return (request) => {
    const host = request.headers.get('host') ?? new URL(request.url).host;
    if (!hostAllowed(host)) return jsonRpcErrorResponse(403, undefined, ErrorCode.InvalidRequest, hostRefusal(host));
    const origin = request.headers.get('origin');
    if (origin !== null && !originAllowed(origin)) return jsonRpcErrorResponse(403, undefined, ErrorCode.InvalidRequest, originRefusal(origin));
    if (max !== undefined && Number(request.headers.get('content-length') ?? 0) > max) {
      return jsonRpcErrorResponse(413, undefined, ErrorCode.InvalidRequest, `Body larger than ${max} bytes, the most this server accepts`, {
        maxBodyBytes: max,
      });
    }
    return undefined;
  };
}
