import { JsonRpcErrorCode, MessageTooLargeError, errorResponse } from '@mcpkit/jsonrpc';
import { PEEK_BYTES, peekEnvelope } from './peek-envelope.js';

/** The default longest line accepted: 8 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024;

const LF = 10;
const CR = 13;

/** How a `LineDecoder` reports what it finds. */
export interface LineDecoderOptions {
  /** Longest line accepted, in bytes (without its line ending). Default 8 MiB. */
  maxLineBytes?: number;
  /** Receives each non-empty line, decoded as UTF-8, without `\n` or `\r\n`. */
  onLine(line: string): void;
  /** Receives an error for each line longer than `maxLineBytes`; decoding resumes after its newline. */
  onOversize?(error: MessageTooLargeError): void;
}

/**
 * Splits a byte stream into lines, whatever the chunk boundaries. Lines are decoded only once complete,
 * so a multi-byte UTF-8 character split across chunks decodes correctly. Accepts `\n` and `\r\n`, skips
 * empty lines, and refuses a line longer than `maxLineBytes` without buffering it: the rest of that line
 * is discarded as it arrives and decoding resumes at the next newline.
 */
export class LineDecoder {
  private readonly maxLineBytes: number;
  private readonly onLine: (line: string) => void;
  private readonly onOversize: ((error: MessageTooLargeError) => void) | undefined;
  /** Pieces of the line in progress (only when a line spans chunks). */
  private parts: Buffer[] = [];
  private partBytes = 0;
  /** True while discarding the rest of an oversized line. */
  private skipping = false;

  constructor(options: LineDecoderOptions) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.onLine = options.onLine;
    this.onOversize = options.onOversize;
  }

  /** Bytes held for the line in progress. */
  get bufferedBytes(): number {
    return this.partBytes;
  }

  /** Decodes one chunk; calls `onLine` for every line it completes. */
  push(chunk: Buffer): void {
    const length = chunk.length;
    let start = 0;
    if (this.skipping) {
      const newline = chunk.indexOf(LF);
      if (newline === -1) return;
      this.skipping = false;
      start = newline + 1;
    }
    while (start < length) {
      const newline = chunk.indexOf(LF, start);
      if (newline === -1) break;
      if (this.partBytes === 0) this.emit(chunk, start, newline);
      else this.emitJoined(chunk.subarray(start, newline));
      start = newline + 1;
    }
    if (start < length) this.keep(start === 0 ? chunk : chunk.subarray(start));
  }

  /** Ends the stream: a last line without a newline is still delivered. */
  end(): void {
    this.skipping = false;
    if (this.partBytes > 0) this.emitJoined(undefined);
  }

  private emit(buffer: Buffer, start: number, end: number): void {
    if (end > start && buffer[end - 1] === CR) end--;
    if (end === start) return;
    if (end - start > this.maxLineBytes) this.oversize(buffer.subarray(start, end));
    else this.onLine(buffer.toString('utf8', start, end));
  }

  private emitJoined(last: Buffer | undefined): void {
    if (last !== undefined && last.length > 0) this.parts.push(last);
    const total = this.partBytes + (last === undefined ? 0 : last.length);
    const joined = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, total);
    this.parts = [];
    this.partBytes = 0;
    this.emit(joined, 0, total);
  }

  private keep(rest: Buffer): void {
    // One byte of slack: a line of exactly maxLineBytes may still be waiting for its `\r\n`.
    if (this.partBytes + rest.length > this.maxLineBytes + 1) {
      const head = this.head(rest);
      this.parts = [];
      this.partBytes = 0;
      this.skipping = true;
      this.oversize(head);
      return;
    }
    this.parts.push(rest);
    this.partBytes += rest.length;
  }

  /** The first bytes of the line in progress (enough for `peekEnvelope`), copying no more than needed. */
  private head(rest: Buffer): Buffer {
    if (this.parts.length === 0) return rest;
    const pieces: Buffer[] = [];
    let bytes = 0;
    for (const piece of [...this.parts, rest]) {
      pieces.push(piece);
      bytes += piece.length;
      if (bytes >= PEEK_BYTES) break;
    }
    return Buffer.concat(pieces, bytes);
  }

  /** Reports a refused line, with the id and kind its first bytes reveal. */
  private oversize(head: Buffer): void {
    if (this.onOversize === undefined) return;
    const { id, kind } = peekEnvelope(head);
    const limit = this.maxLineBytes;
    // A broken response is never answered; anything else gets -32600 (with its id when readable).
    const reply =
      kind === 'response' ? undefined : errorResponse(id, JsonRpcErrorCode.InvalidRequest, `Invalid Request: message exceeds the limit of ${limit} bytes`);
    this.onOversize(new MessageTooLargeError(limit, { id, reply }));
  }
}
