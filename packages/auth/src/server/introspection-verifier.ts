/**
 * A {@link TokenVerifier} for opaque access tokens: RFC 7662 token introspection at the authorization
 * server, the answers kept in a bounded cache keyed by a hash of the token (never the token itself).
 * The raw answer is cached and judged on every use (`active`, `exp`, `nbf`, `iss`, `aud` containing
 * this server's canonical URI, RFC 8707 §2), so one cache can serve several resources and a cached
 * token still expires on time. Concurrent lookups of one token share one request. A DPoP-bound
 * token's `cnf` (RFC 9449 §6.2) lands in the principal's claims, where the guard checks the binding.
 */
import { base64url } from '../shared/base64url.js';
import { AuthError } from '../shared/errors.js';
import type { TokenPrincipal } from '../shared/principal.js';
import { principalFromClaims } from './jwt-verifier.js';
import { IntrospectionCache } from './introspection-cache.js';
import { InvalidTokenError, type TokenVerifier, type VerifyContext } from './verifier.js';

/** Options of {@link introspectionVerifier}. */
export interface IntrospectionVerifierOptions {
  /** The authorization server's introspection endpoint (`introspection_endpoint` of its metadata). */
  endpoint: string | URL;
  /** This resource server's client id at the authorization server (sent with `clientSecret` as HTTP Basic). */
  clientId?: string;
  clientSecret?: string;
  /** Or any headers that authenticate the introspection request (`{ authorization: 'Bearer …' }`). */
  headers?: Record<string, string>;
  /** The exact issuer; an answer naming another `iss` is refused. */
  issuer?: string;
  /** Accepted audiences (default: the guard's resource). */
  audience?: string | readonly string[];
  /** Accept an answer without `aud` (default false: the spec requires an audience check). */
  allowMissingAudience?: boolean;
  /** How long an answer is reused, in seconds (default 60; never past the token's `exp`). 0: no cache. */
  cacheSeconds?: number;
  /** How many answers the cache holds at most (default 10 000; the least recently used go first). */
  cacheSize?: number;
  /** How long the authorization server may take to answer, in ms (default 5000). */
  timeoutMs?: number;
  /** Clock skew allowed on `exp`/`nbf`, in seconds (default 5). */
  clockToleranceSeconds?: number;
  /** The fetch used for introspection requests (default: the global `fetch`). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** The clock, in milliseconds since the epoch (default `Date.now`). */
  now?: () => number;
}

/**
 * Verifies tokens by asking the authorization server about them.
 * @example bearerGuard({ resource, verify: introspectionVerifier({ endpoint: `${issuer}/introspect`, clientId, clientSecret }) })
 */
export function introspectionVerifier(options: IntrospectionVerifierOptions): TokenVerifier {
  const endpoint = new URL(options.endpoint).href;
  const now = options.now ?? Date.now;
  const tolerance = options.clockToleranceSeconds ?? 5;
  const cacheMs = (options.cacheSeconds ?? 60) * 1000;
  if (!Number.isFinite(cacheMs) || cacheMs < 0) throw new AuthError('invalid_configuration', 'introspectionVerifier cacheSeconds must be 0 or more');
  if (options.clientSecret !== undefined && options.clientId === undefined)
    throw new AuthError('invalid_configuration', 'introspectionVerifier clientSecret needs its clientId');
  const cache = new IntrospectionCache(options.cacheSize ?? 10_000);
  const inFlight = new Map<string, Promise<Record<string, unknown>>>();

  const introspect = async (token: string): Promise<Record<string, unknown>> => {
    const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...options.headers });
    if (options.clientId !== undefined) {
      const encode = (v: string) => new URLSearchParams({ v }).toString().slice(2);
      headers.set('authorization', `Basic ${btoa(`${encode(options.clientId)}:${encode(options.clientSecret ?? '')}`)}`);
    }
    const body = new URLSearchParams({ token, token_type_hint: 'access_token' });
    const fetch = options.fetch ?? globalThis.fetch;
    const response = await fetch(endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
    // Not a verdict on the token: the guard answers 500 and tells onError.
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      throw new AuthError('introspection_failed', `The introspection endpoint ${endpoint} answered HTTP ${response.status}`, { status: response.status });
    }
    const json: unknown = await response.json().catch(() => undefined);
    if (json === null || typeof json !== 'object' || Array.isArray(json) || typeof (json as { active?: unknown }).active !== 'boolean') {
      throw new AuthError('introspection_failed', `The introspection endpoint ${endpoint} did not answer with an RFC 7662 response`);
    }
    return json as Record<string, unknown>;
  };

  return async (token: string, context: VerifyContext): Promise<TokenPrincipal> => {
    const key = await tokenKey(token);
    let answer = cache.get(key, now());
    if (answer === undefined) {
      let pending = inFlight.get(key);
      if (pending === undefined) {
        pending = introspect(token).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      answer = await pending;
      if (cacheMs > 0) {
        const exp = typeof answer.exp === 'number' ? answer.exp * 1000 : Number.POSITIVE_INFINITY;
        cache.set(key, answer, Math.min(now() + cacheMs, exp));
      }
    }
    return judge(answer, context, options, now() / 1000, tolerance);
  };
}

function judge(answer: Record<string, unknown>, context: VerifyContext, options: IntrospectionVerifierOptions, now: number, tolerance: number): TokenPrincipal {
  if (answer.active !== true) throw new InvalidTokenError('The token is not active');
  if (typeof answer.exp === 'number' && answer.exp + tolerance <= now) throw new InvalidTokenError('The token has expired');
  if (typeof answer.nbf === 'number' && answer.nbf - tolerance > now) throw new InvalidTokenError('The token is not valid yet');
  if (options.issuer !== undefined && answer.iss !== undefined && answer.iss !== options.issuer) {
    throw new InvalidTokenError('The token was issued by another authorization server');
  }
  const accepted = options.audience === undefined ? [context.resource] : typeof options.audience === 'string' ? [options.audience] : [...options.audience];
  const aud =
    typeof answer.aud === 'string' ? [answer.aud] : Array.isArray(answer.aud) ? answer.aud.filter((a): a is string => typeof a === 'string') : undefined;
  if (aud === undefined ? options.allowMissingAudience !== true : !aud.some((a) => accepted.includes(a))) {
    throw new InvalidTokenError('The token was not issued for this server');
  }
  // A client-credentials token may name no user: its subject is then the client.
  const subject = typeof answer.sub === 'string' && answer.sub !== '' ? answer.sub : typeof answer.client_id === 'string' ? answer.client_id : undefined;
  return principalFromClaims({ ...answer, ...(subject !== undefined && { sub: subject }) });
}

/** The cache key of a token: SHA-256, so the cache never holds a usable token. */
async function tokenKey(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return base64url(new Uint8Array(digest));
}
