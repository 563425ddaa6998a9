/**
 * base64url without padding (RFC 4648 §5): jsonrpc's one web-standard implementation (no Buffer:
 * this runs on Workers too), under the names the auth code reads best with.
 */
import { fromBase64Url, fromUtf8, toBase64Url } from '@mcpkit/jsonrpc/encoding';

/** Encodes bytes as base64url without padding. */
export const base64url: (bytes: Uint8Array) => string = toBase64Url;

/** The UTF-8 text of base64url (padding optional); undefined when it is not base64url. */
export function base64urlText(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const bytes = fromBase64Url(text);
  return bytes === undefined ? undefined : fromUtf8(bytes);
}
