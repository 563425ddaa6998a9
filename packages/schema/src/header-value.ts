/**
 * The value codec of the `Mcp-Name` and `Mcp-Param-*` headers, and how a received value is compared
 * with the body. Protocol knowledge shared by every client and server of the HTTP transport.
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx ("Value Encoding", "Server Validation")
 *
 * A value travels as-is when it is visible ASCII with inner spaces only; anything else (non-ASCII,
 * control characters including tab, leading or trailing whitespace, the empty string, or a literal
 * that looks like the sentinel) travels as `=?base64?<base64 of the UTF-8 bytes>?=`.
 */

const PREFIX = '=?base64?';
const SUFFIX = '?=';
/** Canonical padded base64: `SGVsbG8` (no padding) and characters outside the alphabet are malformed. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** A JSON number as a header may spell an integer: `42`, `-7`, `42.0`, `4.2e1` (not `042`, `0x2A`, `+1`). */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const encoder = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A value an `x-mcp-header` argument or `Mcp-Name` can carry: a string, a JS-safe integer or a boolean. */
export type HeaderScalar = string | number | boolean;

function looksLikeSentinel(value: string): boolean {
  return value.startsWith(PREFIX) && value.endsWith(SUFFIX);
}

/**
 * True when `value` may travel as a plain header value: non-empty visible ASCII (0x21–0x7E) with
 * inner spaces only, and not shaped like the `=?base64?…?=` sentinel.
 *
 * @example isPlainHeaderValue('us west 1') // true; isPlainHeaderValue(' padded ') // false
 */
export function isPlainHeaderValue(value: string): boolean {
  const n = value.length;
  if (n === 0 || value.charCodeAt(0) === 0x20 || value.charCodeAt(n - 1) === 0x20) return false;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return !looksLikeSentinel(value);
}

function toBase64(text: string): string {
  const bytes = encoder.encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000) as unknown as number[]);
  }
  return btoa(binary);
}

/**
 * Encodes a string, JS-safe integer or boolean as a header value: strings as-is unless unsafe,
 * integers in decimal, booleans as `true`/`false`. Throws a `RangeError` for any other number
 * (the spec allows no `number` type, and integers must be within ±(2^53−1)).
 *
 * @example encodeHeaderValue('Hello, 世界') // '=?base64?SGVsbG8sIOS4lueVjA==?='
 */
export function encodeHeaderValue(value: HeaderScalar): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`header value ${value} is not a JS-safe integer`);
    return String(value);
  }
  return isPlainHeaderValue(value) ? value : PREFIX + toBase64(value) + SUFFIX;
}

/**
 * Decodes a received `Mcp-Name` / `Mcp-Param-*` value. Returns `undefined` when it is malformed:
 * characters a header value may not hold, base64 that is not canonical, or bytes that are not UTF-8.
 * A value without both exact lowercase markers is a literal.
 *
 * @example decodeHeaderValue('=?base64?SGVsbG8sIOS4lueVjA==?=') // 'Hello, 世界'
 */
export function decodeHeaderValue(raw: string): string | undefined {
  if (raw.length >= PREFIX.length + SUFFIX.length && looksLikeSentinel(raw)) {
    const inner = raw.slice(PREFIX.length, raw.length - SUFFIX.length);
    if (!BASE64.test(inner)) return undefined;
    const binary = atob(inner);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    try {
      return strictUtf8.decode(bytes);
    } catch {
      return undefined;
    }
  }
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c > 0x7e) return undefined;
  }
  return raw;
}

/**
 * True when a decoded header value mirrors `bodyValue`: strings exactly (values are case-sensitive),
 * booleans as `true`/`false`, numbers by value (`42` equals `42.0` and `4.2e1`).
 *
 * @example headerValueMatches('42.0', 42) // true
 */
export function headerValueMatches(decoded: string, bodyValue: unknown): boolean {
  switch (typeof bodyValue) {
    case 'string':
      return decoded === bodyValue;
    case 'boolean':
      return decoded === (bodyValue ? 'true' : 'false');
    case 'number':
      return JSON_NUMBER.test(decoded) && Number(decoded) === bodyValue;
    default:
      return false;
  }
}
