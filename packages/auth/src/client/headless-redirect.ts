/**
 * A {@link RedirectHandler} with no user: it GETs the authorization URL and follows the server's
 * redirects until one points at the redirect URI. Only for authorization servers that approve without
 * a login page (test servers, the conformance suite, pre-consented machine setups).
 */
import { AuthError } from '../shared/errors.js';
import type { FetchFunction } from './http.js';
import type { RedirectHandler } from './options.js';

/** Options of {@link headlessRedirect}. */
export interface HeadlessRedirectOptions {
  /** The redirect URI to register and to wait for (never actually requested). */
  redirectUri: string;
  /** The fetch to use (default: the global one). */
  fetch?: FetchFunction;
  /** How many redirects to follow before giving up (default 5). */
  maxRedirects?: number;
}

/**
 * A redirect handler that completes an auto-approving authorization without a browser.
 * @example withOAuth(fetch, { serverUrl, redirect: headlessRedirect({ redirectUri: 'http://127.0.0.1:1/callback' }) })
 */
export function headlessRedirect(options: HeadlessRedirectOptions): RedirectHandler {
  const target = new URL(options.redirectUri);
  const fetch = options.fetch ?? globalThis.fetch;
  const maxRedirects = options.maxRedirects ?? 5;
  return {
    redirectUri: options.redirectUri,
    async navigate(authorizationUrl: URL, signal?: AbortSignal): Promise<URL> {
      let url = authorizationUrl;
      for (let hop = 0; hop <= maxRedirects; hop++) {
        const response = await fetch(url, { method: 'GET', redirect: 'manual', signal });
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (response.status < 300 || response.status >= 400 || location === null) {
          throw new AuthError(
            'authorization_denied',
            `The authorization server answered ${response.status} without redirecting; it needs a user (use a browser-based redirect handler)`,
            { status: response.status },
          );
        }
        const next = new URL(location, url);
        if (next.origin === target.origin && next.pathname === target.pathname) return next;
        url = next;
      }
      throw new AuthError('authorization_denied', `The authorization server redirected more than ${maxRedirects} times`);
    },
  };
}
