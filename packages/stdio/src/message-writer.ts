import type { Writable } from 'node:stream';
import { TransportClosedError, type JsonPieces, type JsonRpcMessage } from '@mcpkit/jsonrpc';
import { encodeMessage } from './encode.js';
import { encodePieces, writePieces } from './piece-writer.js';

const RESOLVED: Promise<void> = Promise.resolve();

/**
 * A batch is handed to the stream as soon as it holds this many lines, without waiting for the end of
 * the tick. Joining every line of a tick into one write saves system calls but turns a pipelined
 * exchange into lockstep: the peer cannot start on the first of 64 requests (or answers) until all 64
 * are encoded, and then this side idles while the peer works through them. Sixteen lines still share
 * one system call, and the peer works on them while this side produces the next ones.
 */
export const MAX_BATCH_LINES = 16;
/** Likewise for size (in UTF-16 code units): large messages go out without waiting for the rest of the tick. */
export const MAX_BATCH_CHARS = 64 * 1024;

function ignore(): void {}

function endOfTick(writer: MessageWriter): void {
  writer.endOfTick();
}

/**
 * Writes encoded messages to a stream, batched per tick (up to `MAX_BATCH_LINES` lines or
 * `MAX_BATCH_CHARS` characters per write) or one write each; a writer's promise settles once the
 * stream took its line and has room again (backpressure).
 */
export class MessageWriter {
  private drain: Promise<void> | undefined;
  private resolveDrain: (() => void) | undefined;
  private rejectDrain: ((error: Error) => void) | undefined;
  private failure: Error | undefined;
  /** Lines waiting for the end of this tick (or for the batch to fill), and the settling of the promise their writers hold. */
  private pending = '';
  private pendingLines = 0;
  private batchDone: Promise<void> | undefined;
  private settleBatch: ((error?: Error) => void) | undefined;
  /** A flush at the end of this tick is scheduled (at most one at a time). */
  private tickScheduled = false;
  /** A message written in pieces is going out: later writes wait for it, so lines never interleave. */
  private streaming: Promise<void> | undefined;

  constructor(
    private readonly stream: Writable,
    private readonly batch: boolean,
  ) {
    stream.on('drain', () => this.drained());
  }

  /** False once the stream failed or closed: nothing more can be written. */
  get writable(): boolean {
    return this.failure === undefined && this.stream.writable;
  }

  /** Encodes and writes one message. Rejects with `InvalidMessageError` or `TransportClosedError`; never throws. */
  write(message: JsonRpcMessage): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (!this.stream.writable) {
      this.fail(new TransportClosedError('The output stream is closed'));
      return Promise.reject(this.failure);
    }
    if (this.streaming !== undefined) return this.afterStreaming(() => this.write(message));
    let line: string;
    try {
      const pieces = encodePieces(message);
      if (pieces !== undefined) return this.writeInPieces(pieces);
      line = encodeMessage(message);
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.batch) return this.enqueue(line);
    if (this.stream.write(line) && this.drain === undefined) return RESOLVED;
    return (this.drain ??= this.waitForDrain());
  }

  /** One message carrying a large string: its pieces, written with backpressure, after the lines batched so far. */
  private writeInPieces(pieces: JsonPieces): Promise<void> {
    this.flushBatch();
    const streaming: Promise<void> = writePieces(this.stream, pieces).then(
      () => this.streamed(streaming),
      (error: Error) => {
        this.fail(error); // the line was cut: nothing may follow it
        this.streamed(streaming);
        throw error;
      },
    );
    streaming.catch(ignore);
    this.streaming = streaming;
    return streaming;
  }

  private streamed(streaming: Promise<void>): void {
    if (this.streaming === streaming) this.streaming = undefined;
  }

  private afterStreaming<T>(next: () => Promise<T>): Promise<T> {
    const promise = this.streaming!.then(next, next);
    promise.catch(ignore);
    return promise;
  }

  private enqueue(line: string): Promise<void> {
    let done = this.batchDone;
    if (done === undefined) {
      done = this.batchDone = new Promise<void>((resolve, reject) => {
        this.settleBatch = (error) => (error ? reject(error) : resolve());
      });
      done.catch(ignore);
      if (!this.tickScheduled) {
        this.tickScheduled = true;
        process.nextTick(endOfTick, this);
      }
    }
    this.pending += line;
    // A full batch goes out now: the peer starts on it while the rest of this tick is produced.
    if (++this.pendingLines >= MAX_BATCH_LINES || this.pending.length >= MAX_BATCH_CHARS) this.flushBatch();
    return done;
  }

  /** @internal The end of the tick in which lines were batched: hands them to the stream. */
  endOfTick(): void {
    this.tickScheduled = false;
    this.flushBatch();
  }

  /** Hands the lines batched so far to the stream in one write. */
  private flushBatch(): void {
    const settle = this.settleBatch;
    if (settle === undefined) return;
    const text = this.pending;
    this.pending = '';
    this.pendingLines = 0;
    this.batchDone = this.settleBatch = undefined;
    if (this.failure !== undefined) return settle(this.failure);
    // The stream's own error or close event says why (and fails the writer); this batch just did not go out.
    if (!this.stream.writable) return settle(new TransportClosedError('The output stream is closed'));
    if (this.stream.write(text) && this.drain === undefined) return settle();
    (this.drain ??= this.waitForDrain()).then(() => settle(), settle);
  }

  /** Hands the lines batched in this tick to the stream, then ends it: nothing sent before is lost. */
  end(): void {
    if (this.streaming !== undefined) {
      // After the message going out and the writes queued behind it, in the order they were made.
      void this.afterStreaming(async () => this.end());
      return;
    }
    this.flushBatch();
    if (this.stream.writable) this.stream.end();
  }

  /** Makes every later write reject with `error`, and releases writers waiting for `drain`. */
  fail(error: Error): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    const settle = this.settleBatch;
    this.pending = '';
    this.pendingLines = 0;
    this.batchDone = this.settleBatch = undefined;
    settle?.(error);
    this.rejectDrain?.(error);
    this.drain = this.resolveDrain = this.rejectDrain = undefined;
  }

  /** Resolves once everything written so far was handed to the system (or the stream failed). */
  flush(): Promise<void> {
    if (this.streaming !== undefined) return this.afterStreaming(() => this.flush());
    this.flushBatch();
    if (!this.writable || this.stream.writableLength === 0) return RESOLVED;
    return new Promise((resolve) => {
      this.stream.write('', () => resolve());
    });
  }

  private waitForDrain(): Promise<void> {
    const promise = new Promise<void>((resolve, reject) => {
      this.resolveDrain = resolve;
      this.rejectDrain = reject;
    });
    // Callers handle the rejection; this keeps it from counting as unhandled when none is waiting.
    promise.catch(ignore);
    return promise;
  }

  private drained(): void {
    const resolve = this.resolveDrain;
    this.drain = this.resolveDrain = this.rejectDrain = undefined;
    resolve?.();
  }
}
