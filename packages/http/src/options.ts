/**
 * Options of `createHttpHandler`: origins and CORS, the auth hooks, and limits. The legacy plug-in
 * point, `intercept`, is the dispatcher's own (`HttpDispatcher`).
 */
import type { JsonRpcMessage, TransportInfo } from '@mcpkit/jsonrpc';
import type { CorsOptions } from './cors.js';
import type { OriginAllowList } from './origin.js';
import type { HostAllowList } from './host.js';

/** What `authenticate` established; `principal` reaches the dispatcher as `ctx.transport.principal`. */
export interface Authenticated {
  principal: unknown;
}

/**
 * What `intercept` sees of the HTTP request: its head. A web `Request` is one; the node adapter's
 * fast lane passes a view over node's parsed head instead, so serving a dual-era endpoint builds
 * no web `Request` per POST (`context.request()` builds one when a hook needs it).
 */
export interface InterceptRequest {
  /** The HTTP method, uppercase. */
  readonly method: string;
  /** The request URL. */
  readonly url: string;
  /** Request headers, looked up case-insensitively. */
  readonly headers: { get(name: string): string | null; has(name: string): boolean };
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
}

/** What the legacy hook learns besides the request head and its parsed body. */
export interface InterceptContext {
  /** What `authenticate` returned (undefined without an `authenticate` hook). */
  readonly principal: unknown;
  /** The transport facts a modern dispatch would get (`name: 'http'`, header lookup, principal). */
  readonly transport: TransportInfo;
  /** The peer's IP address when the host knows it (the node adapter does; a fetch handler alone does not). */
  readonly clientAddress: string | undefined;
  /** The request as a web `Request` (built on first call on node; the body of a POST is consumed). */
  request(): Request;
}

/**
 * `HttpDispatcher.intercept`: consulted for GET and DELETE (405 when it returns undefined) and for
 * every well-formed POST message after parsing, before the modern checks. Returning a Response takes
 * the request over. The body of a POST has been consumed: the parsed message is `body`.
 */
export type InterceptHook = (request: InterceptRequest, body: unknown, context: InterceptContext) => Promise<Response | undefined> | Response | undefined;

/**
 * Runs after the Origin and method checks, before the body is read (it must not read the body).
 * Return the principal, or a Response (401/403 with `WWW-Authenticate`) to refuse the request.
 */
export type AuthenticateHook = (request: Request) => Promise<Authenticated | Response> | Authenticated | Response;

/**
 * Per-operation authorization: runs once the POSTed body is one well-formed JSON-RPC message, before
 * `intercept`, the modern checks and dispatch, so it sees what is asked (`method`, `params`) and who
 * asks (`authenticate`'s principal; undefined without that hook). Return a Response (say 403 with
 * `WWW-Authenticate: Bearer error="insufficient_scope"`) to refuse, sent as it is; undefined to go on.
 * GET and DELETE carry no message and are not consulted. This package gives it no meaning of its own.
 */
export type AuthorizeHook = (principal: unknown, message: JsonRpcMessage, request: Request) => Promise<Response | undefined> | Response | undefined;

/**
 * Resource limits; every one has a safe default. Each class of traffic has its own budget, so slow
 * uploads, long-lived streams and short requests never starve each other (see the README's table).
 */
export interface HttpLimits {
  /** Largest accepted request body, in bytes (413 above). Default 4 MiB. */
  maxBodyBytes: number;
  /**
   * Bytes of an oversized body read and thrown away after the 413, so that fetch clients (which
   * cannot read a reply while they are still uploading) see it; beyond it the connection is closed.
   * Default 64 MiB.
   */
  maxDiscardBytes: number;
  /**
   * Time from the request's arrival until its whole body must have arrived, in ms (408 after it).
   * Default 10 s.
   */
  bodyTimeoutMs: number;
  /**
   * Requests being served at once (from a full body until the reply ends), SSE replies included,
   * `subscriptions/listen` streams and legacy GET streams not (503 above). Default 1024.
   */
  maxConcurrent: number;
  /**
   * Long-lived streams open at once: `subscriptions/listen` requests, and GET streams served through
   * the dispatcher's `intercept` (legacy sessions). 503 above, with `Retry-After`. Default 1024.
   */
  maxListenStreams: number;
  /** Bytes an SSE reply may queue for a client that does not read; above it the request is cancelled. Default 1 MiB. */
  maxStreamBufferBytes: number;
  /** How long an SSE reply may stay blocked on a client that does not read before it is cancelled. Default 30 s. */
  stallTimeoutMs: number;
  /** Quiet time after which an SSE reply gets a keep-alive comment. Default 15 s. */
  keepAliveMs: number;
}

/** Options of `createHttpHandler`. */
export interface HttpHandlerOptions {
  /** Browser origins allowed to call (default: localhost, 127.0.0.1 and [::1] on any port). Requests without Origin always pass. */
  allowedOrigins?: OriginAllowList;
  /**
   * `Host` names that may reach the endpoint (DNS rebinding), checked first; a refusal is a 403.
   * Default: no check here (a Workers or Deno Deploy endpoint is reached by its public name); the
   * framework adapters check localhost by default, and an adapter's own `allowedHosts` replaces this.
   */
  allowedHosts?: HostAllowList;
  /** Opt-in CORS for browser clients (preflight, exposed and allowed MCP headers). Default off. */
  cors?: boolean | CorsOptions;
  /** Authentication hook; see {@link AuthenticateHook}. */
  authenticate?: AuthenticateHook;
  /** Per-operation authorization after parsing; see {@link AuthorizeHook}. */
  authorize?: AuthorizeHook;
  /** Resource limits. */
  limits?: Partial<HttpLimits>;
  /** Told about failures no client will see (a throwing dispatcher or hook). */
  onError?: (error: unknown) => void;
}

/** The defaults of {@link HttpLimits}. */
export const DEFAULT_LIMITS: Readonly<HttpLimits> = Object.freeze({
  maxBodyBytes: 4 * 1024 * 1024,
  maxDiscardBytes: 64 * 1024 * 1024,
  bodyTimeoutMs: 10_000,
  maxConcurrent: 1024,
  maxListenStreams: 1024,
  maxStreamBufferBytes: 1024 * 1024,
  stallTimeoutMs: 30_000,
  keepAliveMs: 15_000,
});

/** Applies defaults and rejects nonsense limits early, at construction. */
export function resolveLimits(limits: Partial<HttpLimits> | undefined): HttpLimits {
  const out = { ...DEFAULT_LIMITS, ...limits };
  for (const [key, value] of Object.entries(out)) {
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`limits.${key} must be a positive number, got ${value}`);
  }
  return out;
}
