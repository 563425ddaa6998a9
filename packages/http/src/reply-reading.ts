/**
 * Reading a reply body on the client: bounded text, short excerpts for error messages, and the
 * SSE stream of a request (parsed with `SseParser`).
 */
import { HttpTransportError } from './errors.js';
import { pumpSse, SseEventTooLargeError, SseParser } from './sse-decode.js';

const EXCERPT_BYTES = 1024;

/** Reads a whole body as text, failing above `maxBytes`. */
export async function readTextLimited(response: Response, maxBytes: number): Promise<string> {
  const body = response.body;
  if (body === null) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    total += value.byteLength;
    if (total > maxBytes) {
      reader.cancel().catch(() => {});
      throw new HttpTransportError(`reply body larger than ${maxBytes} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** The first kilobyte of a body, for error messages; never fails. */
export async function readExcerpt(response: Response): Promise<string> {
  const body = response.body;
  if (body === null) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
    }
    reader.cancel().catch(() => {});
  } catch {
    // a broken body still leaves the status to report
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const text = new TextDecoder().decode(bytes.subarray(0, EXCERPT_BYTES));
  return total > EXCERPT_BYTES ? `${text}…` : text;
}

/**
 * Feeds every SSE event's data to `onData` until it returns true (the final message) or the
 * stream ends. Resolves true when `onData` accepted a final message. Comments (keep-alives) and
 * events of other types are ignored; an event over `maxEventBytes` characters fails the stream.
 */
export async function readSseData(body: ReadableStream<Uint8Array>, maxEventBytes: number, onData: (data: string) => boolean): Promise<boolean> {
  let final = false;
  const parser = new SseParser((event) => {
    if (!final && event.event === 'message') final = onData(event.data);
  }, maxEventBytes);
  try {
    await pumpSse(body, parser, () => final);
  } catch (error) {
    if (error instanceof SseEventTooLargeError) throw new HttpTransportError(`an SSE event was larger than ${maxEventBytes} characters`);
    throw error;
  }
  return final;
}
