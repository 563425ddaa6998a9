/**
 * `encodeInPieces`: the JSON text of a message that carries large strings (a 16 MB tool result), as a
 * sequence of pieces instead of one string. `JSON.stringify` of such a message builds the whole text
 * at once, and writing it to a stream or socket copies it again into one native buffer: two copies of
 * the payload alive together, plus the garbage of each call. In pieces, the envelope is stringified
 * with the large strings left out, and each large string is encoded a slice at a time as the
 * transport writes it (with backpressure), so what is alive is the payload and one slice.
 *
 * The concatenated pieces are exactly `JSON.stringify(message)`: each slice is encoded by
 * `JSON.stringify` itself (or is a slice with nothing to escape), and no slice ends between the two
 * halves of a surrogate pair.
 */
import type { JsonRpcMessage } from './messages.js';

/** Strings of at least this many UTF-16 code units are encoded in pieces (256 Ki). */
export const LARGE_STRING_CHARS = 256 * 1024;
/** Each piece of a large string covers at most this many code units (256 Ki) by default. */
const SLICE_CHARS = 256 * 1024;
/** The detecting walk gives up after this many objects and arrays (a long list is not what this is for) … */
const WALK_BUDGET = 64;
/** … or this deep. */
const WALK_DEPTH = 8;

/** A character `JSON.stringify` would not copy as it is: `"`, `\`, a control character, a surrogate (lone ones are escaped). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Made on first use (Workers forbid random values at a module's top level). */
let tag: string | undefined;

function markerTag(): string {
  if (tag === undefined) {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    tag = `mcpkit-piece-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}-`;
  }
  return tag;
}

/** Options of {@link encodeInPieces}. */
export interface EncodeInPiecesOptions {
  /** Strings at least this long (UTF-16 code units) are encoded in pieces. Default {@link LARGE_STRING_CHARS}. */
  minStringChars?: number;
  /** Code units per slice of a large string. Default 256 Ki. */
  sliceChars?: number;
}

/**
 * The JSON text of `message` in pieces, when its `result` or `params` holds a string of at least
 * `minStringChars` code units; `undefined` otherwise (then `JSON.stringify(message)` is the way).
 * Joined, the pieces are exactly `JSON.stringify(message)`. Throws what `JSON.stringify` throws (a
 * `BigInt`, a cycle) before any piece is made.
 * @example const pieces = encodeInPieces(response); if (pieces) for (const piece of pieces) socket.write(piece);
 */
export function encodeInPieces(message: JsonRpcMessage, options?: EncodeInPiecesOptions): JsonPieces | undefined {
  const min = options?.minStringChars ?? LARGE_STRING_CHARS;
  const m = message as { result?: unknown; params?: unknown };
  const body = m.result !== undefined ? m.result : m.params;
  if (body === null || typeof body !== 'object') return undefined;
  budget = WALK_BUDGET;
  if (!holdsLargeString(body, min, 0)) return undefined;
  const prefix = markerTag();
  const large: string[] = [];
  // The replacer sees values in the order they are written, after `toJSON`: what it sets aside is
  // exactly what the text would have held at each marker.
  const skeleton = JSON.stringify(message, (_key, value: unknown) =>
    typeof value === 'string' && value.length >= min ? `${prefix}${large.push(value) - 1}` : value,
  );
  if (typeof skeleton !== 'string' || skeleton.charCodeAt(0) !== 123 /* { */ || large.length === 0) return undefined;
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < large.length; i++) {
    const marker = `"${prefix}${i}"`;
    const at = skeleton.indexOf(marker, from);
    if (at === -1) return undefined;
    parts.push(skeleton.slice(from, at + 1)); // up to and with the opening quote
    from = at + marker.length - 1; // the closing quote starts the next part
  }
  parts.push(skeleton.slice(from));
  // A string of the message that happened to contain the marker would shift the split: then not in pieces.
  let count = 0;
  for (let at = skeleton.indexOf(prefix); at !== -1; at = skeleton.indexOf(prefix, at + prefix.length)) count++;
  if (count !== large.length) return undefined;
  return new JsonPieces(parts, large, Math.max(2, options?.sliceChars ?? SLICE_CHARS));
}

/** Values the current walk may still look at (one walk at a time: it is synchronous). */
let budget = 0;

function holdsLargeString(value: object, min: number, depth: number): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (holds(value[i], min, depth)) return true;
    return false;
  }
  for (const key in value) if (holds((value as Record<string, unknown>)[key], min, depth)) return true;
  return false;
}

function holds(item: unknown, min: number, depth: number): boolean {
  if (typeof item === 'string') return item.length >= min;
  if (item === null || typeof item !== 'object' || depth >= WALK_DEPTH || --budget < 0) return false;
  return holdsLargeString(item, min, depth + 1);
}

/**
 * The pieces of one message's JSON text, made one at a time as they are taken (`for … of`, or
 * `next()`): the envelope's parts, and each large string's JSON encoding a slice at a time.
 */
export class JsonPieces implements IterableIterator<string> {
  /** Which part or large string comes next: even = `parts[i / 2]`, odd = `large[(i - 1) / 2]`. */
  private step = 0;
  /** Where in the current large string the next slice starts. */
  private offset = 0;

  constructor(
    private readonly parts: readonly string[],
    private readonly large: readonly string[],
    private readonly sliceChars: number,
  ) {}

  /** How many large strings the message carries (encoded in slices). */
  get largeStrings(): number {
    return this.large.length;
  }

  [Symbol.iterator](): this {
    return this;
  }

  next(): IteratorResult<string> {
    for (;;) {
      const step = this.step;
      if (step >= this.parts.length * 2 - 1) return { done: true, value: undefined };
      if (step % 2 === 0) {
        this.step++;
        const part = this.parts[step / 2]!;
        if (part.length > 0) return { done: false, value: part };
        continue;
      }
      const text = this.large[(step - 1) / 2]!;
      const start = this.offset;
      if (start >= text.length) {
        this.step++;
        this.offset = 0;
        continue;
      }
      let end = Math.min(start + this.sliceChars, text.length);
      // Never between a high and a low surrogate: apart, each half would be escaped as a lone one.
      if (end < text.length && isHigh(text.charCodeAt(end - 1)) && isLow(text.charCodeAt(end))) end--;
      this.offset = end;
      const slice = text.slice(start, end);
      return { done: false, value: NEEDS_ESCAPE.test(slice) ? JSON.stringify(slice).slice(1, -1) : slice };
    }
  }
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;
