/**
 * Server-Sent Events framing (the writer side). The reader side is `sse-decode.ts`.
 * https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 */

/** One SSE event to write. */
export interface SseEvent {
  /** The payload; line breaks become several `data:` lines and come back as `\n`. */
  data: string;
  /** The event id (legacy resumability). Must not contain line breaks or NUL. */
  id?: string;
  /** The event type; the reader defaults it to `message`. Must not contain line breaks. */
  event?: string;
  /** Reconnection delay the client should use, in milliseconds. */
  retry?: number;
}

const LINE_BREAK = /\r\n|\r|\n/;

function field(name: string, value: string): string {
  if (LINE_BREAK.test(value) || (name === 'id' && value.includes('\0'))) {
    throw new TypeError(`SSE ${name} must not contain a line break${name === 'id' ? ' or NUL' : ''}`);
  }
  return `${name}: ${value}\n`;
}

/**
 * Encodes one SSE event (ending with the blank line that dispatches it).
 * @example encodeSseEvent({ data: JSON.stringify(message) }) // 'data: {...}\n\n'
 */
export function encodeSseEvent(event: SseEvent): string {
  let out = '';
  if (event.event !== undefined) out += field('event', event.event);
  if (event.id !== undefined) out += field('id', event.id);
  if (event.retry !== undefined) {
    if (!Number.isInteger(event.retry) || event.retry < 0) throw new RangeError('SSE retry must be a non-negative integer');
    out += `retry: ${event.retry}\n`;
  }
  if (LINE_BREAK.test(event.data)) {
    for (const line of event.data.split(LINE_BREAK)) out += `data: ${line}\n`;
  } else {
    out += `data: ${event.data}\n`;
  }
  return out + '\n';
}

/** Encodes an SSE comment line (clients ignore it); used as a keep-alive. */
export function encodeSseComment(text = ''): string {
  if (LINE_BREAK.test(text)) throw new TypeError('SSE comment must not contain a line break');
  return text === '' ? ':\n\n' : `: ${text}\n\n`;
}

/** Fast path for our own serialized JSON, which never contains a raw line break. */
export function sseJsonEvent(json: string): string {
  return 'data: ' + json + '\n\n';
}
