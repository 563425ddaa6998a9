/**
 * An SSE reply as a web `Response`, for code that answers with one (the legacy session streams of
 * `@mcpkit/legacy`, served through `intercept`): the sink of the handler's own SSE replies
 * (backpressure, and a buffer limit that cuts off a client that does not read) with keep-alive
 * comments from a shared `Ticker`, so a process has one timer for all its streams.
 */
import type { PeerGoneListener } from './exchange.js';
import { SSE_HEADERS } from './responses.js';
import { encodeSseComment } from './sse-encode.js';
import type { Ticker, TickTarget } from './ticker.js';
import { WebStreamSink } from './web-exchange.js';

const KEEP_ALIVE = encodeSseComment('keep-alive');

/** How an `SseResponse` behaves. */
export interface SseResponseOptions {
  /** Bytes a client may leave unread before it is cut off. */
  readonly maxBufferBytes: number;
  /** Quiet time after which the stream gets a keep-alive comment. */
  readonly keepAliveMs: number;
  /** The timer that visits every open stream (its interval should be at most half of `keepAliveMs`). */
  readonly ticker: Ticker;
  /** Headers besides the SSE ones. */
  readonly headers?: Record<string, string>;
}

/** One SSE connection: write encoded events to it, end it, hear when the client goes away. */
export class SseResponse implements TickTarget, PeerGoneListener {
  readonly response: Response;
  private readonly sink: WebStreamSink;
  private open = true;
  private lastWriteAt = Date.now();
  private readonly goneHandlers: Array<() => void> = [];

  constructor(private readonly options: SseResponseOptions) {
    this.sink = new WebStreamSink(this);
    this.response = new Response(this.sink.stream, { status: 200, headers: options.headers ? { ...SSE_HEADERS, ...options.headers } : SSE_HEADERS });
    options.ticker.add(this);
  }

  /** Whether the connection can still be written to. */
  get live(): boolean {
    return this.open;
  }

  /** Calls `handler` once when the client goes away or is cut off (not when the stream is ended). */
  onGone(handler: () => void): void {
    if (!this.open) handler();
    else this.goneHandlers.push(handler);
  }

  /**
   * Writes encoded SSE text; false when the connection is closed. A client that lets more than
   * `maxBufferBytes` pile up is cut off.
   */
  write(text: string): boolean {
    if (!this.open) return false;
    this.sink.write(text);
    this.lastWriteAt = Date.now();
    if (this.sink.buffered > this.options.maxBufferBytes) {
      this.close();
      this.sink.destroy();
      this.fireGone();
      return false;
    }
    return true;
  }

  /** Ends the connection after what was written. */
  end(): void {
    if (!this.open) return;
    this.close();
    this.sink.end();
  }

  /** @internal The ticker's visit: a keep-alive comment on a quiet stream. */
  tick(now: number): void {
    if (this.open && now - this.lastWriteAt >= this.options.keepAliveMs) this.write(KEEP_ALIVE);
  }

  /** @internal The client cancelled the body. */
  peerGone(): void {
    if (!this.open) return;
    this.close();
    this.fireGone();
  }

  private close(): void {
    this.open = false;
    this.options.ticker.delete(this);
  }

  private fireGone(): void {
    for (const handler of this.goneHandlers.splice(0)) handler();
  }
}
