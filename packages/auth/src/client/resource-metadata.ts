/**
 * Finding an MCP server's protected resource metadata (RFC 9728): the `resource_metadata` URL of the
 * server's challenge first, then the path-aware well-known URL, then the root one
 * (spec: 2026-07-28/pages/basic/authorization/authorization-server-discovery.mdx).
 */
import { AuthError } from '../shared/errors.js';
import { parseUrl, requireSecureUrl, resourceCovers, resourceMetadataCandidates } from '../shared/urls.js';
import { getJson, stringArrayField, stringField, type FetchFunction } from './http.js';

/** The parts of a protected resource metadata document the client uses. */
export interface ResourceMetadata {
  /** The resource identifier, exactly as published (sent verbatim as RFC 8707 `resource`). */
  resource: string;
  /** Issuer identifiers of the authorization servers, in the server's order (at least one). */
  authorizationServers: string[];
  /** The scopes the server suggests for basic use, when it lists them. */
  scopesSupported?: string[];
  /** Where the document was found. */
  url: string;
}

/**
 * Fetches and validates the protected resource metadata of `serverUrl`. The document's `resource`
 * must cover the server URL (same origin, a parent path), or the document is refused.
 */
export async function discoverResourceMetadata(
  fetch: FetchFunction,
  serverUrl: URL,
  headerUrl: string | undefined,
  signal?: AbortSignal,
): Promise<ResourceMetadata> {
  const found = await findResourceMetadata(fetch, serverUrl, headerUrl, signal);
  if (found.metadata !== undefined) return found.metadata;
  throw new AuthError('discovery_failed', `No protected resource metadata for ${serverUrl.href} (tried ${found.failures.join('; ')})`);
}

/**
 * Like `discoverResourceMetadata`, but a server that publishes none at any candidate URL is not an
 * error: it may be a 2025-03-26 server, whose origin is its authorization server.
 */
export async function findResourceMetadata(
  fetch: FetchFunction,
  serverUrl: URL,
  headerUrl: string | undefined,
  signal?: AbortSignal,
): Promise<{ metadata?: ResourceMetadata; failures: string[] }> {
  const candidates = resourceMetadataCandidates(serverUrl);
  if (headerUrl !== undefined) {
    const fromHeader = requireSecureUrl(parseUrl(headerUrl, 'The resource_metadata URL of the challenge'), 'The resource metadata URL');
    candidates.unshift(fromHeader.href);
  }
  const failures: string[] = [];
  for (const url of [...new Set(candidates)]) {
    const outcome = await getJson(fetch, url, signal);
    if (!outcome.ok) {
      failures.push(`${url}: ${outcome.reason}`);
      continue;
    }
    return { metadata: validate(outcome.body, url, serverUrl), failures };
  }
  return { failures };
}

function validate(body: Record<string, unknown>, url: string, serverUrl: URL): ResourceMetadata {
  const resource = stringField(body, 'resource');
  if (resource === undefined) {
    throw new AuthError('discovery_failed', `The protected resource metadata at ${url} has no "resource"`);
  }
  // RFC 9728 §3.3: metadata whose resource is not the one we asked about must not be used.
  if (!resourceCovers(resource, serverUrl)) {
    throw new AuthError(
      'resource_mismatch',
      `The protected resource metadata at ${url} is for ${JSON.stringify(resource)}, which does not cover ${serverUrl.href}; refusing to authorize`,
    );
  }
  const servers = stringArrayField(body, 'authorization_servers')?.filter((s) => s !== '') ?? [];
  if (servers.length === 0) {
    throw new AuthError('discovery_failed', `The protected resource metadata at ${url} lists no authorization_servers`);
  }
  const scopes = stringArrayField(body, 'scopes_supported');
  return { resource, authorizationServers: servers, ...(scopes !== undefined && { scopesSupported: scopes }), url };
}
