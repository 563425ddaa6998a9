/**
 * The refusals of a resource server (RFC 6750 §3, RFC 9728 §5.1): 401 with a `Bearer` challenge naming
 * the protected resource metadata, 403 `insufficient_scope` with the scopes the operation needs, and 400
 * `invalid_request` for a malformed request. Bodies are small OAuth-style JSON; no token ever goes in.
 */
import { formatChallenge } from '../shared/www-authenticate.js';

/** What a challenge says besides the scheme. */
export interface ChallengeFields {
  /** The URL of the protected resource metadata document. */
  resourceMetadataUrl: string;
  /** `invalid_token`, `insufficient_scope`, `invalid_request`, or none (no credentials were sent). */
  error?: 'invalid_token' | 'insufficient_scope' | 'invalid_request';
  /** A human-readable reason (no secrets). */
  description?: string;
  /** The scopes needed. */
  scopes?: readonly string[];
  /** A `realm`, if the server uses one. */
  realm?: string;
}

/** The `WWW-Authenticate` value for `fields`. */
export function bearerChallengeHeader(fields: ChallengeFields): string {
  return formatChallenge('Bearer', {
    realm: fields.realm,
    error: fields.error,
    error_description: fields.description,
    scope: fields.scopes !== undefined && fields.scopes.length > 0 ? fields.scopes.join(' ') : undefined,
    resource_metadata: fields.resourceMetadataUrl,
  });
}

/** A refusal response: 401 without or with a bad token, 403 for missing scope, 400 for a malformed request. */
export function challengeResponse(fields: ChallengeFields): Response {
  const status = fields.error === 'insufficient_scope' ? 403 : fields.error === 'invalid_request' ? 400 : 401;
  const body =
    fields.error === undefined
      ? { error: 'unauthorized', error_description: fields.description ?? 'Authorization required' }
      : { error: fields.error, ...(fields.description !== undefined && { error_description: fields.description }) };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'www-authenticate': bearerChallengeHeader(fields) },
  });
}

/**
 * The 403 for a request whose token lacks `scopes` (for scope checks made after the guard, e.g. per tool).
 * @example return insufficientScopeResponse({ resourceMetadataUrl, scopes: ['files:write'] });
 */
export function insufficientScopeResponse(fields: Omit<ChallengeFields, 'error'> & { scopes: readonly string[] }): Response {
  return challengeResponse({ ...fields, error: 'insufficient_scope', description: fields.description ?? 'The access token lacks a required scope' });
}
