/**
 * A server-sent events parser that keeps what legacy resumption needs: the last event id and the
 * `retry` time (2025-11-25 basic/transports.mdx, "Resumability and Redelivery").
 *
 * It follows the WHATWG event-stream interpretation: lines end with CRLF, LF or CR; an `id:` field
 * sets the last event id even when its event carries no data (a priming event is exactly that: an
 * id and empty data), an `id` containing NUL is ignored, `retry:` takes only ASCII digits, and an
 * event is dispatched at a blank line only when it has data. Comments (`:` keep-alives) are skipped.
 */

/** One dispatched event. */
export interface SseEvent {
  /** The event type (`message` when the stream named none). */
  readonly event: string;
  /** The data lines joined with `\n`. */
  readonly data: string;
  /** The last event id when the event was dispatched (`undefined` when none was ever set, or it was reset to empty). */
  readonly id: string | undefined;
}

/** Thrown when one event grows beyond the limit; the stream is then unusable. */
export class SseEventTooLargeError extends Error {
  override readonly name = 'SseEventTooLargeError';
}

/** Incremental parser: `push` decoded text as it arrives, `end` at the end of the stream. */
export class SseParser {
  /** The last event id seen (the WHATWG "last event ID buffer"); empty means none. */
  lastEventId = '';
  /** The reconnection time the server asked for with `retry:`, in ms. */
  retryMs: number | undefined;
  private pending = '';
  private data: string[] = [];
  private dataChars = 0;
  private event = '';
  private first = true;
  private afterCr = false;

  constructor(
    private readonly onEvent: (event: SseEvent) => void,
    private readonly maxEventChars = 16 * 1024 * 1024,
  ) {}

  /** Feeds decoded text. */
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
        if (!value.includes('\0')) this.lastEventId = value;
        return;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        return;
      default:
        return; // unknown fields are ignored
    }
  }

  private dispatch(): void {
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
 * Reads an SSE body into `parser` until the stream ends or `stop()` returns true after an event.
 * Resolves `true` when stopped, `false` at the end of the stream.
 */
export async function pumpSse(body: ReadableStream<Uint8Array>, parser: SseParser, stop: () => boolean): Promise<boolean> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
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
