/**
 * The value codec of `Mcp-Name` and `Mcp-Param-*` headers.
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Value Encoding)
 *
 * A value is sent as-is when it is printable ASCII without leading or trailing spaces; otherwise
 * (non-ASCII, control characters, surrounding whitespace, empty, or a literal that looks like the
 * sentinel) it is sent as `=?base64?<base64 of the UTF-8 bytes>?=`.
 */

const PREFIX = '=?base64?';
const SUFFIX = '?=';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const encoder = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A value an `x-mcp-header` property or `Mcp-Name` can carry. */
export type HeaderScalar = string | number | boolean;

function looksLikeSentinel(value: string): boolean {
  return value.startsWith(PREFIX) && value.endsWith(SUFFIX);
}

/** True when `value` may travel as a plain header value (no base64 needed). */
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
 * Encodes a string, safe integer or boolean as an MCP header value.
 * @throws RangeError for a number that is not a JS-safe integer (the spec allows no other numbers).
 */
export function encodeHeaderValue(value: HeaderScalar): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`header value ${value} is not a safe integer`);
    return String(value);
  }
  return isPlainHeaderValue(value) ? value : PREFIX + toBase64(value) + SUFFIX;
}

/**
 * Decodes a received `Mcp-Name` / `Mcp-Param-*` value. Returns `undefined` when the value is
 * malformed: invalid characters, bad base64, or base64 that is not UTF-8.
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
