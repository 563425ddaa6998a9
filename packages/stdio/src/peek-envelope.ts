import type { RequestId } from '@mcpkit/jsonrpc';

/** What the first bytes of a message tell about it. */
export interface Envelope {
  /** The top-level `id`, when it appears in the bytes seen. */
  id: RequestId | null;
  /** `request` when a top-level `method` was seen, `response` for `result`/`error`, else `unknown`. */
  kind: 'request' | 'response' | 'unknown';
}

/** How much of a refused line is examined. */
export const PEEK_BYTES = 4096;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Reads the top-level `id` and kind of a JSON-RPC message from its first bytes, without parsing the
 * rest: used only for a line too long to decode, so its request can be answered (or its pending request
 * failed) instead of waiting for a timeout. Nested objects and string contents are skipped correctly.
 */
export function peekEnvelope(head: Uint8Array): Envelope {
  const end = Math.min(head.length, PEEK_BYTES);
  let id: RequestId | null = null;
  let kind: Envelope['kind'] = 'unknown';
  let depth = 0;
  let expectKey = false;
  let i = 0;
  while (i < end) {
    const c = head[i]!;
    if (c === QUOTE) {
      const close = endOfString(head, i, end);
      if (close === -1) break;
      if (depth === 1 && expectKey) {
        const key = Buffer.from(head.buffer, head.byteOffset + i + 1, close - i - 1).toString('latin1');
        expectKey = false;
        i = skipSpaceAndColon(head, close + 1, end);
        if (key === 'method') kind = 'request';
        else if ((key === 'result' || key === 'error') && kind === 'unknown') kind = 'response';
        else if (key === 'id') id = readId(head, i, end) ?? id;
        continue;
      }
      i = close + 1;
      continue;
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
      expectKey = depth === 1 && c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    } else if (c === 0x2c /* , */ && depth === 1) {
      expectKey = true;
    }
    i++;
  }
  return { id, kind };
}

/** Index of the quote closing the string that starts at `start`, or -1 if it is cut off. */
function endOfString(bytes: Uint8Array, start: number, end: number): number {
  for (let i = start + 1; i < end; i++) {
    const c = bytes[i];
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return -1;
}

function skipSpaceAndColon(bytes: Uint8Array, i: number, end: number): number {
  while (i < end && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x3a /* : */ || bytes[i] === 0x0d || bytes[i] === 0x0a)) i++;
  return i;
}

/** Digits, sign, fraction and exponent characters: a number token ends at anything else. */
function isNumberByte(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;
}

/** Reads a string or integer id at `i`; undefined when it is something else or cut off. */
function readId(bytes: Uint8Array, i: number, end: number): RequestId | undefined {
  let stop = i;
  if (bytes[i] === QUOTE) {
    stop = endOfString(bytes, i, end);
    if (stop === -1) return undefined;
    stop++;
  } else {
    while (stop < end && isNumberByte(bytes[stop]!)) stop++;
    if (stop === i || stop === end) return undefined;
  }
  try {
    const value: unknown = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + i, stop - i).toString('utf8'));
    return typeof value === 'string' || Number.isInteger(value) ? (value as RequestId) : undefined;
  } catch {
    return undefined;
  }
}
