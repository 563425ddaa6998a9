/**
 * The grants that need no browser: client credentials (OAuth 2.1 §4.2, the MCP client-credentials
 * extension), the JWT bearer grant with a workload's identity token (RFC 7523 §2.1, SEP-1933), and
 * enterprise-managed authorization (an ID-JAG from the IdP's token exchange, then the JWT bearer
 * grant; spec: extensions/auth/enterprise-managed-authorization.mdx). Each ends in one token request
 * carrying the RFC 8707 `resource` and, when the server takes them, a DPoP proof. A refused grant is
 * an error for the caller: it is never retried, nor replaced by another grant type.
 */
import { base64urlText } from '../shared/base64url.js';
import { AuthError } from '../shared/errors.js';
import type { ClientCredentialsInput } from './client-auth.js';
import type { DpopProver } from './dpop.js';
import type { FetchFunction } from './http.js';
import type { EnterpriseAuthorizationOptions, TokenSource, WorkloadIdentityOptions } from './options.js';
import type { ServerMetadata } from './server-metadata.js';
import { ID_TOKEN_TYPE, requestIdJag } from './token-exchange.js';
import { requestToken, type TokenResponse } from './token-endpoint.js';

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** What every grant here needs. */
export interface GrantContext {
  fetch: FetchFunction;
  server: ServerMetadata;
  /** The resource identifier, verbatim from the protected resource metadata. */
  resource: string;
  scopes: readonly string[];
  dpop: DpopProver;
  signal?: AbortSignal | undefined;
}

/** A grant's tokens, who they were issued to, and the id of the grant (for the authorization context key). */
export interface GrantOutcome {
  clientId: string;
  response: TokenResponse;
  grantId: string;
}

const scopeParam = (scopes: readonly string[]): string | undefined => (scopes.length > 0 ? scopes.join(' ') : undefined);

/** The client-credentials grant, authenticated with a secret (`client_secret_basic`/`_post`) or a key (`private_key_jwt`). */
export async function clientCredentialsGrant(ctx: GrantContext, client: ClientCredentialsInput): Promise<GrantOutcome> {
  const response = await requestToken(
    ctx.fetch,
    ctx.server,
    client,
    { grant_type: 'client_credentials', scope: scopeParam(ctx.scopes), resource: ctx.resource },
    { signal: ctx.signal, dpop: ctx.dpop },
  );
  return { clientId: client.clientId, response, grantId: 'client_credentials' };
}

/** The JWT bearer grant with the workload's identity token as the assertion. */
export async function workloadIdentityGrant(ctx: GrantContext, options: WorkloadIdentityOptions): Promise<GrantOutcome> {
  const assertion = await readToken(options.token, 'workloadIdentity.token');
  // RFC 7523 §3.1: client authentication is optional; the assertion says who the workload is.
  const client = options.clientId === undefined ? undefined : (options as ClientCredentialsInput);
  const response = await requestToken(
    ctx.fetch,
    ctx.server,
    client,
    { grant_type: JWT_BEARER_GRANT, assertion, scope: scopeParam(ctx.scopes), resource: ctx.resource },
    { signal: ctx.signal, dpop: ctx.dpop },
  );
  return { clientId: options.clientId ?? subjectOf(assertion) ?? 'workload', response, grantId: `workload:${subjectOf(assertion) ?? ''}` };
}

/** Token exchange at the IdP (ID token → ID-JAG), then the JWT bearer grant at the MCP server's authorization server. */
export async function enterpriseGrant(ctx: GrantContext, options: EnterpriseAuthorizationOptions, client: ClientCredentialsInput): Promise<GrantOutcome> {
  const idToken = await readToken(options.idToken, 'enterpriseAuthorization.idToken');
  const idJag = await requestIdJag(
    ctx.fetch,
    {
      idp: options.idp,
      subjectToken: idToken,
      subjectTokenType: options.subjectTokenType ?? ID_TOKEN_TYPE,
      audience: ctx.server.issuer,
      resource: ctx.resource,
      scopes: ctx.scopes,
    },
    ctx.signal,
  );
  // §5: authenticated as the client registered with the MCP server's authorization server.
  const response = await requestToken(
    ctx.fetch,
    ctx.server,
    client,
    { grant_type: JWT_BEARER_GRANT, assertion: idJag, scope: scopeParam(ctx.scopes), resource: ctx.resource },
    { signal: ctx.signal, dpop: ctx.dpop },
  );
  return { clientId: client.clientId, response, grantId: `enterprise:${subjectOf(idJag) ?? subjectOf(idToken) ?? ''}` };
}

/** The current value of a token source; its failures say which option, never the token. */
async function readToken(source: TokenSource, what: string): Promise<string> {
  let value: unknown;
  try {
    value = typeof source === 'function' ? await source() : source;
  } catch (cause) {
    if (cause instanceof AuthError) throw cause;
    throw new AuthError('invalid_configuration', `${what} could not be read`, { cause });
  }
  if (typeof value !== 'string' || value.trim() === '') throw new AuthError('invalid_configuration', `${what} is empty`);
  return value.trim();
}

/** The `sub` of a JWT, read without verifying it (only to tell grants apart; the server verifies). */
function subjectOf(jwt: string): string | undefined {
  try {
    const payload = base64urlText(jwt.split('.')[1] ?? '');
    const sub = payload === undefined ? undefined : (JSON.parse(payload) as { sub?: unknown } | null)?.sub;
    return typeof sub === 'string' && sub !== '' ? sub : undefined;
  } catch {
    return undefined;
  }
}
