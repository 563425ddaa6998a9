/**
 * Authorization discovery as MCP 2025-03-26 had it, for servers that publish no protected resource
 * metadata: the MCP server's origin (the URL with its path discarded) is the authorization server;
 * its RFC 8414 metadata is looked up there, and when there is none, the default endpoints
 * `/authorize`, `/token` and `/register` of that origin are used. 2025-03-26 requires PKCE of
 * every client and server (S256), so the default endpoints are taken to support it.
 * spec: 2025-03-26 basic/authorization.mdx ("Server Metadata Discovery", "Fallbacks for Servers
 * without Metadata Discovery")
 */
import { AuthError } from '../shared/errors.js';
import type { FetchFunction } from './http.js';
import type { ResourceMetadata } from './resource-metadata.js';
import { discoverServerMetadata, type ServerMetadata } from './server-metadata.js';

/** The resource and authorization server of a server without protected resource metadata. */
export async function legacyAuthorization(
  fetch: FetchFunction,
  serverUrl: URL,
  resource: string,
  signal?: AbortSignal,
): Promise<{ resource: ResourceMetadata; server: ServerMetadata }> {
  const base = serverUrl.origin;
  const described: ResourceMetadata = { resource, authorizationServers: [base], url: serverUrl.href };
  try {
    return { resource: described, server: await discoverServerMetadata(fetch, base, signal) };
  } catch (error) {
    // Only "no metadata at all" falls back; metadata that exists but is wrong (issuer mismatch) is refused.
    if (!(error instanceof AuthError) || error.code !== 'discovery_failed' || !/^No authorization server metadata/.test(error.message)) throw error;
  }
  const server: ServerMetadata = {
    issuer: base,
    authorizationEndpoint: `${base}/authorize`,
    tokenEndpoint: `${base}/token`,
    registrationEndpoint: `${base}/register`,
    codeChallengeMethodsSupported: ['S256'],
    issParameterSupported: false,
    clientIdMetadataDocumentSupported: false,
    url: base,
  };
  return { resource: described, server };
}
