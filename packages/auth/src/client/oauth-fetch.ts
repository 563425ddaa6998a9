/**
 * `withOAuth(fetch, options)`: a fetch that authorizes itself. Every request to the MCP server carries
 * `Authorization: Bearer` (never a URL parameter); a 401, or a 403 with `insufficient_scope`, starts
 * discovery, registration, authorization (or a refresh) and the request is sent again, at most
 * `maxAuthorizations` times (spec: 2026-07-28/pages/basic/authorization/index.mdx, "Access Token Usage",
 * "Step-Up Authorization Flow"). A DPoP-bound token goes as `Authorization: DPoP` with a fresh proof
 * (RFC 9449 §7.1); a server's `use_dpop_nonce` challenge is answered once with the nonce it sent (§9).
 */
import { AuthError } from '../shared/errors.js';
import { oauthChallenge, parseWwwAuthenticate, type AuthChallenge } from '../shared/www-authenticate.js';
import type { FetchFunction } from './http.js';
import type { OAuthOptions } from './options.js';
import { splitScopes } from './scopes.js';
import { OAuthSession, type RecoveryReason } from './session.js';

/** A fetch function that authorizes its requests, plus a handle on its authorization state. */
export interface OAuthFetch {
  (input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Stable, non-secret key of the current authorization (for `private` cache entries); `undefined` before sign-in. */
  readonly authorizationContextKey: string | undefined;
  /** Runs discovery and authorization now, without waiting for the server to refuse a request. */
  authorize(signal?: AbortSignal): Promise<void>;
  /** Forgets this server's tokens (client registrations are kept). */
  signOut(): Promise<void>;
}

/**
 * Wraps `fetch` so requests to `options.serverUrl` are authorized with OAuth 2.1.
 * @example
 * const authed = withOAuth(fetch, { serverUrl, redirect: await startLoopbackRedirect() });
 * const transport = new HttpClientTransport(serverUrl, { fetch: authed });
 */
export function withOAuth(fetch: FetchFunction, options: OAuthOptions): OAuthFetch {
  const session = new OAuthSession(fetch, options);
  const max = options.maxAuthorizations ?? 3;
  if (!Number.isInteger(max) || max < 1) throw new AuthError('invalid_configuration', 'maxAuthorizations must be a positive integer');
  const futile = new Set<string>();

  const oauthFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (!session.covers(new URL(request.url))) return fetch(request);
    const body = request.body === null ? null : await request.arrayBuffer();
    let authorizations = 0;
    let nonceRetried = false;
    // RFC 9449 §9: a resource server's nonce is good only there, apart from the authorization server's.
    const nonceKey = `rs:${new URL(request.url).origin}`;
    for (;;) {
      const credentials = await session.currentCredentials(request.signal);
      const headers = new Headers(request.headers);
      const dpop = credentials?.scheme === 'DPoP' && !session.dpop.isBearerOnly(nonceKey);
      if (credentials !== undefined) {
        headers.set('authorization', `${dpop ? 'DPoP' : 'Bearer'} ${credentials.accessToken}`);
        if (dpop) headers.set('dpop', await session.dpop.proof(request.method, request.url, nonceKey, credentials.accessToken));
      }
      const response = await fetch(new Request(request, { headers, body }));
      const newNonce = session.dpop.remember(nonceKey, response.headers);
      const challenge = oauthChallenge(response.headers);
      if (response.status === 401 && dpop) {
        const nonceChallenge: boolean = challenge?.params.error === 'use_dpop_nonce' && newNonce && !nonceRetried;
        // A server that challenges only with Bearer does not take DPoP (RFC 9449 §7.2): send the token as Bearer there.
        const bearerOnly = !nonceChallenge && challengesWith(response.headers, 'bearer') && !challengesWith(response.headers, 'dpop');
        if (nonceChallenge || (bearerOnly && session.dpop.markBearerOnly(nonceKey))) {
          await response.body?.cancel().catch(() => undefined);
          nonceRetried ||= nonceChallenge;
          continue;
        }
      }
      const reason = refusal(response, challenge);
      if (reason === undefined) return response;
      await response.body?.cancel().catch(() => undefined);
      const scopeKey = [...splitScopes(challenge?.params.scope)].sort().join(' ');
      if (reason === 'insufficient_scope' && futile.has(scopeKey)) throw limitError(reason, challenge, 0);
      if (authorizations >= max) {
        if (reason === 'insufficient_scope') futile.add(scopeKey);
        throw limitError(reason, challenge, authorizations);
      }
      authorizations++;
      await session.recover(reason, challenge, credentials?.accessToken, request.signal);
      if (reason === 'unauthorized') futile.clear();
    }
  };

  Object.defineProperties(oauthFetch, {
    authorizationContextKey: { get: () => session.authorizationContextKey, enumerable: true },
    authorize: { value: (signal?: AbortSignal) => session.recover('unauthorized', undefined, undefined, signal) },
    signOut: {
      value: async () => {
        futile.clear();
        await session.signOut();
      },
    },
  });
  return oauthFetch as OAuthFetch;
}

/** True when the response challenges with `scheme` (lower case). */
function challengesWith(headers: Headers, scheme: string): boolean {
  return parseWwwAuthenticate(headers.get('www-authenticate')).some((c) => c.scheme.toLowerCase() === scheme);
}

function refusal(response: Response, challenge: AuthChallenge | undefined): RecoveryReason | undefined {
  if (response.status === 401) return 'unauthorized';
  if (response.status === 403 && challenge?.params.error === 'insufficient_scope') return 'insufficient_scope';
  return undefined;
}

function limitError(reason: RecoveryReason, challenge: AuthChallenge | undefined, attempts: number): AuthError {
  const scopes = splitScopes(challenge?.params.scope);
  const needs = scopes.length > 0 ? ` (it requires scope "${scopes.join(' ')}")` : '';
  const message =
    reason === 'insufficient_scope'
      ? attempts === 0
        ? `The server refuses this request for insufficient scope${needs}, and authorizing again already failed to help; giving up`
        : `The server still refuses this request for insufficient scope${needs} after ${attempts} authorization${attempts > 1 ? 's' : ''}; giving up`
      : `The server still answers 401 Unauthorized after ${attempts} authorization${attempts > 1 ? 's' : ''}; giving up`;
  return new AuthError('retry_limit', message, { status: reason === 'insufficient_scope' ? 403 : 401, scopes });
}
