/**
 * The resource-server guard: an `authenticate(request)` function for `@mcpkit/http`'s handler option.
 * It reads the bearer token from the `Authorization` header only, verifies it (audience = this
 * server's canonical URI), checks the scopes the request needs, and answers refusals with the
 * challenges of the spec (spec: 2026-07-28/pages/basic/authorization/index.mdx, "Token Handling",
 * "Error Handling", "Scope Challenge Handling").
 */
import { AuthError } from '../shared/errors.js';
import { missingScopes, withImpliedScopes, type Principal, type ScopeImplications } from '../shared/principal.js';
import { parseUrl, resourceMetadataUrl } from '../shared/urls.js';
import { extractBearerToken } from './bearer.js';
import { challengeResponse } from './challenge.js';
import { InvalidTokenError, type TokenVerifier } from './verifier.js';

/** Options of {@link bearerGuard}. */
export interface BearerGuardOptions {
  /** This server's canonical URI (`https://mcp.example.com/mcp`): the audience tokens must carry. */
  resource: string;
  /** Checks a token: `jwtVerifier(...)` or your own function. */
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
  /** Told about verifier failures that are not a bad token (the request gets a 500); never given the token. */
  onError?: (error: unknown) => void;
}

/** What the guard resolves with: the caller, or the refusal to send. */
export type AuthenticateResult = { principal: Principal } | Response;

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

  return async (request: Request): Promise<AuthenticateResult> => {
    const required = typeof options.requiredScopes === 'function' ? await options.requiredScopes(request) : (options.requiredScopes ?? []);
    const extracted = extractBearerToken(request);
    if (extracted.kind === 'malformed') return challengeResponse({ ...base, error: 'invalid_request', description: extracted.reason });
    if (extracted.kind === 'none') return challengeResponse({ ...base, scopes: required });

    let principal: Principal | undefined;
    try {
      principal = await options.verify(extracted.token, { request, resource });
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        return challengeResponse({ ...base, error: 'invalid_token', description: error.message, scopes: required });
      }
      options.onError?.(error);
      return new Response(JSON.stringify({ error: 'server_error', error_description: 'The access token could not be checked' }), {
        status: 500,
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      });
    }
    if (principal === undefined) return challengeResponse({ ...base, error: 'invalid_token', description: 'The token is not valid', scopes: required });

    // spec: index.mdx "Scope Challenge Handling": servers MUST account for scope hierarchies.
    if (options.scopeImplications !== undefined) principal = { ...principal, scopes: withImpliedScopes(principal.scopes, options.scopeImplications) };
    const missing = missingScopes(principal, required);
    if (missing.length > 0) {
      // spec: index.mdx "Runtime Insufficient Scope Errors": name every scope the operation needs at once.
      return challengeResponse({ ...base, error: 'insufficient_scope', description: `Missing scope: ${missing.join(' ')}`, scopes: required });
    }
    return { principal };
  };
}
