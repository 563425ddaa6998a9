/**
 * One SSE connection: the body of one HTTP response, as a `ReadableStream`. The logical stream it
 * carries may outlive it (the client resumes on a new connection with `Last-Event-ID`).
 */
import { SSE_HEADERS } from '@mcpkit/http/internal';

const encoder = new TextEncoder();

/** An SSE response body with a buffer limit and a "client went away" callback. */
export class SseConnection {
  readonly response: Response;
  /** Epoch ms of the last write (keep-alives go to connections quiet for too long). */
  lastWriteAt = Date.now();
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private open = true;
  private readonly goneHandlers: Array<() => void> = [];

  constructor(private readonly maxBufferBytes: number, headers?: Record<string, string>) {
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        cancel: () => this.gone(),
      },
      { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
    );
    this.response = new Response(body, { status: 200, headers: headers ? { ...SSE_HEADERS, ...headers } : SSE_HEADERS });
  }

  /** Whether the connection can still be written to. */
  get live(): boolean {
    return this.open;
  }

  /** Calls `handler` once when the client goes away (not when we end the connection). */
  onGone(handler: () => void): void {
    if (!this.open) handler();
    else this.goneHandlers.push(handler);
  }

  /**
   * Writes encoded SSE text; false when the connection is closed. A client that lets more than
   * the buffer limit pile up is cut off (its stream stays resumable).
   */
  write(text: string): boolean {
    if (!this.open) return false;
    this.controller.enqueue(encoder.encode(text));
    this.lastWriteAt = Date.now();
    if ((this.controller.desiredSize ?? 0) < -this.maxBufferBytes) {
      this.open = false;
      this.controller.error(new Error('SSE client too slow'));
      this.fireGone();
      return false;
    }
    return true;
  }

  /** Ends the connection after what was written. */
  end(): void {
    if (!this.open) return;
    this.open = false;
    try {
      this.controller.close();
    } catch {
      // already errored
    }
  }

  private gone(): void {
    if (!this.open) return;
    this.open = false;
    this.fireGone();
  }

  private fireGone(): void {
    for (const handler of this.goneHandlers.splice(0)) handler();
  }
}
