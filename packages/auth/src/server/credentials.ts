/**
 * Reading the credentials of a request: an access token under the `Bearer` scheme (RFC 6750 §2.1) or,
 * when the resource takes DPoP, the `DPoP` scheme (RFC 9449 §7.1), always from the `Authorization`
 * header. A token in the query string is a refusal, never a credential
 * (spec: 2026-07-28/pages/basic/authorization/index.mdx, "Token Requirements": MUST NOT be in the URI).
 */

/** What a request carries. */
export type Credentials = { kind: 'token'; scheme: 'Bearer' | 'DPoP'; token: string } | { kind: 'none' } | { kind: 'malformed'; reason: string };

const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Extracts the access token of `request`; the `DPoP` scheme counts only when `dpop` is true (else it is another scheme: none). */
export function extractCredentials(request: Request, dpop: boolean): Credentials {
  const url = new URL(request.url);
  if (url.searchParams.has('access_token')) {
    return { kind: 'malformed', reason: 'Access tokens are accepted only in the Authorization header, never in the URL' };
  }
  const header = request.headers.get('authorization');
  if (header === null || header.trim() === '') return { kind: 'none' };
  const match = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+)(?: +(.*))?$/.exec(header.trim());
  if (match === null) return { kind: 'malformed', reason: 'The Authorization header is malformed' };
  const scheme = match[1]!.toLowerCase();
  if (scheme !== 'bearer' && !(dpop && scheme === 'dpop')) return { kind: 'none' };
  const token = match[2] ?? '';
  const name = scheme === 'bearer' ? 'Bearer' : 'DPoP';
  // Two Authorization headers arrive joined by ", ", which no token68 contains: refused here.
  if (!TOKEN68.test(token)) return { kind: 'malformed', reason: `The ${name} credentials are malformed` };
  return { kind: 'token', scheme: name, token };
}
