import type { UiResourceCsp } from './protocol.js';

/** What `buildViewCsp` made of a resource's `ui.csp`. */
export interface ViewCsp {
  /** The policy, one line (`default-src 'none'; …`). */
  readonly policy: string;
  /** Declared entries left out: not an origin (`*`, a keyword, a path, a `;`), or refused by `allow`. */
  readonly dropped: readonly string[];
}

/**
 * The Content-Security-Policy of a view, built from its `_meta.ui.csp`: exactly the declared origins
 * per directive and nothing more, the spec's restrictive default when nothing is declared
 * (`connect-src 'none'`, `frame-src 'none'`, `object-src 'none'`, `base-uri 'self'`). An entry that is
 * not a plain origin (`https://api.example.com`, `https://*.example.com`, `wss://host:8443`) is
 * dropped, so a declaration can never loosen the policy with `*`, a keyword or a second directive;
 * `allow` lets a host refuse more. The function is self-contained (a sandbox proxy page inlines it).
 *
 * @example buildViewCsp({ connectDomains: ['https://api.example.com'] }).policy
 */
export function buildViewCsp(csp?: UiResourceCsp, allow?: (origin: string, field: keyof UiResourceCsp) => boolean): ViewCsp {
  // spec: extensions/apps/2026-01-26/apps.mdx "Host Behavior" (restrictive default, no loosening) and "Sandbox proxy" 5.
  const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:([0-9]{1,5}|\*))?$/;
  const dropped: string[] = [];
  const take = (field: keyof UiResourceCsp): string[] => {
    const list = csp && Array.isArray(csp[field]) ? (csp[field] as unknown[]) : [];
    const kept: string[] = [];
    for (const entry of list) {
      const origin = typeof entry === 'string' ? entry.replace(/\/$/, '') : '';
      if (ORIGIN.test(origin) && (!allow || allow(origin, field))) {
        if (!kept.includes(origin)) kept.push(origin);
      } else dropped.push(String(entry));
    }
    return kept;
  };
  const resources = take('resourceDomains');
  const connect = take('connectDomains');
  const frames = take('frameDomains');
  const bases = take('baseUriDomains');
  const list = (items: string[]): string => (items.length > 0 ? ` ${items.join(' ')}` : '');
  const policy = [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline'${list(resources)}`,
    `style-src 'self' 'unsafe-inline'${list(resources)}`,
    `img-src 'self' data:${list(resources)}`,
    `font-src 'self'${list(resources)}`,
    `media-src 'self' data:${list(resources)}`,
    `connect-src ${connect.length > 0 ? connect.join(' ') : "'none'"}`,
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    "object-src 'none'",
    `base-uri ${bases.length > 0 ? bases.join(' ') : "'self'"}`,
  ].join('; ');
  return { policy, dropped };
}
