/**
 * What both sides of DPoP (RFC 9449) compute the same way: the `htu` a proof names for a request
 * (the target URI without query and fragment, normalised as §4.3 asks: RFC 3986 §6.2.2 syntax-based
 * and §6.2.3 scheme-based normalisation), the `ath` hash of an access token (§4.2), and the header
 * and error names.
 */
import { base64url } from './base64url.js';

/** The request header that carries a proof, and the response header that carries a server nonce. */
export const DPOP_HEADER = 'dpop';
export const DPOP_NONCE_HEADER = 'dpop-nonce';

/** The JWS algorithms DPoP proofs may use: asymmetric signatures only, never `none` or a MAC (§4.2). */
export const DPOP_ALGORITHMS = ['ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519', 'PS256', 'PS384', 'PS512', 'RS256', 'RS384', 'RS512'] as const;

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * The `htu` of a request to `url`: scheme and host in lower case, no default port, dot segments
 * removed, an empty path as `/` (the WHATWG URL parser does these), percent-escapes with upper-case
 * hex and unreserved characters decoded (RFC 3986 §6.2.2.1, §6.2.2.2), no query, no fragment.
 * @example normalizeHtu('HTTPS://Mcp.Example.com:443/a/../%7euser/mcp?x=1') // 'https://mcp.example.com/~user/mcp'
 */
export function normalizeHtu(url: string | URL): string {
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
  return `${parsed.protocol}//${parsed.host}${path}`;
}

/** The `ath` of an access token: base64url of the SHA-256 of its ASCII bytes (§4.2). */
export async function accessTokenHash(accessToken: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken));
  return base64url(new Uint8Array(digest));
}
