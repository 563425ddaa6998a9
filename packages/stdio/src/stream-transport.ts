import type { Readable, Writable } from 'node:stream';
import { InvalidMessageError, TransportClosedError, readMessage, type CloseInfo, type JsonRpcMessage, type MessageTransport } from '@mcpkit/jsonrpc';
import { LineDecoder } from './line-decoder.js';
import { MessageWriter } from './message-writer.js';

/** Options of a `StreamTransport`. */
export interface StreamTransportOptions {
  /** Longest incoming line accepted, in bytes. Default 8 MiB. */
  maxLineBytes?: number;
  /** Reported as `TransportInfo.name`. Default `stream`. */
  name?: string;
  /**
   * Join the lines sent during one tick (the answers to the requests of one read, say) into shared
   * writes of up to 16 lines (or 64 KiB): one system call per batch instead of one per message, while
   * the peer already works on the first batch as the next ones are produced. Default true; `false`
   * writes each message at once.
   */
  batchWrites?: boolean;
}

function ignore(): void {}

/**
 * Newline-delimited JSON-RPC over any pair of Node streams (a child's pipes, a socket, `PassThrough`s):
 * the stdio framing, reusable for custom byte-stream transports.
 *
 * `onClose` fires once, when the input ends or fails, when the output fails, or on `close()`. Until the
 * output itself fails, `send` keeps working after the input ended, so answers in progress can still go out.
 */
export class StreamTransport implements MessageTransport {
  readonly kind = 'stream';
  readonly name: string;
  private readonly decoder: LineDecoder;
  private readonly writer: MessageWriter;
  private messageHandler: (message: JsonRpcMessage) => void = ignore;
  private errorHandler: (error: Error) => void = ignore;
  private closeHandler: (info: CloseInfo) => void = ignore;
  private started = false;
  private closeInfo: CloseInfo | undefined;

  constructor(
    readonly input: Readable,
    readonly output: Writable,
    options: StreamTransportOptions = {},
  ) {
    this.name = options.name ?? 'stream';
    this.decoder = new LineDecoder({
      maxLineBytes: options.maxLineBytes,
      onLine: (line) => this.receiveLine(line),
      onOversize: (error) => this.reportError(error),
    });
    this.writer = new MessageWriter(output, options.batchWrites ?? true);
    output.on('error', (error) => this.outputFailed(error));
    output.on('close', () => this.outputFailed(undefined));
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

  /** True while messages can still be written (the output has not failed or been closed). */
  get canSend(): boolean {
    return this.writer.writable;
  }

  /** Information about why the transport closed, once it did. */
  get closed(): CloseInfo | undefined {
    return this.closeInfo;
  }

  /** Starts reading the input. Idempotent. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.input.on('data', (chunk: Buffer) => this.decoder.push(chunk));
    this.input.on('end', () => {
      this.decoder.end();
      this.finish({ reason: 'The input stream ended', error: new TransportClosedError('The input stream ended') });
    });
    this.input.on('error', (error) =>
      this.finish({ reason: error.message, error: new TransportClosedError(`The input stream failed: ${error.message}`, { cause: error }) }),
    );
    this.input.on('close', () => this.finish({ reason: 'The input stream closed', error: new TransportClosedError('The input stream closed') }));
  }

  /** Writes one message as a line; resolves when the stream has room again (backpressure). */
  send(message: JsonRpcMessage): Promise<void> {
    return this.writer.write(message);
  }

  /** Stops reading input until `resume()`; the peer then blocks on a full pipe. */
  pause(): void {
    this.input.pause();
  }

  /** Resumes reading after `pause()`. */
  resume(): void {
    if (this.closeInfo === undefined) this.input.resume();
  }

  /** Resolves once everything sent so far was handed to the system. */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /**
   * Ends the output after the messages sent so far (those batched in this tick included) and keeps
   * reading: the half-close a stdio client uses to ask a server to exit.
   */
  endOutput(): void {
    this.writer.end();
  }

  /** Ends the output (after what was sent so far), stops reading, and fires `onClose`. Idempotent. */
  async close(): Promise<void> {
    this.writer.end();
    this.writer.fail(new TransportClosedError('The transport was closed'));
    this.input.destroy();
    this.finish({ reason: 'Closed by this side', error: new TransportClosedError('The transport was closed') });
  }

  private receiveLine(line: string): void {
    const message = readMessage(line);
    if (message instanceof InvalidMessageError) {
      if (line.trim().length > 0) this.reportError(message); // whitespace-only lines are skipped like empty ones
      return;
    }
    try {
      this.messageHandler(message);
    } catch (error) {
      this.reportError(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private reportError(error: Error): void {
    try {
      this.errorHandler(error);
    } catch {
      // A throwing error handler must not stop the stream.
    }
  }

  private outputFailed(error: Error | undefined): void {
    const closed = new TransportClosedError(error === undefined ? 'The output stream closed' : `The output stream failed: ${error.message}`, { cause: error });
    this.writer.fail(closed);
    this.finish({ reason: closed.message, error: closed });
  }

  private finish(info: CloseInfo): void {
    if (this.closeInfo !== undefined) return;
    this.closeInfo = info;
    try {
      this.closeHandler(info);
    } catch (error) {
      this.reportError(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
