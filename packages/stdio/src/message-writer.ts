import type { Writable } from 'node:stream';
import { TransportClosedError, type JsonRpcMessage } from '@mcpkit/jsonrpc';
import { encodeMessage } from './encode.js';

const RESOLVED: Promise<void> = Promise.resolve();

function ignore(): void {}

function flushBatch(writer: MessageWriter): void {
  writer.flushBatch();
}

export class MessageWriter {
  private drain: Promise<void> | undefined;
  private resolveDrain: (() => void) | undefined;
  private rejectDrain: ((error: Error) => void) | undefined;
  private failure: Error | undefined;
  /** Lines waiting for the end of this tick, and the settling of the promise their writers hold. */
  private pending = '';
  private batchDone: Promise<void> | undefined;
  private settleBatch: ((error?: Error) => void) | undefined;

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
    let line: string;
    try {
      line = encodeMessage(message);
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.batch) return this.enqueue(line);
    if (this.stream.write(line) && this.drain === undefined) return RESOLVED;
    return (this.drain ??= this.waitForDrain());
  }

  private enqueue(line: string): Promise<void> {
    if (this.batchDone === undefined) {
      this.batchDone = new Promise<void>((resolve, reject) => {
        this.settleBatch = (error) => (error ? reject(error) : resolve());
      });
      this.batchDone.catch(ignore);
      process.nextTick(flushBatch, this);
    }
    this.pending += line;
    return this.batchDone;
  }

  /** @internal Hands the lines of this tick to the stream in one write. */
  flushBatch(): void {
    const settle = this.settleBatch;
    if (settle === undefined) return;
    const text = this.pending;
    this.pending = '';
    this.batchDone = this.settleBatch = undefined;
    if (this.failure !== undefined) return settle(this.failure);
    // The stream's own error or close event says why (and fails the writer); this batch just did not go out.
    if (!this.stream.writable) return settle(new TransportClosedError('The output stream is closed'));
    if (this.stream.write(text) && this.drain === undefined) return settle();
    (this.drain ??= this.waitForDrain()).then(() => settle(), settle);
  }

  /** Hands the lines batched in this tick to the stream, then ends it: nothing sent before is lost. */
  end(): void {
    this.flushBatch();
    if (this.stream.writable) this.stream.end();
  }

  /** Makes every later write reject with `error`, and releases writers waiting for `drain`. */
  fail(error: Error): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    const settle = this.settleBatch;
    this.pending = '';
    this.batchDone = this.settleBatch = undefined;
    settle?.(error);
    this.rejectDrain?.(error);
    this.drain = this.resolveDrain = this.rejectDrain = undefined;
  }

  /** Resolves once everything written so far was handed to the system (or the stream failed). */
  flush(): Promise<void> {
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
