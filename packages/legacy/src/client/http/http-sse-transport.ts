/**
 * `HttpSseClientTransport`: the client side of the 2024-11-05 HTTP+SSE transport, on `fetch`.
 * spec: 2024-11-05 basic/transports.mdx ("HTTP with SSE"); 2025-11-25/pages/basic/transports.mdx
 * ("Backwards Compatibility")
 *
 * A GET opens an SSE stream whose first event, `endpoint`, names the URL to POST every client
 * message to; the server's responses, requests and notifications all come as `message` events on
 * that one stream. The revision has no resumption: the stream is the session. When it ends, requests
 * still waiting fail (their answers are lost), `SessionExpiredError` is reported so the legacy
 * session initializes again, and the next `initialize` opens a new stream, that is a new session.
 */
import { HttpError, HttpTransportError } from '@mcpkit/http';
import { anySignal, readExcerpt, SseParser } from '@mcpkit/http/toolkit';
import {
  InvalidMessageError,
  LocalError,
  readMessage,
  TransportClosedError,
  type CloseInfo,
  type JsonRpcMessage,
  type MessageTransport,
  type RequestId,
  type SendOptions,
} from '@mcpkit/jsonrpc';
import { SessionExpiredError } from '../errors.js';
import { defaultFetch, reportExchange, type FetchLike } from './http-exchange.js';
import type { LegacyHttpClientOptions } from './legacy-http-transport.js';
import { endpointAttempt, WrongEndpointError } from './wrong-endpoint.js';

/** Options of the HTTP+SSE transport. */
export interface HttpSseClientOptions extends LegacyHttpClientOptions {
  /** How long the GET may take to announce its `endpoint`, in ms. Default 10 000. */
  endpointTimeoutMs?: number;
}

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

/** A `MessageTransport` for one 2024-11-05 HTTP+SSE session (one GET stream, POSTs to its endpoint). */
export class HttpSseClientTransport implements MessageTransport {
  readonly kind = 'exchange' as const;
  readonly name = 'http+sse';
  /** The SSE URL the client GETs. */
  readonly url: string;
  private readonly fetchImpl: FetchLike;
  private readonly lifetime = new AbortController();
  private stream: AbortController | undefined;
  private opening: Promise<void> | undefined;
  private messageUrl: string | undefined;
  /** Requests POSTed whose answer has not come on the stream yet. */
  private readonly waiting = new Map<RequestId, Waiter>();
  private messageHandler: (message: JsonRpcMessage) => void = ignore;
  private errorHandler: (error: Error) => void = ignore;
  private closeHandler: (info: CloseInfo) => void = ignore;

  /** @example const transport = new HttpSseClientTransport('http://127.0.0.1:3001/sse'); */
  constructor(
    url: string | URL,
    readonly options: HttpSseClientOptions = {},
  ) {
    this.url = String(url);
    this.fetchImpl = options.fetch ?? defaultFetch;
  }

  /** The URL messages are POSTed to, once the server announced it. */
  get endpoint(): string | undefined {
    return this.messageUrl;
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

  /**
   * Opens the SSE stream and waits for its `endpoint` event.
   * @throws WrongEndpointError when the GET does not open such a stream (the URL is not an HTTP+SSE server's).
   */
  start(): Promise<void> {
    if (this.lifetime.signal.aborted) return Promise.reject(new TransportClosedError('transport closed'));
    if (this.stream !== undefined && this.messageUrl !== undefined) return Promise.resolve();
    this.opening ??= this.open().finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  /** Ends the session: closes the stream (the revision has no other way), fails what waits, fires `onClose`. */
  async close(): Promise<void> {
    if (this.lifetime.signal.aborted) return;
    const closed = new TransportClosedError('transport closed');
    this.lifetime.abort(closed);
    this.failWaiting(closed);
    this.closeHandler({ reason: 'closed' });
  }

  /** POSTs one message to the endpoint; for a request, resolves once its answer came on the stream. */
  async send(message: JsonRpcMessage, options: SendOptions = {}): Promise<void> {
    if (this.lifetime.signal.aborted) throw new TransportClosedError('transport closed');
    const isRequest = 'method' in message && 'id' in message;
    if (this.stream === undefined || this.messageUrl === undefined) {
      // A lost stream was the session: only a new initialize may open the next one.
      if (isRequest && message.method === 'initialize') await this.start();
      else throw new SessionExpiredError(this.url);
    }
    const target = this.messageUrl as string;
    const signal = options.signal ? anySignal([options.signal, this.lifetime.signal]) : this.lifetime.signal;
    // Registered before the POST: the answer may come on the stream before the POST's own reply.
    const answered = isRequest ? this.expect(message.id as RequestId, signal) : undefined;
    answered?.catch(ignore); // awaited below; a stream lost while the POST runs must not go unhandled
    const headers: Record<string, string> = { ...this.options.headers, ...options.headers, 'Content-Type': 'application/json' };
    try {
      const response = await this.fetchImpl(target, { method: 'POST', headers, body: JSON.stringify(message), signal });
      reportExchange(this.options, {
        method: 'POST',
        url: target,
        message,
        requestHeaders: headers,
        status: response.status,
        responseHeaders: response.headers,
      });
      if (response.status === 404) {
        await response.body?.cancel();
        this.lose(new SessionExpiredError(target));
        throw new SessionExpiredError(target);
      }
      if (!response.ok) throw new HttpError(response.status, response.statusText, await readExcerpt(response));
      await response.body?.cancel();
    } catch (error) {
      if (isRequest) this.waiting.delete(message.id as RequestId);
      if (options.signal?.aborted) throw options.signal.reason;
      if (this.lifetime.signal.aborted) throw this.lifetime.signal.reason;
      if (error instanceof LocalError) throw error;
      throw new HttpTransportError(`POST ${target} failed: ${(error as Error).message}`, { cause: error });
    }
    await answered;
  }

  private expect(id: RequestId, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        this.waiting.delete(id);
        reject(signal.reason);
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      const done = (): void => signal.removeEventListener('abort', onAbort);
      this.waiting.set(id, {
        resolve: () => (done(), resolve()),
        reject: (error) => (done(), reject(error)),
      });
    });
  }

  private async open(): Promise<void> {
    const controller = new AbortController();
    const signal = anySignal([controller.signal, this.lifetime.signal]);
    const timeoutMs = this.options.endpointTimeoutMs ?? 10_000;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('no endpoint event in time'));
    }, timeoutMs);
    const headers: Record<string, string> = { ...this.options.headers, Accept: 'text/event-stream' };
    let endpoint: string | undefined;
    let firstEvent: string | undefined;
    let response: Response;
    try {
      try {
        response = await this.fetchImpl(this.url, { method: 'GET', headers, signal });
      } catch (error) {
        if (this.lifetime.signal.aborted) throw this.lifetime.signal.reason;
        if (timedOut) throw this.notSse({ silentMs: timeoutMs });
        if ((error as { remote?: unknown } | null)?.remote === false) throw error;
        throw new HttpTransportError(`GET ${this.url} failed: ${(error as Error).message}`, { cause: error });
      }
      reportExchange(this.options, { method: 'GET', url: this.url, requestHeaders: headers, status: response.status, responseHeaders: response.headers });
      const type = response.headers.get('content-type');
      if (!response.ok || !(type ?? '').toLowerCase().startsWith('text/event-stream') || response.body === null) {
        const body = await readExcerpt(response);
        throw this.notSse({ status: response.status, contentType: type, body });
      }
      const parser = new SseParser(
        (event) => {
          if (endpoint !== undefined || firstEvent !== undefined) return this.event(event.event, event.data);
          firstEvent = event.event;
          if (event.event === 'endpoint') endpoint = event.data.trim();
        },
        this.options.maxMessageBytes ?? 16 * 1024 * 1024,
      );
      const body = response.body;
      const reader = body.getReader();
      const decoder = new TextDecoder();
      // Read up to the first event here; the rest of the stream is read by `pump`.
      while (firstEvent === undefined) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          if (this.lifetime.signal.aborted) throw this.lifetime.signal.reason;
          if (timedOut) throw this.notSse({ status: response.status, silentMs: timeoutMs });
          throw new HttpTransportError(`The SSE stream of ${this.url} broke before its endpoint event: ${(error as Error).message}`, { cause: error });
        }
        if (chunk.done) throw this.notSse({ status: response.status, contentType: type, ended: true });
        parser.push(decoder.decode(chunk.value, { stream: true }));
      }
      if (endpoint === undefined) {
        reader.cancel().catch(ignore);
        throw this.notSse({ status: response.status, contentType: type, firstEvent });
      }
      this.messageUrl = this.resolveEndpoint(endpoint, reader);
      this.stream = controller;
      void this.pump(reader, decoder, parser, controller);
    } finally {
      clearTimeout(timer);
    }
  }

  private notSse(facts: Parameters<typeof endpointAttempt>[1]): WrongEndpointError {
    return new WrongEndpointError(this.url, [endpointAttempt('GET', facts)]);
  }

  /** The endpoint as an absolute URL; only the SSE URL's own origin is trusted with the session's messages. */
  private resolveEndpoint(endpoint: string, reader: ReadableStreamDefaultReader<Uint8Array>): string {
    let resolved: URL;
    try {
      resolved = new URL(endpoint, this.url);
    } catch {
      reader.cancel().catch(ignore);
      throw new HttpTransportError(`The endpoint event of ${this.url} is not a URL: ${JSON.stringify(endpoint.slice(0, 200))}`);
    }
    if (resolved.origin !== new URL(this.url).origin) {
      reader.cancel().catch(ignore);
      throw new HttpTransportError(
        `The endpoint event of ${this.url} names another origin (${resolved.origin}); refusing to send the session's messages there`,
      );
    }
    return resolved.href;
  }

  /** Reads the rest of the stream; its end is the end of the session. */
  private async pump(reader: ReadableStreamDefaultReader<Uint8Array>, decoder: TextDecoder, parser: SseParser, controller: AbortController): Promise<void> {
    let failure: Error | undefined;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch (error) {
      failure = error as Error;
    } finally {
      reader.cancel().catch(ignore);
    }
    if (this.stream !== controller || this.lifetime.signal.aborted) return;
    const why = failure === undefined ? 'the server ended it' : failure.message;
    this.lose(new SessionExpiredError(this.messageUrl ?? this.url), `The SSE stream of ${this.url} ended (${why}); the session is over`);
  }

  private event(type: string, data: string): void {
    if (type !== 'message') return; // `endpoint` again, or an event type the revision does not define
    const message = readMessage(data);
    if (message instanceof InvalidMessageError) return this.report(message);
    if (!('method' in message)) {
      const waiter = this.waiting.get(message.id as RequestId);
      this.waiting.delete(message.id as RequestId);
      this.deliver(message);
      waiter?.resolve();
      return;
    }
    this.deliver(message);
  }

  /** The stream is gone: its requests fail, and the session layer is told to initialize anew. */
  private lose(expired: SessionExpiredError, why = 'The server ended the session (HTTP 404)'): void {
    this.stream?.abort(expired);
    this.stream = undefined;
    this.messageUrl = undefined;
    this.failWaiting(new HttpTransportError(`${why}: the answers of the requests in flight are lost`));
    this.report(expired);
  }

  private failWaiting(error: Error): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const waiter of waiting) waiter.reject(error);
  }

  private deliver(message: JsonRpcMessage): void {
    try {
      this.messageHandler(message);
    } catch (error) {
      this.report(error as Error);
    }
  }

  private report(error: Error): void {
    try {
      this.errorHandler(error);
    } catch {
      // A throwing error handler must not stop the stream.
    }
  }
}

function ignore(): void {}
