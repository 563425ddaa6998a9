/**
 * `HttpClientTransport`: the client side of Streamable HTTP (2026-07-28) on `fetch`.
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx
 *
 * Each message is one POST. `send()` settles when that exchange ends: for a request it resolves
 * after the final response went through `onMessage` (its notifications before it), and rejects
 * with a local error (`HttpError`, `HttpTransportError`, ...) when no response can be delivered.
 * Replies are read with jsonrpc's own parser: a message that is not valid JSON-RPC is no answer.
 * That rejection is how a per-request failure reaches the connection; nothing is synthesized.
 */
import {
  isErrorResponse,
  isJsonObject,
  LocalError,
  parseMessage,
  TransportClosedError,
  type CloseInfo,
  type JsonRpcErrorObject,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type MessageTransport,
  type SendOptions,
} from '@mcpkit/jsonrpc';
import { encodeHeaderValue, readProtocolVersion } from '@mcpkit/schema/2026-07-28/core';
import { anySignal } from './any-signal.js';
import { ContentTooLargeError, HttpError, HttpTransportError } from './errors.js';
import { defaultFetch, reportExchange, type FetchLike, type HttpExchangeInfo } from './exchange-info.js';
import { LATEST_PROTOCOL_VERSION, mcpNameSource } from './protocol.js';
import { readExcerpt, readSseData, readTextLimited } from './reply-reading.js';

/** Options of {@link HttpClientTransport}. */
export interface HttpClientTransportOptions {
  /** The fetch to use (default: the global one). Wrap it to add auth or retries. */
  fetch?: FetchLike;
  /** Headers sent on every POST (e.g. `Authorization`). */
  headers?: Record<string, string>;
  /** Sees every exchange's status and headers when its reply head arrives (the CLI's `--trace`). */
  onExchange?: (exchange: HttpExchangeInfo) => void;
  /** Largest reply message accepted, in bytes (default 16 MiB). */
  maxMessageBytes?: number;
  /** `MCP-Protocol-Version` for POSTs whose body names none, before any request did (default: latest). */
  protocolVersion?: string;
}

/** The message a reply's text is, or `undefined` when it is none. */
function messageOf(text: string): JsonRpcMessage | undefined {
  const outcome = parseMessage(text);
  return outcome.kind === 'invalid' ? undefined : outcome.message;
}

/** The JSON-RPC error a reply's text carries, whatever its id. */
function rpcErrorOf(message: JsonRpcMessage | undefined): JsonRpcErrorObject | undefined {
  return message !== undefined && isErrorResponse(message) ? message.error : undefined;
}

/** Whether `message` is the response to `request`. */
const isResponseTo = (message: JsonRpcMessage | undefined, request: JsonRpcRequest): boolean =>
  message !== undefined && !('method' in message) && message.id === request.id;

/** A `MessageTransport` (`kind: 'exchange'`) over HTTP POSTs. */
export class HttpClientTransport implements MessageTransport {
  readonly kind = 'exchange' as const;
  /** `http`, for observers that tell transports apart (tracing's `network.transport`). */
  readonly name = 'http';
  private readonly url: string;
  private readonly fetchImpl: FetchLike;
  private readonly lifetime = new AbortController();
  private readonly maxBytes: number;
  private lastVersion: string | undefined;
  private messageHandler: ((message: JsonRpcMessage) => void) | undefined;
  private errorHandler: ((error: Error) => void) | undefined;
  private closeHandler: ((info: CloseInfo) => void) | undefined;

  /** @example const transport = new HttpClientTransport('http://127.0.0.1:3000/mcp'); */
  constructor(
    url: string | URL,
    private readonly options: HttpClientTransportOptions = {},
  ) {
    this.url = String(url);
    this.fetchImpl = options.fetch ?? defaultFetch;
    this.maxBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
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

  /** Nothing to open: every message is its own exchange. */
  async start(): Promise<void> {}

  /** Aborts every open exchange; later sends reject with `TransportClosedError`. */
  async close(): Promise<void> {
    if (this.lifetime.signal.aborted) return;
    this.lifetime.abort(new TransportClosedError('transport closed'));
    this.closeHandler?.({ reason: 'closed' });
  }

  /** The headers of the POST carrying `message` (exported for tests and tracing). */
  headersFor(message: JsonRpcMessage, extra?: Record<string, string>): Headers {
    const headers = new Headers(this.options.headers);
    headers.set('Content-Type', 'application/json');
    headers.set('Accept', 'application/json, text/event-stream');
    const method = 'method' in message ? message.method : undefined;
    const params = 'params' in message && isJsonObject(message.params) ? message.params : undefined;
    const meta = params?._meta;
    const declared = readProtocolVersion(meta);
    const isRequest = 'id' in message && method !== undefined;
    if (declared !== undefined && isRequest) this.lastVersion = declared;
    // A request mirrors its own _meta (none: the server answers -32602); other POSTs use the last one seen.
    const version = declared ?? (isRequest ? undefined : (this.lastVersion ?? this.options.protocolVersion ?? LATEST_PROTOCOL_VERSION));
    if (version !== undefined) headers.set('MCP-Protocol-Version', version);
    if (method !== undefined) {
      headers.set('Mcp-Method', method);
      const source = mcpNameSource(method);
      const name = source !== undefined ? params?.[source] : undefined;
      if (typeof name === 'string') headers.set('Mcp-Name', encodeHeaderValue(name));
    }
    if (extra) for (const key of Object.keys(extra)) headers.set(key, extra[key]!);
    return headers;
  }

  async send(message: JsonRpcMessage, options: SendOptions = {}): Promise<void> {
    if (this.lifetime.signal.aborted) throw new TransportClosedError('transport closed');
    const headers = this.headersFor(message, options.headers);
    const signal = options.signal ? anySignal([options.signal, this.lifetime.signal]) : this.lifetime.signal;
    const started = Date.now();
    const body = JSON.stringify(message);
    try {
      const response = await this.fetchImpl(this.url, { method: 'POST', headers, body, signal });
      reportExchange(this.options.onExchange, {
        method: 'POST',
        url: this.url,
        message,
        requestHeaders: Object.fromEntries(headers),
        status: response.status,
        statusText: response.statusText,
        responseHeaders: response.headers,
        durationMs: Date.now() - started,
      });
      if (response.status === 413) throw await this.tooLarge(response, body);
      if ('id' in message && 'method' in message) await this.readReply(response, message);
      else await this.expectAccepted(response);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (this.lifetime.signal.aborted) throw this.lifetime.signal.reason;
      // Our own failures, and a local error the injected fetch chose (an auth layer's AuthError), pass as they are.
      if (error instanceof LocalError) throw error;
      throw new HttpTransportError(`POST ${this.url} failed: ${(error as Error).message}`, { cause: error });
    }
  }

  private deliver(message: JsonRpcMessage): void {
    try {
      this.messageHandler?.(message);
    } catch (error) {
      this.errorHandler?.(error as Error);
    }
  }

  private async expectAccepted(response: Response): Promise<void> {
    if (response.status === 202 || response.status === 200 || response.status === 204) {
      await response.body?.cancel();
      return;
    }
    throw await this.statusError(response);
  }

  private async tooLarge(response: Response, body: string): Promise<ContentTooLargeError> {
    const error = await this.statusError(response);
    return new ContentTooLargeError(new TextEncoder().encode(body).byteLength, error.statusText, error.body, error.rpcError);
  }

  private async statusError(response: Response): Promise<HttpError> {
    const type = response.headers.get('content-type') ?? '';
    const text = type.includes('json') ? await readTextLimited(response, this.maxBytes).catch(() => '') : await readExcerpt(response);
    const parsed = type.includes('json') ? messageOf(text) : undefined;
    const excerpt = text.length > 1024 ? `${text.slice(0, 1024)}…` : text;
    return new HttpError(response.status, response.statusText, excerpt, rpcErrorOf(parsed));
  }

  private async readReply(response: Response, request: JsonRpcRequest): Promise<void> {
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    if (!response.ok) {
      if (type.includes('json')) {
        const text = await readTextLimited(response, this.maxBytes);
        const parsed = messageOf(text);
        // A JSON-RPC error for this request is the peer's answer, whatever the status.
        if (parsed !== undefined && isErrorResponse(parsed) && parsed.id === request.id) return this.deliver(parsed);
        throw new HttpError(response.status, response.statusText, text.slice(0, 1024), rpcErrorOf(parsed));
      }
      throw new HttpError(response.status, response.statusText, await readExcerpt(response));
    }
    if (type.startsWith('text/event-stream') && response.body !== null) {
      const ended = await readSseData(response.body, this.maxBytes, (data) => this.onEvent(data, request));
      if (!ended)
        throw new HttpTransportError(`the response stream of request ${JSON.stringify(request.id)} (${request.method}) ended without its final response`);
      return;
    }
    if (type.startsWith('application/json')) {
      const parsed = messageOf(await readTextLimited(response, this.maxBytes));
      if (isResponseTo(parsed, request)) return this.deliver(parsed!);
      throw new HttpTransportError(`the JSON reply to request ${JSON.stringify(request.id)} is not its JSON-RPC response`);
    }
    throw new HttpError(response.status, response.statusText, await readExcerpt(response));
  }

  /** One SSE event of a request's stream; returns true for the final response. */
  private onEvent(data: string, request: JsonRpcRequest): boolean {
    const parsed = messageOf(data);
    if (isResponseTo(parsed, request)) {
      this.deliver(parsed!);
      return true;
    }
    if (parsed !== undefined && 'method' in parsed && !('id' in parsed)) {
      this.deliver(parsed);
    } else {
      this.errorHandler?.(
        new HttpTransportError(
          `ignored an SSE event of request ${JSON.stringify(request.id)} that is neither a notification nor its response: ${data.slice(0, 200)}`,
        ),
      );
    }
    return false;
  }
}
