/**
 * The resource-server guard: an `authenticate(request)` function for `@mcpkit/http`'s handler option.
 * It reads the access token from the `Authorization` header only, verifies it (audience = this
 * server's canonical URI), checks the scopes the request needs, and answers refusals with the
 * challenges of the spec (spec: 2026-07-28/pages/basic/authorization/index.mdx, "Token Handling",
 * "Error Handling", "Scope Challenge Handling"). With `dpop` it also takes DPoP-bound tokens with
 * their proofs (RFC 9449 §7) and refuses a bound token sent as a bearer token.
 */
import { AuthError } from '../shared/errors.js';
import { missingScopes, withImpliedScopes, type TokenPrincipal, type ScopeImplications } from '../shared/principal.js';
import { parseUrl, resourceMetadataUrl } from '../shared/urls.js';
import { challengeResponse } from './challenge.js';
import { extractCredentials } from './credentials.js';
import { dpopRefusalResponse, type DpopRefusal } from './dpop-challenge.js';
import { DpopChecker, type DpopGuardOptions } from './dpop-guard.js';
import type { CheckedProof } from './dpop-proof.js';
import { ProofIdsFullError } from './proof-replay.js';
import { InvalidTokenError, type TokenVerifier } from './verifier.js';

/** Options of {@link bearerGuard}. */
export interface BearerGuardOptions {
  /** This server's canonical URI (`https://mcp.example.com/mcp`): the audience tokens must carry. */
  resource: string;
  /** Checks a token: `jwtVerifier(...)`, `introspectionVerifier(...)` or your own function. */
  verify: TokenVerifier;
  /** Where the protected resource metadata lives (default: the path-aware well-known URL of `resource`). */
  resourceMetadataUrl?: string;
  /**
   * Scopes every request needs, or a function of the request (e.g. by its `Mcp-Method`/`Mcp-Name`
   * headers). They are named in 401 challenges and enforced with 403 `insufficient_scope`.
   */
  requiredScopes?: readonly string[] | ((request: Request) => readonly string[] | Promise<readonly string[]>);
  /**
   * Broader scopes that imply narrower ones (`{ 'files:write': ['files:read'] }`). The principal's
   * `scopes` then include the implied ones, so later checks (`scopeChallenge`, the server's per-tool
   * scopes) agree with the guard.
   */
  scopeImplications?: ScopeImplications;
  /** An optional `realm` for the challenges. */
  realm?: string;
  /** Take DPoP-bound tokens with their proofs (RFC 9449); `true` for the defaults. */
  dpop?: boolean | DpopGuardOptions;
  /** Told about verifier failures that are not a bad token (the request gets a 500); never given the token. */
  onError?: (error: unknown) => void;
}

/** What the guard resolves with: the caller, or the refusal to send. */
export type AuthenticateResult = { principal: TokenPrincipal } | Response;

/**
 * Builds the `authenticate` hook of `@mcpkit/http`'s handler.
 * @example createHttpHandler(server, { authenticate: bearerGuard({ resource, verify: jwtVerifier({ issuer, jwksUrl }) }) })
 */
export function bearerGuard(options: BearerGuardOptions): (request: Request) => Promise<AuthenticateResult> {
  if (typeof options.verify !== 'function') throw new AuthError('invalid_configuration', 'bearerGuard needs a verify function');
  const resource = options.resource;
  const parsed = parseUrl(resource, 'The resource', 'invalid_configuration');
  if (parsed.hash !== '' || parsed.search !== '') {
    throw new AuthError('invalid_configuration', `The resource ${JSON.stringify(resource)} must have no query or fragment`);
  }
  const metadataUrl = options.resourceMetadataUrl ?? resourceMetadataUrl(resource);
  const base = { resourceMetadataUrl: metadataUrl, ...(options.realm !== undefined && { realm: options.realm }) };
  const dpop = options.dpop === undefined || options.dpop === false ? undefined : new DpopChecker(options.dpop === true ? {} : options.dpop, parsed);
  const refuse = (refusal: DpopRefusal): Response => {
    if (dpop === undefined) {
      const error = refusal.error === 'invalid_dpop_proof' || refusal.error === 'use_dpop_nonce' ? 'invalid_token' : refusal.error;
      return challengeResponse({
        ...base,
        ...(error !== undefined && { error }),
        ...(refusal.description !== undefined && { description: refusal.description }),
        ...(refusal.scopes !== undefined && { scopes: refusal.scopes }),
      });
    }
    return dpopRefusalResponse({ ...base, algs: dpop.algorithms, bearer: !dpop.required }, refusal);
  };
  const serverError = (error: unknown): Response => {
    options.onError?.(error);
    return new Response(JSON.stringify({ error: 'server_error', error_description: 'The access token could not be checked' }), {
      status: 500,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  };

  const busy = (description: string): Response =>
    new Response(JSON.stringify({ error: 'temporarily_unavailable', error_description: description }), {
      status: 503,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'retry-after': '1' },
    });

  return async (request: Request): Promise<AuthenticateResult> => {
    const required = typeof options.requiredScopes === 'function' ? await options.requiredScopes(request) : (options.requiredScopes ?? []);
    const credentials = extractCredentials(request, dpop !== undefined);
    if (credentials.kind === 'malformed') return refuse({ error: 'invalid_request', description: credentials.reason });
    if (credentials.kind === 'none') return refuse({ scopes: required });
    const { scheme, token } = credentials;
    if (scheme === 'Bearer' && dpop?.required) {
      return refuse({ scheme, error: 'invalid_token', description: 'This resource accepts only DPoP-bound access tokens', scopes: required });
    }

    let proof: { proof: CheckedProof; until: number } | undefined;
    let principal: TokenPrincipal | undefined;
    try {
      if (scheme === 'DPoP') {
        const outcome = await dpop!.checkProof(request, token);
        if ('refusal' in outcome) return refuse({ ...outcome.refusal, scopes: required });
        proof = outcome;
      }
      principal = await options.verify(token, { request, resource });
    } catch (error) {
      if (error instanceof InvalidTokenError) return refuse({ scheme, error: 'invalid_token', description: error.message, scopes: required });
      return serverError(error);
    }
    if (principal === undefined) return refuse({ scheme, error: 'invalid_token', description: 'The token is not valid', scopes: required });
    if (dpop !== undefined) {
      let refusal: DpopRefusal | undefined;
      try {
        refusal = await dpop.checkBinding(principal, scheme, proof);
      } catch (error) {
        // The default guard is full of live proofs: not a failure, a capacity (and no onError flood).
        if (error instanceof ProofIdsFullError) return busy(error.message);
        // The replay guard is unavailable: refuse rather than possibly accept a proof twice.
        return serverError(error);
      }
      if (refusal !== undefined) return refuse({ ...refusal, scopes: required });
    }

    // spec: index.mdx "Scope Challenge Handling": servers MUST account for scope hierarchies.
    if (options.scopeImplications !== undefined) principal = { ...principal, scopes: withImpliedScopes(principal.scopes, options.scopeImplications) };
    const missing = missingScopes(principal, required);
    if (missing.length > 0) {
      // spec: index.mdx "Runtime Insufficient Scope Errors": name every scope the operation needs at once.
      return refuse({ scheme, error: 'insufficient_scope', description: `Missing scope: ${missing.join(' ')}`, scopes: required });
    }
    return { principal };
  };
}
