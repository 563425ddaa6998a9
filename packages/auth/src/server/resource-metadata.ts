/**
 * Serving the protected resource metadata document (RFC 9728 §3) at its well-known path: the
 * path-aware URL `/.well-known/oauth-protected-resource/<path of the resource>` and, if asked, the root
 * (spec: 2026-07-28/pages/basic/authorization/authorization-server-discovery.mdx).
 */
import { AuthError } from '../shared/errors.js';
import { parseUrl, requireSecureUrl } from '../shared/urls.js';

/** Options of {@link protectedResourceMetadata}. */
export interface ProtectedResourceMetadataOptions {
  /** This server's canonical URI (`https://mcp.example.com/mcp`). */
  resource: string;
  /** Issuer identifiers of the authorization servers (at least one). */
  authorizationServers: readonly string[];
  /** The scopes needed for basic use (spec: do not list `offline_access`). */
  scopesSupported?: readonly string[];
  /** A human-readable name of the server. */
  resourceName?: string;
  /** A page with documentation for developers. */
  resourceDocumentation?: string;
  /** Further RFC 9728 fields, as-is. */
  extra?: Record<string, unknown>;
  /** Serve the document at the root well-known URL too (default false). */
  alsoAtRoot?: boolean;
  /** `Cache-Control: max-age` in seconds (default 3600). */
  maxAgeSeconds?: number;
}

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/**
 * A request handler answering the metadata document at its well-known path(s), `undefined` for other paths.
 * @example const metadata = protectedResourceMetadata({ resource, authorizationServers: [issuer] });
 * const response = metadata(request) ?? (await mcpHandler(request));
 */
export function protectedResourceMetadata(options: ProtectedResourceMetadataOptions): (request: Request) => Response | undefined {
  const resource = parseUrl(options.resource, 'The resource', 'invalid_configuration');
  if (resource.hash !== '') throw new AuthError('invalid_configuration', 'The resource must not have a fragment');
  if (options.authorizationServers.length === 0) {
    throw new AuthError('invalid_configuration', 'Protected resource metadata must list at least one authorization server');
  }
  for (const issuer of options.authorizationServers)
    requireSecureUrl(parseUrl(issuer, 'An authorization server', 'invalid_configuration'), 'An authorization server');
  if (options.scopesSupported?.includes('offline_access')) {
    throw new AuthError('invalid_configuration', 'scopesSupported must not list offline_access (it is not a resource requirement)');
  }

  const document = JSON.stringify({
    ...options.extra,
    resource: options.resource,
    authorization_servers: [...options.authorizationServers],
    ...(options.scopesSupported !== undefined && { scopes_supported: [...options.scopesSupported] }),
    bearer_methods_supported: ['header'],
    ...(options.resourceName !== undefined && { resource_name: options.resourceName }),
    ...(options.resourceDocumentation !== undefined && { resource_documentation: options.resourceDocumentation }),
  });
  const paths = new Set([WELL_KNOWN + (resource.pathname === '/' ? '' : resource.pathname)]);
  if (options.alsoAtRoot) paths.add(WELL_KNOWN);
  const headers = {
    'content-type': 'application/json',
    'cache-control': `public, max-age=${options.maxAgeSeconds ?? 3600}`,
    'access-control-allow-origin': '*',
  };

  return (request: Request): Response | undefined => {
    if (!paths.has(new URL(request.url).pathname)) return undefined;
    if (request.method === 'GET') return new Response(document, { status: 200, headers });
    if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, HEAD, OPTIONS', 'access-control-max-age': '86400' },
      });
    }
    return new Response(null, { status: 405, headers: { allow: 'GET, HEAD, OPTIONS' } });
  };
}
