/**
 * Reading the access token of a request: only from the `Authorization: Bearer` header (RFC 6750 §2.1,
 * OAuth 2.1 §5.1.1). A token in the query string is a refusal, never a credential
 * (spec: 2026-07-28/pages/basic/authorization/index.mdx, "Token Requirements": MUST NOT be in the URI).
 */

/** What the request carries. */
export type BearerExtraction =
  | { kind: 'token'; token: string }
  | { kind: 'none' }
  | { kind: 'malformed'; reason: string };

const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Extracts the bearer token of `request`. */
export function extractBearerToken(request: Request): BearerExtraction {
  const url = new URL(request.url);
  if (url.searchParams.has('access_token')) {
    return { kind: 'malformed', reason: 'Access tokens are accepted only in the Authorization header, never in the URL' };
  }
  const header = request.headers.get('authorization');
  if (header === null || header.trim() === '') return { kind: 'none' };
  const match = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+)(?: +(.*))?$/.exec(header.trim());
  if (match === null) return { kind: 'malformed', reason: 'The Authorization header is malformed' };
  if (match[1]!.toLowerCase() !== 'bearer') return { kind: 'none' };
  const token = match[2] ?? '';
  if (!TOKEN68.test(token)) return { kind: 'malformed', reason: 'The Bearer credentials are malformed' };
  return { kind: 'token', token };
}
