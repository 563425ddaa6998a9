/**
 * Getting a client id at an authorization server, in the spec's order of preference: pre-registered
 * credentials, a Client ID Metadata Document, dynamic client registration (RFC 7591, with
 * `application_type`), else a clear error asking the user to register one
 * (spec: 2026-07-28/pages/basic/authorization/client-registration.mdx).
 */
import { AuthError } from '../shared/errors.js';
import { isLoopbackHost } from '../shared/urls.js';
import type { ClientCredentialsInput } from './client-auth.js';
import { oauthErrorOf, readJsonObject, stringArrayField, type FetchFunction } from './http.js';
import type { ClientMetadata, OAuthOptions, PreRegisteredClient } from './options.js';
import type { ServerMetadata } from './server-metadata.js';
import type { OAuthStore, StoredClient } from './store.js';

/** A usable client identity and how it was obtained. */
export type ClientIdentity = ClientCredentialsInput & { source: StoredClient['source'] };

/** State the registration step needs from the wrapper. */
export interface RegistrationContext {
  fetch: FetchFunction;
  store: OAuthStore;
  options: OAuthOptions;
  /** Issuers that issuer-less pre-registered clients were bound to (client id → issuer). */
  bindings: Map<string, string>;
}

/** Picks the pre-registered client for `issuer`: one registered for it, else an unbound issuer-less one. */
export function preRegisteredFor(
  clients: readonly PreRegisteredClient[] | undefined,
  issuer: string,
  bindings: Map<string, string>,
): PreRegisteredClient | undefined {
  const exact = clients?.find((c) => c.issuer === issuer);
  if (exact !== undefined) return exact;
  const open = clients?.find((c) => c.issuer === undefined && (bindings.get(c.clientId) ?? issuer) === issuer);
  if (open !== undefined) bindings.set(open.clientId, issuer);
  return open;
}

/** Returns the client identity to use with `server` for the authorization-code flow. */
export async function obtainClient(ctx: RegistrationContext, server: ServerMetadata, redirectUri: string, signal?: AbortSignal): Promise<ClientIdentity> {
  const pre = preRegisteredFor(ctx.options.clients, server.issuer, ctx.bindings);
  if (pre !== undefined) return { ...pre, source: 'pre-registered' };

  const cimd = ctx.options.clientMetadataUrl;
  if (cimd !== undefined && server.clientIdMetadataDocumentSupported) {
    return { clientId: cimd, tokenEndpointAuthMethod: 'none', source: 'metadata-document' };
  }

  const stored = await ctx.store.getClient(server.issuer);
  if (stored !== undefined && stored.source === 'dynamic' && stillUsable(stored, redirectUri)) return toIdentity(stored);

  if (server.registrationEndpoint !== undefined && ctx.options.dynamicRegistration !== false) {
    const registered = await register(ctx.fetch, server, redirectUri, ctx.options.clientMetadata ?? {}, signal);
    await ctx.store.setClient(server.issuer, registered);
    return toIdentity(registered);
  }

  throw new AuthError(
    'client_identity_required',
    `No client id for the authorization server ${server.issuer}: no pre-registered client for it, ` +
      `${cimd === undefined ? 'no clientMetadataUrl configured' : 'it does not support Client ID Metadata Documents'}, ` +
      `and ${server.registrationEndpoint === undefined ? 'it offers no dynamic registration' : 'dynamic registration is disabled'}. ` +
      'Register a client with it and pass it in the `clients` option.',
  );
}

function stillUsable(client: StoredClient, redirectUri: string): boolean {
  const expires = client.clientSecretExpiresAt;
  if (expires !== undefined && expires !== 0 && expires * 1000 <= Date.now() + 30_000) return false;
  return client.redirectUris === undefined || client.redirectUris.includes(redirectUri);
}

function toIdentity(client: StoredClient): ClientIdentity {
  return {
    clientId: client.clientId,
    ...(client.clientSecret !== undefined && { clientSecret: client.clientSecret }),
    ...(client.tokenEndpointAuthMethod !== undefined && { tokenEndpointAuthMethod: client.tokenEndpointAuthMethod }),
    source: client.source,
  };
}

/** `native` for loopback and custom-scheme redirect URIs, `web` for remote HTTPS ones. */
export function applicationTypeFor(redirectUri: string): 'native' | 'web' {
  try {
    const url = new URL(redirectUri);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'native';
    return isLoopbackHost(url.hostname) ? 'native' : 'web';
  } catch {
    return 'native';
  }
}

function requestedAuthMethod(server: ServerMetadata): string {
  const methods = server.tokenEndpointAuthMethodsSupported;
  if (methods === undefined || methods.includes('none')) return 'none';
  if (methods.includes('client_secret_basic')) return 'client_secret_basic';
  if (methods.includes('client_secret_post')) return 'client_secret_post';
  return 'none';
}

async function register(
  fetch: FetchFunction,
  server: ServerMetadata,
  redirectUri: string,
  metadata: ClientMetadata,
  signal?: AbortSignal,
): Promise<StoredClient> {
  const endpoint = server.registrationEndpoint!;
  const request = {
    client_name: metadata.clientName ?? 'MCP client',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: requestedAuthMethod(server),
    // spec: client-registration.mdx "Application Type": MUST be sent in dynamic registration.
    application_type: metadata.applicationType ?? applicationTypeFor(redirectUri),
    ...(metadata.clientUri !== undefined && { client_uri: metadata.clientUri }),
    ...(metadata.logoUri !== undefined && { logo_uri: metadata.logoUri }),
    ...(metadata.softwareId !== undefined && { software_id: metadata.softwareId }),
    ...(metadata.softwareVersion !== undefined && { software_version: metadata.softwareVersion }),
    ...(metadata.contacts !== undefined && { contacts: metadata.contacts }),
  };
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw signal.reason;
    throw new AuthError('registration_failed', `The registration endpoint ${endpoint} could not be reached`, { cause });
  }
  const json = await readJsonObject(response);
  if (!response.ok) {
    const { error, description } = oauthErrorOf(json);
    throw new AuthError(
      'registration_failed',
      `Dynamic client registration at ${endpoint} was refused (HTTP ${response.status}${error ? `, ${error}` : ''}${description ? `: ${description}` : ''})`,
      { status: response.status, ...(error !== undefined && { oauthError: error }) },
    );
  }
  if (json === undefined || typeof json.client_id !== 'string' || json.client_id === '') {
    throw new AuthError('registration_failed', `The registration response of ${endpoint} has no client_id`);
  }
  return {
    clientId: json.client_id,
    ...(typeof json.client_secret === 'string' && json.client_secret !== '' && { clientSecret: json.client_secret }),
    ...(typeof json.client_secret_expires_at === 'number' && { clientSecretExpiresAt: json.client_secret_expires_at }),
    ...(typeof json.token_endpoint_auth_method === 'string' && { tokenEndpointAuthMethod: json.token_endpoint_auth_method }),
    redirectUris: stringArrayField(json, 'redirect_uris') ?? [redirectUri],
    source: 'dynamic',
  };
}
