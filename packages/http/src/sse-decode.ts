/**
 * Server-Sent Events reading (the reader side of `sse-encode.ts`), for both eras' clients.
 * https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 *
 * It follows the standard's interpretation: lines end with CRLF, LF or CR (also split across
 * chunks); one leading BOM is skipped; `:` lines are comments; an `id:` without NUL sets the last
 * event ID buffer, which becomes the stream's last event ID at the next blank line even when that
 * event has no data (a priming event is exactly that), so an event cut off by the end of the
 * stream moves nothing; `retry:` takes only ASCII digits; an event is dispatched only when it has
 * a `data:` line. That last event ID is what legacy resumption (`Last-Event-ID`) needs.
 */
import { LocalError } from '@mcpkit/jsonrpc';

/** One event as dispatched to the reader. */
export interface ParsedSseEvent {
  /** The event type (`message` when the stream named none). */
  readonly event: string;
  /** The data lines joined with `\n`. */
  readonly data: string;
  /** The stream's last event ID when the event was dispatched (`undefined` when none, or reset to empty). */
  readonly id: string | undefined;
}

/** Thrown when one line or event grows beyond the parser's limit; the stream is then unusable. */
export class SseEventTooLargeError extends LocalError {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/http/SseEventTooLargeError';
  override readonly name = 'SseEventTooLargeError';
}

/**
 * An incremental SSE parser: `push` decoded text as it arrives, `end` at the end of the stream.
 *
 * @example
 * const parser = new SseParser((event) => console.log(event.data));
 * parser.push('id: 1\ndata: hello\n\n'); // logs 'hello'; parser.lastEventId === '1'
 */
export class SseParser {
  /** The stream's last event ID (set at each dispatch from the ID buffer); empty means none. */
  lastEventId = '';
  /** The reconnection time the server asked for with `retry:`, in ms. */
  retryMs: number | undefined;
  private idBuffer = '';
  private pending = '';
  private data: string[] = [];
  private dataChars = 0;
  private event = '';
  private first = true;
  private afterCr = false;

  constructor(
    private readonly onEvent: (event: ParsedSseEvent) => void,
    /** The longest line or event data accepted, in UTF-16 code units. */
    private readonly maxEventChars = 16 * 1024 * 1024,
  ) {}

  /** Feeds decoded text (any split). Throws `SseEventTooLargeError` past the limit. */
  push(text: string): void {
    if (this.first && text.length > 0) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // A LF right after a CR that ended the previous chunk closes nothing new.
      if (c === 10 && i === 0 && this.afterCr && this.pending === '') {
        start = 1;
        this.afterCr = false;
        continue;
      }
      this.line(this.pending + text.slice(start, i));
      this.pending = '';
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
      this.afterCr = c === 13 && i === text.length - 1;
    }
    if (start < text.length) {
      this.afterCr = false;
      this.pending += text.slice(start);
      if (this.pending.length > this.maxEventChars) throw new SseEventTooLargeError(`an SSE line was longer than ${this.maxEventChars} characters`);
    }
  }

  /** The stream ended: an event without its closing blank line is discarded, as the standard says. */
  end(): void {
    this.pending = '';
    this.data = [];
    this.dataChars = 0;
    this.event = '';
    this.idBuffer = this.lastEventId;
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.charCodeAt(0) === 58) return; // ':' comment
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    switch (field) {
      case 'data':
        this.dataChars += value.length + 1;
        if (this.dataChars > this.maxEventChars) throw new SseEventTooLargeError(`an SSE event was larger than ${this.maxEventChars} characters`);
        this.data.push(value);
        return;
      case 'event':
        this.event = value;
        return;
      case 'id':
        if (!value.includes('\0')) this.idBuffer = value;
        return;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        return;
      default:
        return; // unknown fields are ignored
    }
  }

  private dispatch(): void {
    this.lastEventId = this.idBuffer;
    const data = this.data;
    const event = this.event;
    this.data = [];
    this.dataChars = 0;
    this.event = '';
    if (data.length === 0) return;
    this.onEvent({ event: event === '' ? 'message' : event, data: data.join('\n'), id: this.lastEventId === '' ? undefined : this.lastEventId });
  }
}

/**
 * Reads an SSE body into `parser` until the stream ends or `stop()` returns true after a chunk,
 * then releases the body. Resolves `true` when stopped, `false` at the end of the stream; rejects
 * with the parser's or the body's error.
 *
 * @example await pumpSse(response.body, new SseParser(onEvent), () => done)
 */
export async function pumpSse(body: ReadableStream<Uint8Array>, parser: SseParser, stop: () => boolean = () => false): Promise<boolean> {
  const reader = body.getReader();
  // The parser skips the one BOM the standard allows; the decoder must not eat it first.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        parser.push(decoder.decode());
        parser.end();
        return false;
      }
      parser.push(decoder.decode(value, { stream: true }));
      if (stop()) return true;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
