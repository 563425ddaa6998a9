/**
 * The first half of enterprise-managed authorization: an RFC 8693 token exchange at the enterprise
 * IdP that turns the user's identity assertion into an Identity Assertion JWT Authorization Grant
 * (ID-JAG) for one MCP server (spec: extensions/auth/enterprise-managed-authorization.mdx, §4).
 */
import { AuthError } from '../shared/errors.js';
import { authenticateClient, chooseAuthMethod } from './client-auth.js';
import { oauthErrorOf, readJsonObject, type FetchFunction } from './http.js';
import type { EnterpriseIdentityProvider } from './options.js';
import { discoverServerMetadata } from './server-metadata.js';
import { parseUrl, requireSecureUrl } from '../shared/urls.js';

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ID_JAG_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';

/** What one exchange asks for. */
export interface IdJagRequest {
  idp: EnterpriseIdentityProvider;
  subjectToken: string;
  subjectTokenType: string;
  /** The issuer of the MCP server's authorization server (the ID-JAG's `aud`). */
  audience: string;
  /** The MCP server's resource identifier, verbatim from its protected resource metadata. */
  resource: string;
  scopes: readonly string[];
}

/** Exchanges the identity assertion for an ID-JAG at the IdP's token endpoint; returns the ID-JAG. */
export async function requestIdJag(fetch: FetchFunction, request: IdJagRequest, signal?: AbortSignal): Promise<string> {
  const { idp } = request;
  const { tokenEndpoint, authMethods } = await idpTokenEndpoint(fetch, idp, signal);
  const body = new URLSearchParams({
    grant_type: TOKEN_EXCHANGE_GRANT,
    requested_token_type: ID_JAG_TOKEN_TYPE,
    audience: request.audience,
    resource: request.resource,
    subject_token: request.subjectToken,
    subject_token_type: request.subjectTokenType,
  });
  if (request.scopes.length > 0) body.set('scope', request.scopes.join(' '));
  const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' });
  // §4: the exchange is authenticated as the client's single sign-on is; a public client sends its id.
  await authenticateClient(chooseAuthMethod(idp, authMethods), idp, idp.issuer ?? new URL(tokenEndpoint).origin, headers, body);

  let response: Response;
  try {
    response = await fetch(tokenEndpoint, { method: 'POST', headers, body, signal });
  } catch (cause) {
    if (signal?.aborted) throw signal.reason;
    throw new AuthError('token_request_failed', `The identity provider's token endpoint ${tokenEndpoint} could not be reached`, { cause });
  }
  const json = await readJsonObject(response);
  if (!response.ok) {
    const { error, description } = oauthErrorOf(json);
    throw new AuthError(
      'token_request_failed',
      `The identity provider refused the token exchange (HTTP ${response.status}${error ? `, ${error}` : ''}${description ? `: ${description}` : ''})`,
      { status: response.status, ...(error !== undefined && { oauthError: error }) },
    );
  }
  const grant = json?.access_token;
  if (typeof grant !== 'string' || grant === '') throw new AuthError('token_request_failed', 'The token exchange response has no access_token (the ID-JAG)');
  // §4.2: issued_token_type is REQUIRED and says what came back; anything else is not a grant for the MCP server.
  if (json?.issued_token_type !== ID_JAG_TOKEN_TYPE) {
    throw new AuthError('token_request_failed', `The token exchange issued ${JSON.stringify(json?.issued_token_type)}, not an ID-JAG (${ID_JAG_TOKEN_TYPE})`);
  }
  return grant;
}

async function idpTokenEndpoint(
  fetch: FetchFunction,
  idp: EnterpriseIdentityProvider,
  signal?: AbortSignal,
): Promise<{ tokenEndpoint: string; authMethods?: string[] | undefined }> {
  if (idp.tokenEndpoint !== undefined) {
    const what = 'The identity provider token endpoint';
    return { tokenEndpoint: requireSecureUrl(parseUrl(idp.tokenEndpoint, what, 'invalid_configuration'), what).href };
  }
  if (idp.issuer === undefined) throw new AuthError('invalid_configuration', 'enterpriseAuthorization.idp needs an issuer or a tokenEndpoint');
  const metadata = await discoverServerMetadata(fetch, idp.issuer, signal);
  return { tokenEndpoint: metadata.tokenEndpoint, authMethods: metadata.tokenEndpointAuthMethodsSupported };
}
