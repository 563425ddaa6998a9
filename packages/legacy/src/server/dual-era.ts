/**
 * `dualEra(server)`: one server definition, both eras. Modern requests go to the `McpServer`
 * unchanged; `initialize` opens a 2025-11-25 session (on a stdio channel, or on HTTP with an
 * `Mcp-Session-Id`), whose requests are adapted to the modern dispatch and back.
 * spec: DIGEST §12 (dual-era server), §23 (legacy lifecycle)
 */
import {
  createHttpHandler,
  createHttpRouter,
  toHttpHandler,
  type HttpDispatcher,
  type HttpHandler,
  type HttpHandlerOptions,
  type InterceptContext,
  type InterceptRequest,
} from '@mcpkit/http';
import type { DispatchContext, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, MessageContext } from '@mcpkit/jsonrpc';
import { readProtocolVersion } from '@mcpkit/schema';
import type { McpServer } from '@mcpkit/server';
import { EventFanout } from './event-fanout.js';
import { HttpSseEndpoint } from './http/http-sse-endpoint.js';
import { LegacyHttp } from './http/legacy-http.js';
import { MemorySessionStore } from './http/memory-session-store.js';
import type { SessionStore } from './http/session-store.js';
import { resolveOptions, type DualEraOptions } from './options.js';
import { ChannelSessions } from './stdio-sessions.js';

/** Whether a request names its revision in `_meta`, as every modern request does (DIGEST §1.1). */
function hasModernMeta(request: JsonRpcRequest): boolean {
  return readProtocolVersion(request.params?._meta) !== undefined;
}

/** Nothing but initialize before the handshake (lifecycle.mdx), on a legacy-only server or channel. */
function notInitialized(request: JsonRpcRequest): Promise<JsonRpcResponse> {
  return Promise.resolve({ jsonrpc: '2.0', id: request.id, error: { code: -32600, message: 'Not initialized: send initialize first' } });
}

/**
 * A modern server that also serves 2025-11-25 clients. It is a jsonrpc `Dispatcher` (for
 * `serveStdio`), and an `HttpDispatcher` for `createHttpHandler`: it forwards the modern server's
 * `headerParams` and brings the `intercept` that serves legacy sessions on the same endpoint.
 */
export class DualEraServer implements HttpDispatcher {
  /** The modern server every request ends up in. */
  readonly server: McpServer;
  /** Where the HTTP sessions live. */
  readonly sessions: SessionStore;
  private readonly channels: ChannelSessions;
  private readonly http: LegacyHttp;
  private readonly fanout: EventFanout;
  private readonly ownsStore: boolean;
  private readonly modern: boolean;
  private readonly sse: HttpSseEndpoint | undefined;

  /** @internal Made one way: `dualEra(server, options)`. */
  constructor(server: McpServer, options: DualEraOptions = {}) {
    const resolved = resolveOptions(options);
    this.server = server;
    this.ownsStore = options.sessions === undefined;
    this.modern = resolved.modern;
    this.sessions = options.sessions ?? new MemorySessionStore();
    this.fanout = new EventFanout(server.events, resolved.onError);
    this.channels = new ChannelSessions(server, resolved, this.fanout);
    this.http = new LegacyHttp(server, resolved, this.sessions, this.fanout);
    this.sse = options.http?.sse === undefined ? undefined : new HttpSseEndpoint(this, this.http, resolved, options.http.sse, (id) => this.channels.hasId(id));
    this.intercept = this.intercept.bind(this);
  }

  /**
   * Routes one request: modern `_meta` → the modern server; `initialize` on a channel → a new
   * legacy session; a channel already legacy → its session; anything else → the modern server
   * (which answers `initialize` without a channel with -32601 naming its versions).
   */
  dispatch(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse | null> {
    const peer = context.peer;
    // The HTTP+SSE transport is 2024-11-05's: its channel carries legacy sessions only, never a modern request.
    const legacyChannel = context.transport.name === 'http+sse';
    if (peer === undefined || (this.modern && !legacyChannel && hasModernMeta(request))) return this.modernDispatch(request, context);
    if (this.channels.has(peer)) return this.channels.answer(request, context);
    if (request.method === 'initialize') return this.channels.initialize(request, peer, legacyChannel ? 'http+sse' : 'stdio');
    return legacyChannel ? notInitialized(request) : this.modernDispatch(request, context);
  }

  private modernDispatch(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse | null> {
    if (this.modern) return this.server.dispatch(request, context);
    return notInitialized(request);
  }

  /** Notifications of legacy channels (`notifications/initialized`...); modern ones carry none. */
  notification(notification: JsonRpcNotification, context: MessageContext): void {
    if (context.peer) this.channels.notification(notification, context.peer);
  }

  /** Responses of legacy clients to the server-initiated requests of their session. */
  response(response: JsonRpcResponse, context: MessageContext): void {
    if (context.peer) this.channels.response(response, context.peer);
  }

  /**
   * The `x-mcp-header` arguments of a tool, so the HTTP handler checks `Mcp-Param-*` headers of modern
   * requests on a dual-era endpoint exactly as on a modern one (legacy requests carry none).
   * @example dual.headerParams('get_weather'); // [{ header: 'Region', property: 'region', ... }]
   */
  headerParams(toolName: string): ReturnType<McpServer['headerParams']> {
    return this.server.headerParams(toolName);
  }

  /**
   * The `params` member an extension method of the modern server mirrors into `Mcp-Name`, so the HTTP
   * handler checks it on a dual-era endpoint as on a modern one.
   * @example dual.nameSource('tasks/get'); // 'taskId' with the tasks extension
   */
  nameSource(method: string): string | undefined {
    return this.server.nameSource(method);
  }

  /**
   * The `intercept` of `HttpDispatcher`, which `createHttpHandler` calls: serves `initialize`,
   * sessions, GET streams and DELETE; returns undefined for modern traffic.
   * @example createHttpHandler(dual) // uses dual.intercept and dual.headerParams
   */
  intercept(request: InterceptRequest, body: unknown, context: InterceptContext): Promise<Response | undefined> {
    return this.http.intercept(request, body, context);
  }

  /**
   * A Streamable HTTP endpoint serving both eras (`createHttpHandler(this)`, plus the HTTP+SSE
   * endpoint at its two paths when `http.sse` is on, through `createHttpRouter`). Every way of
   * serving takes it; Streamable HTTP traffic of both eras keeps the node fast lane, while the
   * 2024-11-05 HTTP+SSE paths are served through web objects (that endpoint speaks only fetch).
   * @example await serveHttp(dualEra(server).httpHandler(), { port: 3000 });
   */
  httpHandler(options: HttpHandlerOptions = {}): HttpHandler {
    const streamable = createHttpHandler(this, options);
    const sse = this.sse;
    if (sse === undefined) return streamable;
    const legacySse = this.sseHandler(options);
    return createHttpRouter({ routes: { [sse.path]: legacySse, [sse.messagePath]: legacySse }, fallback: streamable });
  }

  /**
   * The 2024-11-05 HTTP+SSE endpoint alone (GET `http.sse.path`, POST `http.sse.messagePath`), for
   * mounting on a framework's router; `httpHandler()` already serves it. Needs `http.sse`.
   * @example const sse = dualEra(server, { http: { sse: {} } }).sseHandler(); // GET /sse, POST /messages
   */
  sseHandler(options: HttpHandlerOptions = {}): HttpHandler {
    if (this.sse === undefined) throw new TypeError('sseHandler() needs the HTTP+SSE transport turned on: dualEra(server, { http: { sse: {} } })');
    return toHttpHandler(this.sse.handler(options));
  }

  /**
   * Pings the client of a legacy session (2025-11-25 ping, server to client): a stdio channel's
   * `peer.id`, or an HTTP session id whose GET stream is open here. Rejects with a `TimeoutError`,
   * or a `TransportClosedError` when the client cannot be reached.
   * @example await dual.ping(sessionId, 5000);
   */
  ping(sessionId: string, timeoutMs = 10_000): Promise<void> {
    return this.channels.hasId(sessionId) ? this.channels.ping(sessionId, timeoutMs) : this.http.ping(sessionId, timeoutMs);
  }

  /** Ends every legacy session of this process (streams, waits, work) and leaves the event bus. */
  async close(): Promise<void> {
    this.channels.close();
    await this.sse?.close();
    await this.http.close();
    await this.fanout.close();
    if (this.ownsStore) await this.sessions.close();
  }
}

/**
 * Serves legacy (2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05) clients from a modern server definition.
 * @example
 * serveStdio(dualEra(server));                                  // stdio
 * await serveHttp(dualEra(server).httpHandler(), { port: 3000 }); // HTTP
 */
export function dualEra(server: McpServer, options?: DualEraOptions): DualEraServer {
  return new DualEraServer(server, options);
}
