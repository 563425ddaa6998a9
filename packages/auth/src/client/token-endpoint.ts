/**
 * Token requests (OAuth 2.1 §3.2): the authorization-code, refresh-token, client-credentials and
 * assertion grants, each carrying the RFC 8707 `resource`, authenticated as the client's method
 * requires, with a DPoP proof when the server takes them (RFC 9449 §5).
 */
import { AuthError } from '../shared/errors.js';
import { authenticateClient, chooseAuthMethod, type ClientCredentialsInput } from './client-auth.js';
import type { DpopProver } from './dpop.js';
import { oauthErrorOf, readJsonObject, type FetchFunction } from './http.js';
import { splitScopes } from './scopes.js';
import type { ServerMetadata } from './server-metadata.js';

/** What a successful token response gave. */
export interface TokenResponse {
  accessToken: string;
  /** `DPoP` when the server bound the token to this client's DPoP key (RFC 9449 §5), else `Bearer`. */
  tokenType: 'Bearer' | 'DPoP';
  refreshToken?: string;
  /** Milliseconds since the epoch. */
  expiresAt?: number;
  /** The granted scopes, when the server said (RFC 6749 §5.1: absent means as requested). */
  scopes?: string[];
}

/** What else a token request may need. */
export interface TokenRequestOptions {
  signal?: AbortSignal | undefined;
  /** Adds a DPoP proof when the server takes them, and answers one `use_dpop_nonce` (RFC 9449 §8). */
  dpop?: DpopProver | undefined;
}

/**
 * Posts a token request and parses the answer; failures become `token_request_failed`. Without a
 * `client` the request is not authenticated (an assertion grant whose assertion says who is asking).
 */
export async function requestToken(
  fetch: FetchFunction,
  server: ServerMetadata,
  client: ClientCredentialsInput | undefined,
  params: Record<string, string | undefined>,
  options: TokenRequestOptions = {},
): Promise<TokenResponse> {
  const { signal, dpop } = options;
  const useDpop = dpop !== undefined && dpop.usesDpop(server);
  const nonceKey = `as:${server.issuer}`;
  const grant = params.grant_type ?? 'unknown';
  for (let attempt = 0; ; attempt++) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value !== undefined) body.set(name, value);
    const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' });
    // Built again for a retry: a client assertion, like a proof, is good for one request (its jti).
    if (client !== undefined)
      await authenticateClient(chooseAuthMethod(client, server.tokenEndpointAuthMethodsSupported), client, server.issuer, headers, body);
    if (useDpop) headers.set('dpop', await dpop.proof('POST', server.tokenEndpoint, nonceKey, undefined, server));

    let response: Response;
    try {
      response = await fetch(server.tokenEndpoint, { method: 'POST', headers, body, signal });
    } catch (cause) {
      if (signal?.aborted) throw signal.reason;
      throw new AuthError('token_request_failed', `The token endpoint ${server.tokenEndpoint} could not be reached`, { cause });
    }
    const newNonce = useDpop && dpop.remember(nonceKey, response.headers);
    const json = await readJsonObject(response);
    if (!response.ok) {
      const { error, description } = oauthErrorOf(json);
      // RFC 9449 §8: the server wants its nonce in the proof; try once more with the one it sent.
      if (error === 'use_dpop_nonce' && newNonce && attempt === 0) continue;
      throw new AuthError(
        'token_request_failed',
        `The token endpoint refused the ${grant} grant (HTTP ${response.status}${error ? `, ${error}` : ''}${description ? `: ${description}` : ''})`,
        { status: response.status, ...(error !== undefined && { oauthError: error }) },
      );
    }
    return parseTokenResponse(json, grant, useDpop, dpop?.requireBoundTokens === true);
  }
}

function parseTokenResponse(json: Record<string, unknown> | undefined, grant: string, sentProof: boolean, requireBound: boolean): TokenResponse {
  const accessToken = json?.access_token;
  if (json === undefined || typeof accessToken !== 'string' || accessToken === '') {
    throw new AuthError('token_request_failed', `The token response to the ${grant} grant has no access_token`);
  }
  const type = typeof json.token_type === 'string' ? json.token_type.toLowerCase() : undefined;
  let tokenType: TokenResponse['tokenType'];
  if (type === 'bearer') {
    // RFC 9449 §5: a Bearer answer to a DPoP request is an unbound token; usable unless binding was required.
    if (sentProof && requireBound)
      throw new AuthError('token_request_failed', 'The authorization server issued an unbound (Bearer) token although DPoP-bound tokens are required');
    tokenType = 'Bearer';
  } else if (type === 'dpop' && sentProof) {
    tokenType = 'DPoP';
  } else {
    throw new AuthError(
      'token_request_failed',
      `The token response has token_type ${JSON.stringify(json.token_type)}; ${sentProof ? 'only Bearer and DPoP are' : 'only Bearer is'} supported${type === 'dpop' ? ' (the request carried no DPoP proof)' : ''}`,
    );
  }
  const result: TokenResponse = { accessToken, tokenType };
  if (typeof json.refresh_token === 'string' && json.refresh_token !== '') result.refreshToken = json.refresh_token;
  // Some servers send expires_in as a numeric string.
  const expiresIn = typeof json.expires_in === 'string' && /^\d+$/.test(json.expires_in) ? Number(json.expires_in) : json.expires_in;
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn >= 0) result.expiresAt = Date.now() + expiresIn * 1000;
  if (typeof json.scope === 'string') result.scopes = splitScopes(json.scope);
  return result;
}
