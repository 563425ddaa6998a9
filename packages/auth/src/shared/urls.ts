/**
 * URL rules shared by both sides: canonical resource URIs (RFC 8707 §2), the well-known locations of
 * protected resource metadata (RFC 9728 §3.1) and authorization server metadata (RFC 8414 §3.1 and
 * OpenID Connect Discovery, in the order of the MCP spec), and the HTTPS-or-loopback rule.
 */
import { AuthError } from './errors.js';

const PRM_SUFFIX = '/.well-known/oauth-protected-resource';

/** True for `localhost`, `127.0.0.0/8` and `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Parses `value` as an absolute URL, or throws an {@link AuthError} naming `what`. */
export function parseUrl(value: string | URL, what: string, code: 'invalid_configuration' | 'discovery_failed' = 'discovery_failed'): URL {
  try {
    return new URL(value);
  } catch {
    throw new AuthError(code, `${what} is not an absolute URL: ${JSON.stringify(String(value))}`);
  }
}

/** Throws unless `url` is HTTPS, or HTTP on a loopback host (OAuth 2.1 §1.5). */
export function requireSecureUrl(url: URL, what: string): URL {
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return url;
  throw new AuthError('insecure_url', `${what} must use HTTPS (or HTTP on a loopback address): ${url.origin}`);
}

/**
 * The canonical URI of an MCP server for `resource` parameters and audiences (RFC 8707 §2): lower-case
 * scheme and host, no fragment, no query, and no trailing slash after a bare host.
 * @example canonicalResourceUri('HTTPS://MCP.Example.com/mcp#x') // 'https://mcp.example.com/mcp'
 */
export function canonicalResourceUri(serverUrl: string | URL): string {
  const url = parseUrl(serverUrl, 'The server URL', 'invalid_configuration');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AuthError('invalid_configuration', `The server URL must be http(s): ${url.protocol}`);
  }
  return url.origin + (url.pathname === '/' ? '' : url.pathname);
}

/** The path-aware protected resource metadata URL (`/.well-known/oauth-protected-resource/<path>`). */
export function resourceMetadataUrl(resource: string | URL): string {
  const url = parseUrl(resource, 'The resource', 'invalid_configuration');
  return url.origin + PRM_SUFFIX + (url.pathname === '/' ? '' : url.pathname);
}

/** The metadata URLs a client tries for a server URL: path-aware first, then the root (deduplicated). */
export function resourceMetadataCandidates(serverUrl: URL): string[] {
  const pathAware = resourceMetadataUrl(serverUrl);
  const root = serverUrl.origin + PRM_SUFFIX;
  return pathAware === root ? [root] : [pathAware, root];
}

/**
 * The authorization server metadata URLs for an issuer, in the spec's priority order:
 * with a path, RFC 8414 path insertion, OIDC path insertion, OIDC path appending; without one,
 * RFC 8414 then OIDC.
 */
export function authorizationServerMetadataCandidates(issuer: URL): string[] {
  const path = issuer.pathname === '/' ? '' : issuer.pathname.replace(/\/$/, '');
  if (path === '') {
    return [`${issuer.origin}/.well-known/oauth-authorization-server`, `${issuer.origin}/.well-known/openid-configuration`];
  }
  return [
    `${issuer.origin}/.well-known/oauth-authorization-server${path}`,
    `${issuer.origin}/.well-known/openid-configuration${path}`,
    `${issuer.origin}${path}/.well-known/openid-configuration`,
  ];
}

/**
 * True when a protected resource identifier covers `target`: same origin, and the resource's path is
 * the target's path or a parent of it on a `/` boundary. A resource with a query or fragment covers nothing.
 */
export function resourceCovers(resource: string, target: URL): boolean {
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    return false;
  }
  if (url.hash !== '' || url.search !== '' || url.origin !== target.origin) return false;
  const base = url.pathname.replace(/\/+$/, '');
  return base === '' || target.pathname === base || target.pathname.startsWith(`${base}/`);
}
