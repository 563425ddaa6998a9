/**
 * The web-standard host: one `Request` in, one `Response` out. Used by the handler when it is
 * called as `fetch(Request)` (Bun, Deno, Workers, or any Node framework that speaks Request).
 */
import { readBodyWithin } from './body.js';
import { clientAddressOf } from './client-address.js';
import type { BodyLimits, BodyOutcome, Exchange, ExchangeSink, PeerGoneListener } from './exchange.js';
import { RESOLVED, TIMED_OUT, TOO_LARGE } from './exchange.js';
import type { InterceptRequest } from './options.js';

const encoder = new TextEncoder();
const byteLength = (chunk: Uint8Array) => chunk.byteLength;
/** Bytes an SSE body queues before `write` reports backpressure. */
const STREAM_HIGH_WATER_MARK = 64 * 1024;

/** An SSE body as a `ReadableStream` whose queue size is the backpressure signal. */
export class WebStreamSink implements ExchangeSink, UnderlyingDefaultSource<Uint8Array> {
  readonly stream: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private closed = false;
  private waiting: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly owner: PeerGoneListener) {
    this.stream = new ReadableStream<Uint8Array>(this, { highWaterMark: STREAM_HIGH_WATER_MARK, size: byteLength });
  }

  start(controller: ReadableStreamDefaultController<Uint8Array>): void {
    this.controller = controller;
  }

  pull(): void {
    this.release();
  }

  cancel(): void {
    this.closed = true;
    this.release();
    this.owner.peerGone();
  }

  write(chunk: string): boolean {
    if (this.closed) return true;
    this.controller.enqueue(encoder.encode(chunk));
    return (this.controller.desiredSize ?? 0) > 0;
  }

  get buffered(): number {
    return this.closed ? 0 : STREAM_HIGH_WATER_MARK - (this.controller.desiredSize ?? 0);
  }

  get blocked(): boolean {
    return !this.closed && (this.controller.desiredSize ?? 0) <= 0;
  }

  drained(): Promise<void> {
    if (!this.blocked) return RESOLVED;
    this.waiting ??= new Promise<void>((resolve) => (this.wake = resolve));
    return this.waiting;
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.controller.close();
    this.release();
  }

  destroy(): void {
    if (this.closed) return;
    this.closed = true;
    this.controller.error(new Error('response stream cancelled'));
    this.release();
  }

  private release(): void {
    const wake = this.wake;
    this.waiting = this.wake = undefined;
    wake?.();
  }
}

function withHeaders(response: Response, extra: Record<string, string>): Response {
  const headers = new Headers(response.headers);
  for (const key of Object.keys(extra)) headers.set(key, extra[key]!);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Serves one web `Request`; `response` settles as soon as the reply is decided. */
export class WebExchange implements Exchange {
  readonly method: string;
  readonly response: Promise<Response>;
  private pathname: string | undefined;
  /** A fetch handler is not told who connected, unless the node adapter built the request (see `clientAddressOf`). */
  readonly clientAddress: string | undefined;
  private settle!: (response: Response) => void;
  private readonly startedAt: number;

  constructor(private readonly req: Request) {
    this.method = req.method;
    this.clientAddress = clientAddressOf(req);
    this.startedAt = Date.now();
    this.response = new Promise<Response>((resolve) => (this.settle = resolve));
  }

  header(name: string): string | null {
    return this.req.headers.get(name);
  }

  /** Parsed on first use: the core routes on it only behind a router. */
  get path(): string {
    this.pathname ??= new URL(this.req.url).pathname;
    return this.pathname;
  }

  async readBody(limits: BodyLimits): Promise<BodyOutcome> {
    // The host owns the connection: what is left of an oversized body is the host's to drop.
    const outcome = await readBodyWithin(this.req, limits.maxBodyBytes, this.startedAt + limits.bodyTimeoutMs);
    return outcome === 'too-large' ? TOO_LARGE : outcome === 'timeout' ? TIMED_OUT : outcome;
  }

  request(): Request {
    return this.req;
  }

  webRequest(): Request {
    return this.req;
  }

  head(): InterceptRequest {
    return this.req;
  }

  watchAbort(listener: PeerGoneListener & EventListenerObject): void {
    const signal = this.req.signal;
    if (signal.aborted) listener.peerGone();
    else signal.addEventListener('abort', listener, { once: true });
  }

  respond(status: number, headers: Readonly<Record<string, string>>, body: string | null): void {
    this.settle(new Response(body, { status, headers }));
  }

  /** For an event stream, resolves when its body ended or was cancelled (the stream budget is held until then). */
  respondWith(response: Response, extraHeaders?: Record<string, string>): Promise<void> {
    const body = response.body;
    if (body === null || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      this.settle(extraHeaders ? withHeaders(response, extraHeaders) : response);
      return RESOLVED;
    }
    return new Promise<void>((done) => {
      const reader = body.getReader();
      const tracked = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const next = await reader.read();
            if (next.done) {
              controller.close();
              done();
            } else {
              controller.enqueue(next.value);
            }
          } catch (error) {
            controller.error(error);
            done();
          }
        },
        cancel(reason) {
          done();
          return reader.cancel(reason);
        },
      });
      this.settle(
        withHeaders(new Response(tracked, { status: response.status, statusText: response.statusText, headers: response.headers }), extraHeaders ?? {}),
      );
    });
  }

  openStream(headers: Readonly<Record<string, string>>, owner: PeerGoneListener): ExchangeSink {
    const sink = new WebStreamSink(owner);
    this.settle(new Response(sink.stream, { status: 200, headers }));
    return sink;
  }

  abandon(): void {
    this.settle(new Response(null, { status: 499 }));
  }
}
