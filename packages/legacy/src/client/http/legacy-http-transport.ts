/**
 * `LegacyHttpClientTransport`: the client side of 2025-11-25 Streamable HTTP on `fetch`.
 * spec: 2025-11-25/pages/basic/transports.mdx
 *
 * Every message is a POST (requests, notifications and the client's responses to server requests);
 * a request's reply is JSON or an SSE stream that may carry server requests and notifications
 * before the response. The session id minted with the `InitializeResult` goes on every later
 * exchange, with the negotiated `MCP-Protocol-Version`. After `notifications/initialized` a GET
 * stream carries what the server sends outside requests. A stream that ends early is resumed with
 * GET and `Last-Event-ID` after the server's `retry`. 404 on a session ends it
 * (`SessionExpiredError`); `close()` sends DELETE.
 */
import { HttpError, HttpTransportError } from '@mcpkit/http';
import {
  LocalError,
  readMessage,
  InvalidMessageError,
  TransportClosedError,
  type CloseInfo,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type MessageTransport,
  type SendOptions,
} from '@mcpkit/jsonrpc';
import { HEADER_LAST_EVENT_ID, HEADER_PROTOCOL_VERSION, HEADER_SESSION_ID } from '@mcpkit/schema/2025-11-25';
import { SessionExpiredError } from '../errors.js';
import { anySignal, readExcerpt, readTextLimited } from '@mcpkit/http/toolkit';
import { defaultFetch, excerpt, reportExchange, type FetchLike, type HttpClientSettings } from './http-exchange.js';
import { openGetStream, type GetStreamHost } from './get-stream.js';
import { delay, SseCursor } from './sse-stream.js';

/** Options of the legacy HTTP transport (and of `connect()`'s HTTP targets). */
export interface LegacyHttpClientOptions extends HttpClientSettings {
  /** Open the standalone GET stream after `notifications/initialized`. Default true. */
  getStream?: boolean;
  /** Wait before reconnecting a stream when the server sent no `retry`, in ms. Default 1000. */
  reconnectDelayMs?: number;
  /** Failed reconnections in a row before a stream is given up. Default 5. */
  maxReconnects?: number;
  /** Largest message accepted, in characters. Default 16 MiB. */
  maxMessageBytes?: number;
  /** How long `close()` waits for the DELETE, in ms. Default 2000. */
  deleteTimeoutMs?: number;
}

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** A `MessageTransport` for one legacy session over HTTP. */
export class LegacyHttpClientTransport implements MessageTransport {
  readonly kind = 'exchange' as const;
  readonly name = 'http';
  readonly url: string;
  private readonly fetchImpl: FetchLike;
  private readonly lifetime = new AbortController();
  private sessionId: string | undefined;
  private version: string | undefined;
  private getStream: AbortController | undefined;
  private messageHandler: (message: JsonRpcMessage) => void = ignore;
  private errorHandler: (error: Error) => void = ignore;
  private closeHandler: (info: CloseInfo) => void = ignore;

  /** @example const transport = new LegacyHttpClientTransport('http://127.0.0.1:3000/mcp', { fetch: withOAuth(fetch, auth) }); */
  constructor(
    url: string | URL,
    readonly options: LegacyHttpClientOptions = {},
  ) {
    this.url = String(url);
    this.fetchImpl = options.fetch ?? defaultFetch;
  }

  /** The session id the server assigned, once `initialize` was answered. */
  get session(): string | undefined {
    return this.sessionId;
  }

  /** The negotiated protocol version sent as `MCP-Protocol-Version`, once `initialize` was answered. */
  get protocolVersion(): string | undefined {
    return this.version;
  }

  onMessage(handler: (message: JsonRpcMessage) => void): void {
    this.messageHandler = handler;
  }

  onError(handler: (error: Error) => void): void {
    this.errorHandler = handler;
  }

  onClose(handler: (info: CloseInfo) => void): void {
    this.closeHandler = handler;
  }

  /** Nothing to open: the session begins with the `initialize` POST. */
  async start(): Promise<void> {}

  /** Ends the session: closes every stream, sends DELETE with the session id (a 405 is fine), fires `onClose`. */
  async close(): Promise<void> {
    if (this.lifetime.signal.aborted) return;
    this.lifetime.abort(new TransportClosedError('transport closed'));
    this.getStream = undefined;
    const session = this.sessionId;
    if (session !== undefined) {
      const headers = this.headers({ Accept: 'application/json, text/event-stream' });
      try {
        const response = await this.fetchImpl(this.url, { method: 'DELETE', headers, signal: AbortSignal.timeout(this.options.deleteTimeoutMs ?? 2000) });
        reportExchange(this.options, { method: 'DELETE', url: this.url, requestHeaders: headers, status: response.status, responseHeaders: response.headers });
        await response.body?.cancel();
      } catch {
        // The session ends for this client anyway; the server forgets it in its own time.
      }
    }
    this.closeHandler({ reason: 'closed' });
  }

  /** POSTs one message; for a request, resolves once its response went through `onMessage`. */
  async send(message: JsonRpcMessage, options: SendOptions = {}): Promise<void> {
    if (this.lifetime.signal.aborted) throw new TransportClosedError('transport closed');
    const signal = options.signal ? anySignal([options.signal, this.lifetime.signal]) : this.lifetime.signal;
    const isRequest = 'method' in message && 'id' in message;
    const initializing = isRequest && message.method === 'initialize';
    const headers = this.headers({ 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...options.headers }, initializing);
    const session = initializing ? undefined : this.sessionId;
    try {
      const response = await this.fetchImpl(this.url, { method: 'POST', headers, body: JSON.stringify(message), signal });
      reportExchange(this.options, {
        method: 'POST',
        url: this.url,
        message,
        requestHeaders: headers,
        status: response.status,
        responseHeaders: response.headers,
      });
      if (response.status === 404 && session !== undefined) {
        await response.body?.cancel();
        throw this.expire(session);
      }
      if (initializing && response.ok) this.adoptSession(response.headers.get(HEADER_SESSION_ID));
      if (isRequest) await this.readReply(response, message as JsonRpcRequest, signal);
      else await this.expectAccepted(response, message);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (this.lifetime.signal.aborted) throw this.lifetime.signal.reason;
      // Our own failures, and a local error the injected fetch chose (an auth layer's AuthError), pass as they are.
      if (error instanceof LocalError) throw error;
      throw new HttpTransportError(`POST ${this.url} failed: ${(error as Error).message}`, { cause: error });
    }
  }

  // What the standalone GET stream needs (`getStreamHost`), kept off the public surface.
  private readonly getStreamHost: GetStreamHost = {
    get: (lastEventId, signal) => this.get(lastEventId, signal),
    deliver: (message) => this.deliver(message),
    report: (error) => this.report(error),
  };

  /** GETs the endpoint as an SSE stream, resuming after `lastEventId` when given. */
  private async get(lastEventId: string | undefined, signal: AbortSignal): Promise<Response> {
    const headers = this.headers({ Accept: 'text/event-stream' });
    if (lastEventId !== undefined) headers[HEADER_LAST_EVENT_ID] = lastEventId;
    const session = this.sessionId;
    const response = await this.fetchImpl(this.url, { method: 'GET', headers, signal });
    reportExchange(this.options, { method: 'GET', url: this.url, requestHeaders: headers, status: response.status, responseHeaders: response.headers });
    if (response.status === 404 && session !== undefined) {
      await response.body?.cancel();
      throw this.expire(session);
    }
    return response;
  }

  private deliver(message: JsonRpcMessage): void {
    try {
      this.messageHandler(message);
    } catch (error) {
      this.errorHandler(error as Error);
    }
  }

  private report(error: Error): void {
    try {
      this.errorHandler(error);
    } catch {
      // A throwing error handler must not stop a stream.
    }
  }

  /** The headers of every exchange: the user's, then the session and version of this session. */
  private headers(base: Record<string, string>, initializing = false): Record<string, string> {
    const headers: Record<string, string> = { ...this.options.headers, ...base };
    if (!initializing && this.sessionId !== undefined) headers[HEADER_SESSION_ID] = this.sessionId;
    if (!initializing && this.version !== undefined) headers[HEADER_PROTOCOL_VERSION] = this.version;
    return headers;
  }

  private adoptSession(id: string | null): void {
    if (id === null) return; // a server without sessions
    if (VISIBLE_ASCII.test(id)) this.sessionId = id;
    else this.report(new HttpTransportError(`Ignored an Mcp-Session-Id that is not visible ASCII: ${JSON.stringify(id.slice(0, 80))}`));
  }

  /** The server no longer knows `session`: forget it and its GET stream (the session layer initializes anew). */
  private expire(session: string): SessionExpiredError {
    if (this.sessionId === session) {
      this.sessionId = undefined;
      this.version = undefined;
      this.getStream?.abort(new TransportClosedError('session ended'));
      this.getStream = undefined;
    }
    return new SessionExpiredError(session);
  }

  private async expectAccepted(response: Response, message: JsonRpcMessage): Promise<void> {
    if (response.ok) {
      await response.body?.cancel();
      if ('method' in message && message.method === 'notifications/initialized') this.startGetStream();
      return;
    }
    throw new HttpError(response.status, response.statusText, await readExcerpt(response));
  }

  private startGetStream(): void {
    if (this.options.getStream === false || this.getStream !== undefined || this.lifetime.signal.aborted) return;
    const controller = new AbortController();
    this.getStream = controller;
    void openGetStream(this.getStreamHost, anySignal([controller.signal, this.lifetime.signal]), this.options);
  }

  private async readReply(response: Response, request: JsonRpcRequest, signal: AbortSignal): Promise<void> {
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    const isAnswer = (message: JsonRpcMessage): boolean => !('method' in message) && message.id === request.id;
    if (!response.ok || type.startsWith('application/json')) {
      const text = await readTextLimited(response, this.options.maxMessageBytes ?? 16 * 1024 * 1024);
      const message = readMessage(text);
      // A JSON-RPC error for this request is the server's answer, whatever the status.
      if (!(message instanceof InvalidMessageError) && isAnswer(message) && (response.ok || 'error' in message)) return this.answer(request, message);
      if (!response.ok) throw new HttpError(response.status, response.statusText, excerpt(text, 1024));
      throw new HttpTransportError(`the JSON reply to request ${JSON.stringify(request.id)} (${request.method}) is not its JSON-RPC response`);
    }
    if (!type.startsWith('text/event-stream') || response.body === null) {
      throw new HttpError(response.status, response.statusText, await readExcerpt(response));
    }
    let answered = false;
    const cursor = new SseCursor(
      (message) => {
        if (isAnswer(message)) {
          answered = true;
          this.answer(request, message);
        } else {
          this.deliver(message);
        }
      },
      (error) => this.report(error),
      this.options.maxMessageBytes ?? 16 * 1024 * 1024,
    );
    let body: ReadableStream<Uint8Array> = response.body;
    for (let failures = 0; ; ) {
      const { finished, events } = await cursor.read(body, () => answered);
      if (finished || answered) return;
      // transports.mdx: a closed connection is not a cancellation; resume with GET after `retry`.
      if (cursor.lastEventId === undefined) {
        throw new HttpTransportError(
          `the response stream of request ${JSON.stringify(request.id)} (${request.method}) ended before its response, with no event id to resume from`,
        );
      }
      if (events > 0) failures = 0;
      if (failures >= (this.options.maxReconnects ?? 5)) {
        throw new HttpTransportError(`gave up resuming the stream of request ${JSON.stringify(request.id)} after ${failures} attempts`);
      }
      await delay(cursor.retryMs ?? this.options.reconnectDelayMs ?? 1000, signal);
      const resumed = await this.get(cursor.lastEventId, signal);
      const resumedType = (resumed.headers.get('content-type') ?? '').toLowerCase();
      if (!resumed.ok || !resumedType.startsWith('text/event-stream') || resumed.body === null) {
        const text = await readExcerpt(resumed);
        if (resumed.status === 405)
          throw new HttpTransportError(`the stream of request ${JSON.stringify(request.id)} ended early and the server does not allow resuming it (GET 405)`);
        failures++;
        this.report(new HttpError(resumed.status, resumed.statusText, text));
        body = new ReadableStream({ start: (controller) => controller.close() });
        continue;
      }
      failures++;
      body = resumed.body;
    }
  }

  /** Delivers the response to `request`, taking the negotiated version from an `InitializeResult`. */
  private answer(request: JsonRpcRequest, message: JsonRpcMessage): void {
    if (request.method === 'initialize' && 'result' in message) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string' && VISIBLE_ASCII.test(version)) this.version = version;
    }
    this.deliver(message);
  }
}

function ignore(): void {}
