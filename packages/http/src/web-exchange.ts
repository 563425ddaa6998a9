/**
 * The web-standard host: one `Request` in, one `Response` out. Used by the handler when it is
 * called as `fetch(Request)` (Bun, Deno, Workers, or any Node framework that speaks Request).
 */
import { readBodyLimited } from './body.js';
import type { Exchange, ExchangeSink, PeerGoneListener } from './exchange.js';
import { RESOLVED } from './exchange.js';

const encoder = new TextEncoder();
const byteLength = (chunk: Uint8Array) => chunk.byteLength;
/** Bytes an SSE body queues before `write` reports backpressure. */
const STREAM_HIGH_WATER_MARK = 64 * 1024;

/** An SSE body as a `ReadableStream` whose queue size is the backpressure signal. */
class WebStreamSink implements ExchangeSink, UnderlyingDefaultSource<Uint8Array> {
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
  private settle!: (response: Response) => void;

  constructor(private readonly req: Request) {
    this.method = req.method;
    this.response = new Promise<Response>((resolve) => (this.settle = resolve));
  }

  header(name: string): string | null {
    return this.req.headers.get(name);
  }

  readBody(maxBytes: number): Promise<Uint8Array | null> {
    return readBodyLimited(this.req, maxBytes);
  }

  request(): Request {
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

  respondWith(response: Response, extraHeaders?: Record<string, string>): void {
    this.settle(extraHeaders ? withHeaders(response, extraHeaders) : response);
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
