/**
 * `createHttpHandler`: the Streamable HTTP (2026-07-28) server as one `(Request) => Promise<Response>`.
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx
 *
 * Checks run cheapest first: Origin → method → authenticate → Content-Type → Accept → body (size,
 * deadline) → JSON parse → JSON-RPC shape → budget (requests in flight, or listen streams) →
 * authorize → intercept (legacy) → mirrored headers → dispatch. Each refusal has its own status and,
 * where useful, a JSON-RPC error body. `_meta` itself is the dispatcher's to check (once, on every
 * transport); its refusal of a request without a modern `_meta` is a 400 here.
 *
 * Budgets are separate (issue 15): a body still arriving holds no slot (it has its own deadline),
 * and long-lived streams (`subscriptions/listen`, GET streams of `intercept`) have their own cap,
 * so neither slow uploads nor open streams can make short requests wait.
 */
import {
  classify,
  messageKind,
  type Dispatcher,
  type InvalidOutcome,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type RequestId,
  type TransportInfo,
} from '@mcpkit/jsonrpc';
import { parseJsonBody } from './body.js';
import { CorsPolicy } from './cors.js';
import { headerParamsOf, interceptOf, nameSourceOf, type HttpDispatcher } from './dispatcher.js';
import { makeHttpHandler, toHttpHandler, type HttpHandler, type WebHandler } from './endpoint.js';
import { TIMED_OUT, TOO_LARGE, type Exchange, type HandOver } from './exchange.js';
import { createHostCheck } from './host.js';
import { acceptsJsonAndSse, isJsonContentType } from './negotiation.js';
import { DEFAULT_LIMITS, resolveLimits, type HttpHandlerOptions, type HttpLimits, type InterceptContext, type InterceptHook } from './options.js';
import { createOriginCheck } from './origin.js';
import { ErrorCode } from './protocol.js';
import type { PeerGoneListener } from './exchange.js';
import { PostContext, type ContextOwner } from './post-context.js';
import { checkRequest } from './request-checks.js';
import { hostRefusal, originRefusal } from './request-guard.js';
import { JSON_HEADERS, jsonRpcErrorBody } from './responses.js';
import { Ticker } from './ticker.js';
import { WebExchange } from './web-exchange.js';

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** The transport facts of a request that is not dispatched by us (intercepted, or a notification). */
class ExchangeInfo implements TransportInfo {
  readonly name = 'http';
  constructor(
    private readonly exchange: Exchange,
    readonly principal: unknown,
  ) {}
  header(name: string): string | null {
    return this.exchange.header(name.toLowerCase());
  }
}

/** What `intercept` learns; the web `Request` is built only if the hook asks for it. */
class ExchangeInterceptContext implements InterceptContext {
  readonly transport: TransportInfo;
  constructor(
    private readonly exchange: Exchange,
    readonly principal: unknown,
  ) {
    this.transport = new ExchangeInfo(exchange, principal);
  }
  get clientAddress(): string | undefined {
    return this.exchange.clientAddress;
  }
  request(): Request {
    return this.exchange.request();
  }
}

const LISTEN = 'subscriptions/listen';

class HandlerCore implements ContextOwner {
  readonly limits: HttpLimits;
  readonly ticker: Ticker;
  private inFlight = 0;
  private streams = 0;
  private readonly originAllowed: (origin: string) => boolean;
  private readonly hostAllowed: ((host: string | null | undefined) => boolean) | undefined;
  private closed = false;
  private readonly cors: CorsPolicy | undefined;
  private readonly headerParams: HttpDispatcher['headerParams'] | undefined;
  private readonly nameSource: HttpDispatcher['nameSource'] | undefined;
  private readonly intercept: InterceptHook | undefined;
  private readonly otherMethods: string;

  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly options: HttpHandlerOptions,
  ) {
    this.limits = resolveLimits(options.limits);
    this.ticker = new Ticker(Math.max(10, Math.floor(Math.min(this.limits.keepAliveMs, this.limits.stallTimeoutMs) / 2)));
    this.originAllowed = createOriginCheck(options.allowedOrigins);
    this.hostAllowed = options.allowedHosts === undefined ? undefined : createHostCheck(options.allowedHosts);
    this.cors = options.cors ? new CorsPolicy(options.cors === true ? {} : options.cors) : undefined;
    this.headerParams = headerParamsOf(dispatcher);
    this.nameSource = nameSourceOf(dispatcher);
    this.intercept = interceptOf(dispatcher);
    this.otherMethods = this.intercept ? 'POST, GET, DELETE' : 'POST';
  }

  release(stream: boolean): void {
    if (stream) this.streams--;
    else this.inFlight--;
  }

  /** Takes a slot of the request budget (or the stream budget); false when it is spent. */
  private acquire(stream: boolean): boolean {
    if (stream) {
      if (this.streams >= this.limits.maxListenStreams) return false;
      this.streams++;
    } else {
      if (this.inFlight >= this.limits.maxConcurrent) return false;
      this.inFlight++;
    }
    return true;
  }

  private busy(ex: Exchange, stream: boolean, cors: Record<string, string> | undefined): void {
    const message = stream
      ? `Server busy: ${this.limits.maxListenStreams} listen streams are open, the most it serves; listen again later`
      : `Server busy: ${this.limits.maxConcurrent} requests are in flight, the most it serves; retry later`;
    const data = {
      limit: stream ? 'maxListenStreams' : 'maxConcurrent',
      max: stream ? this.limits.maxListenStreams : this.limits.maxConcurrent,
      retryAfterMs: 1000,
    };
    ex.respond(503, { ...JSON_HEADERS, ...cors, 'retry-after': '1' }, jsonRpcErrorBody(undefined, ErrorCode.InternalError, message, data));
  }

  private fail(ex: Exchange, status: number, id: RequestId | undefined, code: number, message: string, cors?: Record<string, string>, data?: unknown): void {
    ex.respond(status, cors ? { ...JSON_HEADERS, ...cors } : JSON_HEADERS, jsonRpcErrorBody(id, code, message, data));
  }

  private crashed(ex: Exchange, error: unknown): void {
    this.options.onError?.(error);
    try {
      this.fail(ex, 500, undefined, ErrorCode.InternalError, 'Internal error');
    } catch {
      // the reply had already started; nothing more can be said
    }
  }

  async serve(ex: Exchange, given?: HandOver): Promise<void> {
    try {
      await this.serveChecked(ex, given);
    } catch (error) {
      this.crashed(ex, error);
    }
  }

  /** Stops taking requests and ends every open stream (each leaves the ticker as it ends). */
  close(): void {
    this.closed = true;
    for (const stream of this.ticker.targets()) (stream as Partial<PeerGoneListener>).peerGone?.();
  }

  private async serveChecked(ex: Exchange, given: HandOver | undefined): Promise<void> {
    // The Host check (DNS rebinding) of the adapter that mounted us, or our own `allowedHosts`.
    const hostAllowed = given?.hostAllowed ?? this.hostAllowed;
    if (hostAllowed !== undefined) {
      const host = ex.header('host');
      if (!hostAllowed(host)) return this.fail(ex, 403, undefined, ErrorCode.InvalidRequest, hostRefusal(host));
    }
    if (this.closed) {
      return ex.respond(503, { ...JSON_HEADERS, 'retry-after': '1' }, jsonRpcErrorBody(undefined, ErrorCode.InternalError, 'The endpoint is closing'));
    }
    const origin = ex.header('origin');
    let cors: Record<string, string> | undefined;
    if (origin !== null) {
      // spec: a present but invalid Origin gets 403 (DNS rebinding)
      if (!this.originAllowed(origin)) return this.fail(ex, 403, undefined, ErrorCode.InvalidRequest, originRefusal(origin));
      if (this.cors) cors = this.cors.replyHeaders(origin);
    }
    const method = ex.method;
    if (method !== 'POST') return this.serveOther(ex, method, origin, cors, given?.principal);

    // A framework's principal stands unless an `authenticate` hook is configured too: then the hook decides.
    let principal: unknown = given?.principal;
    if (this.options.authenticate) {
      const outcome = await this.options.authenticate(ex.request());
      if (outcome instanceof Response) return ex.respondWith(outcome, cors);
      principal = outcome.principal;
    }
    if (!isJsonContentType(ex.header('content-type'))) {
      return this.fail(ex, 415, undefined, ErrorCode.InvalidRequest, 'Content-Type must be application/json', cors);
    }
    if (!acceptsJsonAndSse(ex.header('accept'))) {
      return this.fail(ex, 406, undefined, ErrorCode.InvalidRequest, 'Accept must list application/json and text/event-stream', cors);
    }
    let body: unknown;
    if (given?.body !== undefined) {
      // Parsed by the framework: its size is what the request declared (the framework enforced its own limit while reading).
      const max = this.limits.maxBodyBytes;
      if (Number(ex.header('content-length') ?? 0) > max) {
        return this.fail(ex, 413, undefined, ErrorCode.InvalidRequest, `Body larger than ${max} bytes, the most this server accepts`, cors, {
          maxBodyBytes: max,
        });
      }
      body = given.body;
    } else {
      const bytes = await ex.readBody(this.limits);
      if (bytes === TOO_LARGE) {
        const max = this.limits.maxBodyBytes;
        return this.fail(ex, 413, undefined, ErrorCode.InvalidRequest, `Body larger than ${max} bytes, the most this server accepts`, cors, {
          maxBodyBytes: max,
        });
      }
      if (bytes === TIMED_OUT) {
        const ms = this.limits.bodyTimeoutMs;
        return this.fail(ex, 408, undefined, ErrorCode.InvalidRequest, `The request body did not arrive within ${ms} ms`, cors, { bodyTimeoutMs: ms });
      }
      const parsed = parseJsonBody(bytes);
      if (!parsed.ok) return this.fail(ex, 400, undefined, ErrorCode.ParseError, `Parse error: ${parsed.reason}`, cors);
      body = parsed.value;
    }
    const kind = messageKind(body);
    if (kind === 'invalid') {
      const { error } = classify(body) as InvalidOutcome;
      return this.fail(ex, 400, error.id ?? undefined, error.error.code, error.error.message, cors);
    }
    const stream = kind === 'request' && (body as JsonRpcRequest).method === LISTEN;
    if (!this.acquire(stream)) return this.busy(ex, stream, cors);
    let owned = false;
    try {
      owned = await this.servePost(ex, body as JsonRpcMessage, kind, stream, principal, cors);
    } finally {
      if (!owned) this.release(stream);
    }
  }

  /** Returns true when a PostContext took over the budget slot. */
  private async servePost(
    ex: Exchange,
    body: JsonRpcMessage,
    kind: 'request' | 'notification' | 'response',
    stream: boolean,
    principal: unknown,
    cors: Record<string, string> | undefined,
  ): Promise<boolean> {
    if (this.options.authorize) {
      // After parsing (the operation is known), before either era looks at it: one refusal for both.
      const refused = await this.options.authorize(principal, body, ex.request());
      if (refused !== undefined) {
        await ex.respondWith(refused, cors);
        return false;
      }
    }
    if (this.intercept) {
      const taken = await this.intercept(ex.head(), body, new ExchangeInterceptContext(ex, principal));
      if (taken !== undefined) {
        await ex.respondWith(taken, cors);
        return false;
      }
    }
    if (kind === 'notification') {
      this.dispatcher.notification?.(body as JsonRpcNotification, { transport: new ExchangeInfo(ex, principal) });
      ex.respond(202, cors ?? NO_HEADERS, null);
      return false;
    }
    if (kind === 'response') {
      this.fail(ex, 400, undefined, ErrorCode.InvalidRequest, 'Invalid Request: clients send no responses in 2026-07-28', cors);
      return false;
    }
    const request = body as JsonRpcRequest;
    const refused = checkRequest(request, ex, this.headerParams, this.nameSource);
    if (refused !== undefined) {
      this.fail(ex, 400, request.id, ErrorCode.HeaderMismatch, refused, cors);
      return false;
    }
    void this.dispatch(ex, request, stream, principal, cors);
    return true;
  }

  private async dispatch(ex: Exchange, request: JsonRpcRequest, stream: boolean, principal: unknown, cors: Record<string, string> | undefined): Promise<void> {
    const ctx = new PostContext(this, ex, request.id, principal, cors, stream);
    ex.watchAbort(ctx);
    let response: JsonRpcResponse | null;
    let failed = false;
    try {
      response = await this.dispatcher.dispatch(request, ctx);
    } catch (error) {
      this.options.onError?.(error);
      response = { jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.InternalError, message: 'Internal error' } };
      failed = true;
    }
    try {
      ctx.complete(response, failed);
    } catch (error) {
      this.crashed(ex, error);
    }
  }

  private async serveOther(
    ex: Exchange,
    method: string,
    origin: string | null,
    cors: Record<string, string> | undefined,
    givenPrincipal: unknown,
  ): Promise<void> {
    if (method === 'OPTIONS' && this.cors && origin !== null) {
      const requested = ex.header('access-control-request-headers');
      if (!this.cors.allowsRequestHeaders(requested)) return ex.respond(403, NO_HEADERS, null);
      return ex.respond(204, this.cors.preflightHeaders(origin, requested, this.otherMethods), null);
    }
    const intercept = this.intercept;
    if (intercept && (method === 'GET' || method === 'DELETE')) {
      let principal: unknown = givenPrincipal;
      if (this.options.authenticate) {
        const outcome = await this.options.authenticate(ex.request());
        if (outcome instanceof Response) return ex.respondWith(outcome, cors);
        principal = outcome.principal;
      }
      // A GET is a long-lived stream (a legacy session's): it counts against the stream budget.
      const stream = method === 'GET';
      if (!this.acquire(stream)) return this.busy(ex, stream, cors);
      try {
        const taken = await intercept(ex.head(), undefined, new ExchangeInterceptContext(ex, principal));
        if (taken !== undefined) return await ex.respondWith(taken, cors);
      } finally {
        this.release(stream);
      }
    }
    // spec: GET and DELETE on a modern-only endpoint get 405
    ex.respond(405, { ...cors, allow: 'POST' }, null);
  }
}

/**
 * Serves a `Dispatcher` over Streamable HTTP as a web-standard handler; what an `HttpDispatcher`
 * offers (`headerParams`, `intercept`) is used.
 * @example
 * const handler = createHttpHandler(server);            // McpServer, or dualEra(server) for both eras
 * export default { fetch: handler };                     // Workers / Bun / Deno
 */
export function createHttpHandler(dispatcher: Dispatcher | HttpDispatcher, options: HttpHandlerOptions = {}): HttpHandler {
  const core = new HandlerCore(dispatcher, options);
  return makeHttpHandler(
    (request) => {
      const exchange = new WebExchange(request);
      void core.serve(exchange);
      return exchange.response;
    },
    (exchange, given) => core.serve(exchange, given),
    async () => core.close(),
  );
}

/**
 * Serves `request` through any endpoint, with what a framework already did: its parsed JSON body
 * (when it consumed the stream), its principal, its Host check. This is what web-standard framework
 * adapters build on; a plain `endpoint(request)` is the same call with nothing handed over.
 * @example const response = await handleRequest(endpoint, c.req.raw, { body: await c.req.json(), principal: c.get('auth') });
 */
export function handleRequest(handler: HttpHandler | WebHandler, request: Request, given: HandOver = {}): Promise<Response> {
  const exchange = new WebExchange(request);
  void toHttpHandler(handler).serve(exchange, given);
  return exchange.response;
}

export { DEFAULT_LIMITS };
