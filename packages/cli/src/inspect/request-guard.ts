import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SECRET_HEADER } from './protocol.js';

/**
 * Who may use the inspector: only its own page, opened from the URL it printed. A local web server
 * is reachable by every page the user visits (a fetch to 127.0.0.1 needs no permission), and by a
 * site whose name is made to resolve to 127.0.0.1 (DNS rebinding). So every request must:
 * - name this server in `Host` (127.0.0.1:PORT or localhost:PORT): a rebound name is refused;
 * - come from this page's origin when the browser says where it comes from (`Origin`,
 *   `Sec-Fetch-Site`): another origin, another port of 127.0.0.1 included, is refused;
 * - carry the run's secret: in the printed URL for the page, in the `Mcpkit-Inspect-Secret`
 *   header for the API. A custom header cannot be sent across origins without a CORS preflight,
 *   which this server never grants, and unlike a cookie it is not sent by the browser on its own.
 */

/** A fresh secret for one run: 32 random bytes, base64url. */
export function makeSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What a request is for: the page itself (secret in the query) or the API (secret in a header). */
export type RequestKind = 'page' | 'api';

/** Why a request was refused, or nothing when it may go on. */
export type Refusal = { readonly status: number; readonly reason: string } | undefined;

/** The request's facts the guard reads. */
export interface GuardedRequest {
  readonly headers: IncomingHttpHeaders;
  /** The query's `secret` (page requests). */
  readonly querySecret: string | null;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Compares secrets in constant time (their digests have one length whatever was sent). */
export function sameSecret(given: string | undefined | null, secret: string): boolean {
  if (typeof given !== 'string' || given === '') return false;
  return timingSafeEqual(digest(given), digest(secret));
}

/** Checks one request against the rules above. */
export function checkRequest(request: GuardedRequest, kind: RequestKind, port: number, secret: string): Refusal {
  const host = request.headers.host;
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
    return { status: 403, reason: `Host ${JSON.stringify(host ?? '')} is not this inspector (only 127.0.0.1:${port}); a rebound DNS name is refused` };
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) {
    return { status: 403, reason: `Origin ${JSON.stringify(origin)} may not use this inspector (only its own page, http://${host})` };
  }
  const site = request.headers['sec-fetch-site'];
  // `none`: the user opened the printed URL themselves; only the page may be reached that way.
  if (site !== undefined && site !== 'same-origin' && !(kind === 'page' && site === 'none')) {
    return { status: 403, reason: `a request from another site (Sec-Fetch-Site: ${site}) is refused` };
  }
  const header = request.headers[SECRET_HEADER.toLowerCase()];
  const given = kind === 'page' ? request.querySecret : Array.isArray(header) ? undefined : header;
  if (!sameSecret(given, secret)) {
    return { status: 403, reason: kind === 'page' ? "the URL lacks this run's secret: open the URL mcpkit printed" : "the request lacks this run's secret" };
  }
  return undefined;
}

/**
 * The sandbox's own secret, derived from the run's: the sandbox proxy's URL carries it, and the
 * Apps views it frames share the sandbox's origin (they can read that URL), so it must not be the
 * page's secret. It opens the sandbox page only, which holds nothing and can reach nothing.
 */
export function sandboxSecret(secret: string): string {
  return createHash('sha256').update(`mcpkit inspect sandbox\0${secret}`).digest('base64url');
}

/**
 * Checks a request to the sandbox proxy's port: the same rules, for a page that is only ever
 * framed by the inspector's page (another port of the same host, so `Sec-Fetch-Site: same-site`
 * and `Sec-Fetch-Dest: iframe` when the browser says so), never opened or fetched from elsewhere.
 */
export function checkSandboxRequest(request: GuardedRequest, port: number, secret: string): Refusal {
  const host = request.headers.host;
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
    return {
      status: 403,
      reason: `Host ${JSON.stringify(host ?? '')} is not this inspector's sandbox (only 127.0.0.1:${port}); a rebound DNS name is refused`,
    };
  }
  // A frame's navigation sends no Origin; a fetch or a form from any page would.
  if (request.headers.origin !== undefined) return { status: 403, reason: `Origin ${JSON.stringify(request.headers.origin)} may not fetch the sandbox` };
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-site' && site !== 'same-origin') {
    return { status: 403, reason: `the sandbox is framed by the inspector's page only (Sec-Fetch-Site: ${site})` };
  }
  const dest = request.headers['sec-fetch-dest'];
  if (dest !== undefined && dest !== 'iframe') return { status: 403, reason: `the sandbox is a frame only (Sec-Fetch-Dest: ${dest})` };
  if (!sameSecret(request.querySecret, secret)) return { status: 403, reason: "the sandbox URL lacks this run's sandbox secret" };
  return undefined;
}

/** Headers on every answer: nothing cached, nothing framed, no referrer, no sniffing, no other origin reading it. */
export const SAFE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Headers of the sandbox page: the same, except that it is framed (by the inspector's page; the
 * proxy itself stays inert under any other parent) and carries no policy of its own, which the
 * view's frame would inherit (the view gets the policy built from its `ui.csp` instead).
 */
export const SANDBOX_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};
