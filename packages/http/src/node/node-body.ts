/**
 * The body of a node request as a web `ReadableStream`, for handlers that are not ours (the generic
 * lane of `serveHttp`, `toWebRequest(req, signal, true)`). It reads from the socket only as the
 * handler reads. What the handler leaves unread (it cancelled the stream over a size limit or a
 * deadline, or answered without reading) is read and thrown away, up to `DEFAULT_LIMITS.maxDiscardBytes`
 * and for `DEFAULT_LIMITS.bodyTimeoutMs` at most, so that a client still uploading (fetch reads no
 * reply until it is done) gets to see the 413 or 408; beyond either bound the connection is closed.
 * `Readable.toWeb` would instead destroy the socket on cancel: the client saw a reset, not the reply.
 */
import type { IncomingMessage } from 'node:http';
import { DEFAULT_LIMITS } from '../options.js';

/** Bytes the web stream buffers ahead of its reader. */
const HIGH_WATER_MARK = 64 * 1024;

export class NodeBody {
  readonly stream: ReadableStream<Uint8Array>;
  private dropping = false;

  constructor(private readonly req: IncomingMessage) {
    // Paused first: the 'data' listener below must not start the flow before a reader asks.
    req.pause();
    this.stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          req.on('data', (chunk: Buffer) => {
            if (this.dropping) return;
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((controller.desiredSize ?? 0) <= 0) req.pause();
          });
          req.once('end', () => {
            if (!this.dropping) controller.close();
          });
          req.once('error', (error) => {
            if (!this.dropping) controller.error(error);
          });
          req.once('close', () => {
            if (!this.dropping && !req.complete) controller.error(new Error('the client closed the connection while sending the body'));
          });
        },
        pull: () => {
          req.resume();
        },
        cancel: () => this.drop(),
      },
      { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
    );
  }

  /**
   * Called once the handler answered: a body nobody started reading is dropped (bounded) rather than
   * left to node, which would read it without a bound. One being read goes on: the handler owns it.
   */
  settle(): void {
    if (!this.req.complete && !this.stream.locked) this.drop();
  }

  /** Whether the client promised more than will be read: the reply should close the connection. */
  get tooLongToDrain(): boolean {
    const declared = Number(this.req.headers['content-length']);
    return this.dropping && Number.isFinite(declared) && declared > DEFAULT_LIMITS.maxDiscardBytes;
  }

  private drop(): void {
    if (this.dropping) return;
    this.dropping = true;
    const req = this.req;
    // More promised than will ever be read: nothing to wait for, the reply closes the connection.
    if (req.complete || this.tooLongToDrain) return;
    let dropped = 0;
    const close = () => {
      clearTimeout(timer);
      req.socket?.destroy();
    };
    const timer = setTimeout(close, DEFAULT_LIMITS.bodyTimeoutMs);
    (timer as { unref?: () => void }).unref?.();
    req.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DEFAULT_LIMITS.maxDiscardBytes) close();
    });
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
    req.resume();
  }
}
