import type { Writable } from 'node:stream';
import { TransportClosedError, type JsonRpcMessage } from '@mcpkit/jsonrpc';
import { encodeMessage } from './encode.js';

const RESOLVED: Promise<void> = Promise.resolve();

function ignore(): void {}

function uncork(writer: MessageWriter): void {
  writer.uncork();
}

/**
 * Writes messages as lines to a `Writable`, honouring backpressure: `write` resolves at once while the
 * stream has room, and otherwise with the next `drain` (one promise shared by every write that waits).
 * With `batch`, the writes of one tick are corked into a single system call.
 */
export class MessageWriter {
  private drain: Promise<void> | undefined;
  private resolveDrain: (() => void) | undefined;
  private rejectDrain: ((error: Error) => void) | undefined;
  private failure: Error | undefined;
  private corked = false;

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
    if (this.batch && !this.corked) {
      this.corked = true;
      this.stream.cork();
      process.nextTick(uncork, this);
    }
    if (this.stream.write(line) && this.drain === undefined) return RESOLVED;
    return (this.drain ??= this.waitForDrain());
  }

  /** Makes every later write reject with `error`, and releases writers waiting for `drain`. */
  fail(error: Error): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    this.rejectDrain?.(error);
    this.drain = this.resolveDrain = this.rejectDrain = undefined;
  }

  /** Resolves once everything written so far was handed to the system (or the stream failed). */
  flush(): Promise<void> {
    if (this.corked) this.uncork();
    if (!this.writable || this.stream.writableLength === 0) return RESOLVED;
    return new Promise((resolve) => {
      this.stream.write('', () => resolve());
    });
  }

  /** @internal Ends the batch of this tick. */
  uncork(): void {
    if (!this.corked) return;
    this.corked = false;
    this.stream.uncork();
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
