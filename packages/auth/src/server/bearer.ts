/**
 * Reading the bearer token of a request: only from the `Authorization: Bearer` header (RFC 6750 §2.1,
 * OAuth 2.1 §5.1.1). A token in the query string is a refusal, never a credential
 * (spec: 2026-07-28/pages/basic/authorization/index.mdx, "Token Requirements": MUST NOT be in the URI).
 */
import { extractCredentials } from './credentials.js';

/** What the request carries. */
export type BearerExtraction = { kind: 'token'; token: string } | { kind: 'none' } | { kind: 'malformed'; reason: string };

/** Extracts the bearer token of `request`. */
export function extractBearerToken(request: Request): BearerExtraction {
  const credentials = extractCredentials(request, false);
  return credentials.kind === 'token' ? { kind: 'token', token: credentials.token } : credentials;
}
