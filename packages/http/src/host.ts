/**
 * `Host` validation against DNS rebinding, for servers reached by name: a page on a hostile domain
 * that resolves to 127.0.0.1 sends that domain as `Host` (and often no `Origin` a server could
 * check, say for a form post or a request made by a non-browser tool the page drives).
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Security & Endpoint: DNS rebinding)
 */

/** Which `Host` names may reach the endpoint: names (any port) or `name:port` pairs, a predicate, or `'*'`. */
export type HostAllowList = readonly string[] | ((host: string) => boolean) | '*';

const LOCAL_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** The name part of a Host value (`[::1]:3000` → `[::1]`, `Example.COM:80` → `example.com`). */
function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end < 0 ? value : value.slice(0, end + 1);
  }
  const colon = value.lastIndexOf(':');
  return colon < 0 ? value : value.slice(0, colon);
}

/**
 * Builds the Host predicate for an allow-list (default: localhost, 127.0.0.1 and [::1] on any port).
 * A missing Host header never passes a list (HTTP/1.1 requires one).
 * @example const allowed = createHostCheck(['mcp.example.com']); allowed('evil.test:3000') // false
 */
export function createHostCheck(allow: HostAllowList = LOCAL_HOSTS): (host: string | null | undefined) => boolean {
  if (allow === '*') return () => true;
  if (typeof allow === 'function') return (host) => typeof host === 'string' && allow(host);
  const names = new Set<string>();
  const exact = new Set<string>();
  for (const entry of allow) {
    const value = entry.trim().toLowerCase();
    if (hostName(value) === value) names.add(value);
    else exact.add(value);
  }
  return (host) => {
    if (typeof host !== 'string' || host === '') return false;
    const value = host.trim().toLowerCase();
    return exact.has(value) || names.has(hostName(value));
  };
}
