/**
 * The refusals of a resource server that takes DPoP (RFC 9449 §7.1, §7.2, §9): a `DPoP` challenge
 * with `algs` beside the `Bearer` one (unless only DPoP-bound tokens are accepted), the error on the
 * challenge of the scheme the request used, the `DPoP-Nonce` header with a `use_dpop_nonce` error,
 * and `resource_metadata` (RFC 9728 §5.1) on every challenge so a client finds it under either scheme.
 */
import { DPOP_NONCE_HEADER } from '../shared/dpop.js';
import { formatChallenge } from '../shared/www-authenticate.js';

/** What the resource's challenges always say. */
export interface ChallengeBase {
  resourceMetadataUrl: string;
  realm?: string;
  /** The proof algorithms accepted (`algs`). */
  algs: readonly string[];
  /** False when only DPoP-bound tokens are accepted: no `Bearer` challenge then. */
  bearer: boolean;
}

/** One refusal. */
export interface DpopRefusal {
  /** The scheme the request used; its challenge carries the error (none: no credentials were sent). */
  scheme?: 'Bearer' | 'DPoP';
  error?: 'invalid_request' | 'invalid_token' | 'insufficient_scope' | 'invalid_dpop_proof' | 'use_dpop_nonce';
  description?: string;
  scopes?: readonly string[];
  /** A fresh nonce for `DPoP-Nonce`. */
  nonce?: string;
}

/** The response for `refusal`: 400 for a malformed request, 403 for missing scope, else 401. */
export function dpopRefusalResponse(base: ChallengeBase, refusal: DpopRefusal): Response {
  const { error, description } = refusal;
  const scope = refusal.scopes !== undefined && refusal.scopes.length > 0 ? refusal.scopes.join(' ') : undefined;
  const errorOn = base.bearer && refusal.scheme !== 'DPoP' ? 'Bearer' : 'DPoP';
  const common = { realm: base.realm };
  const challenges: string[] = [];
  if (base.bearer) {
    const withError = errorOn === 'Bearer' ? { error, error_description: description } : {};
    challenges.push(formatChallenge('Bearer', { ...common, ...withError, scope, resource_metadata: base.resourceMetadataUrl }));
  }
  const withError = errorOn === 'DPoP' ? { error, error_description: description } : {};
  challenges.push(formatChallenge('DPoP', { ...common, ...withError, algs: base.algs.join(' '), scope, resource_metadata: base.resourceMetadataUrl }));

  const status = error === 'insufficient_scope' ? 403 : error === 'invalid_request' ? 400 : 401;
  const body =
    error === undefined
      ? { error: 'unauthorized', error_description: description ?? 'Authorization required' }
      : { error, ...(description !== undefined && { error_description: description }) };
  const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store', 'www-authenticate': challenges.join(', ') });
  if (refusal.nonce !== undefined) headers.set(DPOP_NONCE_HEADER, refusal.nonce);
  return new Response(JSON.stringify(body), { status, headers });
}
