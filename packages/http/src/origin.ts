/**
 * `Origin` validation against DNS rebinding.
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Security & Endpoint)
 *
 * A request without `Origin` (any non-browser client) passes; a present Origin must be allowed.
 */

/** Which browser origins may call the endpoint: exact origins, a predicate, or `'*'` for any. */
export type OriginAllowList = readonly string[] | ((origin: string) => boolean) | '*';

const LOCAL_ORIGIN = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/;

/** True for `http(s)://localhost`, `127.0.0.1` or `[::1]`, on any port: the default allow-list. */
export function isLocalOrigin(origin: string): boolean {
  return LOCAL_ORIGIN.test(origin);
}

function normalize(origin: string): string {
  const trimmed = origin.trim();
  return (trimmed.endsWith('/') ? trimmed.slice(0, -1) : trimmed).toLowerCase();
}

/**
 * Builds the Origin predicate for an allow-list (default: local origins only).
 * @example const allowed = createOriginCheck(['https://app.example.com']); allowed('https://evil.test') // false
 */
export function createOriginCheck(allow?: OriginAllowList): (origin: string) => boolean {
  if (allow === undefined) return isLocalOrigin;
  if (allow === '*') return () => true;
  if (typeof allow === 'function') return allow;
  const set = new Set(allow.map(normalize));
  return (origin) => set.has(origin) || set.has(normalize(origin));
}
