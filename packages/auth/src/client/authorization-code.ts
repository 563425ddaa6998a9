/**
 * The authorization-code grant with PKCE (S256) and RFC 8707 `resource`, and validation of the
 * authorization response: RFC 9207 `iss` exactly as the spec's table says, then `state`, then the
 * error or code (spec: 2026-07-28/pages/basic/authorization/index.mdx, "Authorization Response Validation").
 */
import { AuthError } from '../shared/errors.js';
import type { DpopProver } from './dpop.js';
import type { ClientIdentity } from './registration.js';
import type { FetchFunction } from './http.js';
import { oneLine } from './http.js';
import type { RedirectHandler } from './options.js';
import { createPkce, randomToken } from './pkce.js';
import type { ServerMetadata } from './server-metadata.js';
import { requestToken, type TokenResponse } from './token-endpoint.js';

/** What one authorization needs. */
export interface AuthorizationRequest {
  server: ServerMetadata;
  client: ClientIdentity;
  redirect: RedirectHandler;
  /** The resource identifier, verbatim from the protected resource metadata. */
  resource: string;
  /** Scopes to ask for; the parameter is omitted when empty. */
  scopes: readonly string[];
  /** DPoP: the code is bound to the key (`dpop_jkt`, RFC 9449 §10) and the token request carries a proof. */
  dpop?: DpopProver;
}

/** The per-request record kept while the user is away (spec: record the issuer with the verifier and state). */
interface PendingAuthorization {
  issuer: string;
  issParameterSupported: boolean;
  state: string;
  verifier: string;
}

/** Sends the user to authorize, validates the response and exchanges the code for tokens. */
export async function authorizeWithCode(fetch: FetchFunction, request: AuthorizationRequest, signal?: AbortSignal): Promise<TokenResponse> {
  const { server, client, redirect, resource, scopes } = request;
  if (server.authorizationEndpoint === undefined) {
    throw new AuthError('discovery_failed', `The authorization server ${server.issuer} has no authorization_endpoint`);
  }
  // spec: security-considerations.mdx "Authorization Code Protection": refuse without advertised S256.
  if (!server.codeChallengeMethodsSupported?.includes('S256')) {
    throw new AuthError('pkce_unsupported', `The authorization server ${server.issuer} does not advertise PKCE with S256; refusing to proceed`);
  }
  const pkce = await createPkce();
  const pending: PendingAuthorization = {
    issuer: server.issuer,
    issParameterSupported: server.issParameterSupported,
    state: randomToken(16),
    verifier: pkce.verifier,
  };
  const url = new URL(server.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', redirect.redirectUri);
  url.searchParams.set('code_challenge', pkce.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', pending.state);
  url.searchParams.set('resource', resource);
  if (scopes.length > 0) url.searchParams.set('scope', scopes.join(' '));
  if (request.dpop?.usesDpop(server)) url.searchParams.set('dpop_jkt', await request.dpop.thumbprint(server));

  const returned = await redirect.navigate(url, signal);
  const code = validateAuthorizationResponse(returned, pending, redirect.redirectUri);
  return requestToken(
    fetch,
    server,
    client,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect.redirectUri,
      code_verifier: pending.verifier,
      resource,
    },
    { signal, dpop: request.dpop },
  );
}

/** Checks a redirect back from the authorization server and returns its code. */
function validateAuthorizationResponse(returned: URL | string, pending: PendingAuthorization, redirectUri: string): string {
  let url: URL;
  try {
    url = new URL(returned);
  } catch {
    throw new AuthError('invalid_authorization_response', 'The redirect handler returned something that is not a URL');
  }
  const expected = new URL(redirectUri);
  if (url.origin !== expected.origin || url.pathname !== expected.pathname) {
    throw new AuthError('invalid_authorization_response', `The authorization response arrived at ${url.origin}${url.pathname}, not at the redirect URI`);
  }
  const params = url.searchParams;

  // RFC 9207 §2.4 as the spec's table states: a present iss is compared by simple string comparison
  // (no case folding, port elision, trailing-slash or percent normalization); an absent one is an error
  // only when the metadata advertised the parameter. This applies to error responses too, and on a
  // mismatch nothing of the response (error, description) is acted on or shown.
  const iss = params.get('iss');
  if (iss !== null) {
    if (iss !== pending.issuer) {
      throw new AuthError(
        'invalid_authorization_response',
        `The authorization response came from issuer ${JSON.stringify(oneLine(iss))}, not from ${JSON.stringify(pending.issuer)} (RFC 9207); ignoring it`,
      );
    }
  } else if (pending.issParameterSupported) {
    throw new AuthError(
      'invalid_authorization_response',
      `The authorization server ${pending.issuer} advertises authorization_response_iss_parameter_supported but its response has no iss (RFC 9207); ignoring it`,
    );
  }

  if (params.get('state') !== pending.state) {
    throw new AuthError('invalid_authorization_response', 'The authorization response state does not match the request; ignoring it');
  }
  const error = params.get('error');
  if (error !== null) {
    const description = params.get('error_description');
    throw new AuthError(
      'authorization_denied',
      `The authorization server refused the authorization (${oneLine(error)}${description ? `: ${oneLine(description)}` : ''})`,
      { oauthError: oneLine(error) },
    );
  }
  const code = params.get('code');
  if (code === null || code === '') throw new AuthError('invalid_authorization_response', 'The authorization response has no code');
  return code;
}
