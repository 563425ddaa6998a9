/**
 * Token requests (OAuth 2.1 §3.2): the authorization-code, refresh-token and client-credentials grants,
 * each carrying the RFC 8707 `resource`, authenticated as the client's method requires.
 */
import { AuthError } from '../shared/errors.js';
import { authenticateClient, chooseAuthMethod, type ClientCredentialsInput } from './client-auth.js';
import { oauthErrorOf, readJsonObject, type FetchLike } from './http.js';
import { splitScopes } from './scopes.js';
import type { ServerMetadata } from './server-metadata.js';

/** What a successful token response gave. */
export interface TokenResponse {
  accessToken: string;
  refreshToken?: string;
  /** Milliseconds since the epoch. */
  expiresAt?: number;
  /** The granted scopes, when the server said (RFC 6749 §5.1: absent means as requested). */
  scopes?: string[];
}

/** Posts a token request and parses the answer; failures become `token_request_failed`. */
export async function requestToken(
  fetch: FetchLike,
  server: ServerMetadata,
  client: ClientCredentialsInput,
  params: Record<string, string | undefined>,
  signal?: AbortSignal,
): Promise<TokenResponse> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) body.set(name, value);
  const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' });
  await authenticateClient(chooseAuthMethod(client, server.tokenEndpointAuthMethodsSupported), client, server.issuer, headers, body);

  const grant = params.grant_type ?? 'unknown';
  let response: Response;
  try {
    response = await fetch(server.tokenEndpoint, { method: 'POST', headers, body, signal });
  } catch (cause) {
    if (signal?.aborted) throw signal.reason;
    throw new AuthError('token_request_failed', `The token endpoint ${server.tokenEndpoint} could not be reached`, { cause });
  }
  const json = await readJsonObject(response);
  if (!response.ok) {
    const { error, description } = oauthErrorOf(json);
    throw new AuthError(
      'token_request_failed',
      `The token endpoint refused the ${grant} grant (HTTP ${response.status}${error ? `, ${error}` : ''}${description ? `: ${description}` : ''})`,
      { status: response.status, ...(error !== undefined && { oauthError: error }) },
    );
  }
  return parseTokenResponse(json, grant);
}

function parseTokenResponse(json: Record<string, unknown> | undefined, grant: string): TokenResponse {
  const accessToken = json?.access_token;
  if (json === undefined || typeof accessToken !== 'string' || accessToken === '') {
    throw new AuthError('token_request_failed', `The token response to the ${grant} grant has no access_token`);
  }
  const type = json.token_type;
  if (typeof type !== 'string' || type.toLowerCase() !== 'bearer') {
    throw new AuthError('token_request_failed', `The token response has token_type ${JSON.stringify(type)}; only Bearer is supported`);
  }
  const result: TokenResponse = { accessToken };
  if (typeof json.refresh_token === 'string' && json.refresh_token !== '') result.refreshToken = json.refresh_token;
  // Some servers send expires_in as a numeric string.
  const expiresIn = typeof json.expires_in === 'string' && /^\d+$/.test(json.expires_in) ? Number(json.expires_in) : json.expires_in;
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn >= 0) result.expiresAt = Date.now() + expiresIn * 1000;
  if (typeof json.scope === 'string') result.scopes = splitScopes(json.scope);
  return result;
}
