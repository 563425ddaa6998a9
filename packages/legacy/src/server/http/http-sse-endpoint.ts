/**
 * The 2024-11-05 HTTP+SSE transport on the server side, for operators whose clients still speak
 * it (opt-in: `dualEra(server, { http: { sse: {} } })`). `GET <path>` opens a session's stream,
 * whose first event `endpoint` names `<messagePath>?sessionId=<id>`; every client message is POSTed
 * there and answered `202 Accepted`, while responses, server requests and notifications go on the
 * stream. The session is a channel like a stdio one (the same legacy session code serves it); it
 * takes a place in the `SessionStore` from its GET on, so the store's caps (in all and per client
 * address), idle expiry and principal binding apply to it as to Streamable HTTP sessions, and it is
 * held in use (never evicted) on the Streamable HTTP side's lease loop while its stream is open. The
 * stream is the session (the revision has no resumption): when it closes, the session ends.
 * spec: 2024-11-05 basic/transports.mdx ("HTTP with SSE"); 2025-11-25/pages/basic/transports.mdx ("Backwards Compatibility")
 */
import { clientAddressOf, createOriginCheck, DEFAULT_LIMITS, type HttpHandlerOptions } from '@mcpkit/http';
import { encodeSseEvent, isJsonContentType, jsonRpcErrorResponse, parseJsonBody, readBodyWithin, SseResponse, Ticker } from '@mcpkit/http/toolkit';
import {
  JsonRpcErrorCode,
  IncomingRequests,
  isRequestId,
  messageKind,
  type Dispatcher,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type PeerChannel,
  type TransportInfo,
} from '@mcpkit/jsonrpc';
import type { ResolvedOptions } from '../options.js';
import { mintSessionId } from './session-id.js';
import type { SessionStore } from './session-store.js';
import type { SessionStreams } from './session-streams.js';
import { principalKey } from './stored-session.js';

/** Where the HTTP+SSE transport is served. */
export interface HttpSseOptions {
  /** The path of the SSE stream (GET). Default `/sse`. */
  path?: string;
  /** The path messages are POSTed to (with `?sessionId=`). Default `/messages`. */
  messagePath?: string;
}

/** One HTTP+SSE session: its stream, the channel the legacy session code sees, its requests in flight. */
interface SseSession {
  readonly id: string;
  readonly principal: string | undefined;
  readonly connection: SseResponse;
  readonly peer: PeerChannel;
  readonly requests: IncomingRequests;
  readonly context: { transport: TransportInfo; peer: PeerChannel };
  readonly closeHandlers: Array<() => void>;
  /** Ends the session's in-use mark. */
  readonly release: () => void;
}

/** The body limits of the message endpoint (those of the Streamable HTTP handler's options). */
interface BodyLimits {
  readonly maxBodyBytes: number;
  readonly bodyTimeoutMs: number;
}

/** Requests in flight per session before a POST is refused with 503. */
const MAX_IN_FLIGHT = 256;

/** The HTTP+SSE endpoint of one dual-era server. */
export class HttpSseEndpoint {
  readonly path: string;
  readonly messagePath: string;
  private readonly sessions = new Map<string, SseSession>();
  private readonly store: SessionStore;
  private stopSignals: Promise<() => void> | undefined;
  /** One timer for the keep-alives of every open stream; it runs only while one is open. */
  private readonly ticker: Ticker;

  /**
   * `host` keeps the sessions in use (its lease loop); `started` tells whether `initialize`
   * succeeded on a session's channel (only then does `notifications/initialized` count).
   */
  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly host: Pick<SessionStreams, 'store' | 'hold'>,
    private readonly options: ResolvedOptions,
    paths: HttpSseOptions,
    private readonly started: (sessionId: string) => boolean,
  ) {
    this.store = host.store;
    this.ticker = new Ticker(Math.max(50, Math.floor(options.keepAliveMs / 2)));
    this.path = paths.path ?? '/sse';
    this.messagePath = paths.messagePath ?? '/messages';
    if (!this.path.startsWith('/') || !this.messagePath.startsWith('/') || this.path === this.messagePath) {
      throw new RangeError('dualEra: http.sse.path and http.sse.messagePath must be two different absolute paths');
    }
  }

  /** Whether `request` is for this endpoint (its path is the stream's or the message path). */
  matches(request: Request): boolean {
    const path = new URL(request.url).pathname;
    return path === this.path || path === this.messagePath;
  }

  /**
   * A web handler for both paths, with the Origin check, authentication, authorization, body limit
   * and body deadline of `handlerOptions` (the options the Streamable HTTP handler is given).
   */
  handler(handlerOptions: HttpHandlerOptions = {}): (request: Request) => Promise<Response> {
    const originAllowed = createOriginCheck(handlerOptions.allowedOrigins);
    const body: BodyLimits = {
      maxBodyBytes: handlerOptions.limits?.maxBodyBytes ?? DEFAULT_LIMITS.maxBodyBytes,
      bodyTimeoutMs: handlerOptions.limits?.bodyTimeoutMs ?? DEFAULT_LIMITS.bodyTimeoutMs,
    };
    return async (request) => {
      // As on the Streamable HTTP endpoint, the deadline counts from the request's arrival.
      const deadline = Date.now() + body.bodyTimeoutMs;
      const origin = request.headers.get('origin');
      // 2024-11-05 transports.mdx "Security Warning": validate Origin on every connection.
      if (origin !== null && !originAllowed(origin))
        return jsonRpcErrorResponse(403, undefined, JsonRpcErrorCode.InvalidRequest, `Origin ${origin} is not allowed`);
      let principal: unknown;
      if (handlerOptions.authenticate) {
        const outcome = await handlerOptions.authenticate(request);
        if (outcome instanceof Response) return outcome;
        principal = outcome.principal;
      }
      const path = new URL(request.url).pathname;
      try {
        if (path === this.path && request.method === 'GET') return await this.open(request, principal);
        if (path === this.messagePath && request.method === 'POST') return await this.post(request, principal, { ...body, deadline }, handlerOptions);
      } catch (error) {
        this.options.onError(error);
        return jsonRpcErrorResponse(503, undefined, JsonRpcErrorCode.InternalError, 'The session store is unavailable: try again later', undefined, {
          'retry-after': '5',
        });
      }
      return new Response(null, { status: 405, headers: { allow: path === this.path ? 'GET' : 'POST' } });
    };
  }

  /** Ends every session's stream. */
  async close(): Promise<void> {
    for (const session of [...this.sessions.values()]) this.end(session, 'The server is closing'); // each stream leaves the ticker
    const stop = await this.stopSignals?.catch(() => undefined);
    stop?.();
    this.stopSignals = undefined;
  }

  private async open(request: Request, principal: unknown): Promise<Response> {
    const accept = request.headers.get('accept') ?? '*/*';
    if (!/text\/event-stream|\*\/\*/i.test(accept))
      return jsonRpcErrorResponse(406, undefined, JsonRpcErrorCode.InvalidRequest, 'Accept must list text/event-stream');
    this.stopSignals ??= this.store.subscribe((signal) => {
      if (signal.type === 'closed') {
        const session = this.sessions.get(signal.sessionId);
        if (session) this.end(session, 'The session ended');
      }
    });
    await this.stopSignals;
    const now = Date.now();
    const owner = principalKey(principal);
    const id = mintSessionId();
    // The session's place in the store: its caps and idle expiry count it from the GET on. What
    // initialize settles lives with the channel session on this process (the stream is here).
    const admitted = await this.store.create({
      id,
      protocolVersion: this.options.legacyProtocolVersions[0]!,
      clientCapabilities: {},
      clientInfo: {},
      subscriptions: [],
      initialized: false,
      principal: owner,
      clientAddress: clientAddressOf(request),
      createdAt: now,
      lastSeenAt: now,
    });
    if (!admitted)
      return jsonRpcErrorResponse(503, undefined, JsonRpcErrorCode.InternalError, 'Too many sessions: try again later', undefined, { 'retry-after': '5' });
    const connection = new SseResponse({ maxBufferBytes: this.options.maxStreamBufferBytes, keepAliveMs: this.options.keepAliveMs, ticker: this.ticker });
    const closeHandlers: Array<() => void> = [];
    const send = (message: JsonRpcMessage): Promise<void> =>
      connection.write(encodeSseEvent({ event: 'message', data: JSON.stringify(message) }))
        ? Promise.resolve()
        : Promise.reject(new Error('The HTTP+SSE stream is closed'));
    const peer: PeerChannel = { id, send, onClose: (handler) => void closeHandlers.push(handler) };
    const transport: TransportInfo = { name: 'http+sse', principal, header: (name: string) => request.headers.get(name) };
    const requests = new IncomingRequests(this.dispatcher, {
      send,
      transport,
      peer,
      maxInFlight: MAX_IN_FLIGHT,
      onError: (error) => this.options.onError(error),
    });
    const release = this.host.hold(id);
    const session: SseSession = { id, principal: owner, connection, peer, requests, context: { transport, peer }, closeHandlers, release };
    this.sessions.set(id, session);
    connection.onGone(() => this.end(session, 'The client closed the stream'));
    connection.write(encodeSseEvent({ event: 'endpoint', data: `${this.messagePath}?sessionId=${encodeURIComponent(id)}` }));
    return connection.response;
  }

  private async post(request: Request, principal: unknown, body: BodyLimits & { deadline: number }, handlerOptions: HttpHandlerOptions): Promise<Response> {
    const id = new URL(request.url).searchParams.get('sessionId');
    const session = id === null ? undefined : this.sessions.get(id);
    // A session answers only the caller that opened it (basic/security_best_practices.mdx, session hijacking).
    if (session === undefined || session.principal !== principalKey(principal)) {
      return jsonRpcErrorResponse(404, undefined, JsonRpcErrorCode.InvalidRequest, 'Session not found: open a new stream');
    }
    if ((await this.store.get(session.id)) === undefined) {
      this.end(session, 'The session expired');
      return jsonRpcErrorResponse(404, undefined, JsonRpcErrorCode.InvalidRequest, 'Session not found: open a new stream');
    }
    if (!isJsonContentType(request.headers.get('content-type')))
      return jsonRpcErrorResponse(415, undefined, JsonRpcErrorCode.InvalidRequest, 'Content-Type must be application/json');
    // The same two limits as the Streamable HTTP endpoint, with the same answers (the host drains what is left).
    const bytes = await readBodyWithin(request, body.maxBodyBytes, body.deadline);
    if (bytes === 'too-large') {
      return jsonRpcErrorResponse(
        413,
        undefined,
        JsonRpcErrorCode.InvalidRequest,
        `Body larger than ${body.maxBodyBytes} bytes, the most this server accepts`,
        {
          maxBodyBytes: body.maxBodyBytes,
        },
      );
    }
    if (bytes === 'timeout') {
      return jsonRpcErrorResponse(408, undefined, JsonRpcErrorCode.InvalidRequest, `The request body did not arrive within ${body.bodyTimeoutMs} ms`, {
        bodyTimeoutMs: body.bodyTimeoutMs,
      });
    }
    const parsed = parseJsonBody(bytes);
    if (!parsed.ok) return jsonRpcErrorResponse(400, undefined, JsonRpcErrorCode.ParseError, `Parse error: ${parsed.reason}`);
    const message = parsed.value as JsonRpcMessage;
    const kind = messageKind(message);
    if (kind === 'invalid') return jsonRpcErrorResponse(400, undefined, JsonRpcErrorCode.InvalidRequest, 'Invalid Request: one JSON-RPC message per POST');
    if (handlerOptions.authorize) {
      const refused = await handlerOptions.authorize(principal, message, request);
      if (refused !== undefined) return refused;
    }
    if (kind === 'request') {
      if (session.requests.size >= MAX_IN_FLIGHT) {
        return jsonRpcErrorResponse(
          503,
          (message as JsonRpcRequest).id,
          JsonRpcErrorCode.InternalError,
          'Too many requests in flight in this session',
          undefined,
          {
            'retry-after': '1',
          },
        );
      }
      session.requests.handle(message as JsonRpcRequest);
    } else if (kind === 'notification') {
      const notification = message as JsonRpcNotification;
      if (notification.method === 'notifications/cancelled') {
        const { requestId, reason } = notification.params ?? {};
        if (isRequestId(requestId)) session.requests.cancel(requestId, reason ?? 'cancelled by the client');
      } else {
        this.dispatcher.notification?.(notification, session.context);
        // As on Streamable HTTP: an initialized session is evicted after the others and idles 30 min, not 60 s.
        if (notification.method === 'notifications/initialized' && this.started(session.id)) await this.store.update(session.id, { initialized: true });
      }
    } else {
      this.dispatcher.response?.(message as JsonRpcResponse, session.context);
    }
    return new Response('Accepted', { status: 202, headers: { 'content-type': 'text/plain' } });
  }

  private end(session: SseSession, reason: string): void {
    if (this.sessions.get(session.id) !== session) return;
    this.sessions.delete(session.id);
    session.release();
    session.requests.abortAll(reason);
    session.connection.end();
    for (const handler of session.closeHandlers.splice(0)) {
      try {
        handler();
      } catch (error) {
        this.options.onError(error);
      }
    }
    void this.store.delete(session.id).catch(this.options.onError);
  }
}
