import type { Annotations, Icon } from '@mcpkit/schema';
import { resource, type ContentsItem, type RequestContext, type ResourceDefinition } from '@mcpkit/server';
import { UI_MIME_TYPE, type UiPermissions, type UiResourceCsp, type UiResourceMeta } from '../protocol.js';

/** How a server author describes a view: a `ui://` HTML resource. */
export interface ViewConfig {
  /** `ui://…` (anything else is refused). */
  uri: string;
  name: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  annotations?: Annotations;
  /** Must be `text/html;profile=mcp-app` when given (the only view type of the 2026-01-26 text). */
  mimeType?: string;
  /** The HTML document, or a function that makes it when the view is read. */
  html: string | ((ctx: RequestContext) => string | Promise<string>);
  /** Send the HTML base64-encoded in `blob` instead of `text`. */
  asBlob?: boolean;
  /** Origins the view needs (`_meta.ui.csp`); none by default. */
  csp?: UiResourceCsp;
  /** Browser features the view asks for (`_meta.ui.permissions`). */
  permissions?: UiPermissions;
  /** A dedicated sandbox origin, in the format of the host. */
  domain?: string;
  /** Ask for (true) or against (false) a border and background. */
  prefersBorder?: boolean;
  /** Show the view in `resources/list` (default true; the spec lets servers leave views out). */
  listed?: boolean;
  /** Caching hints of reads (default none). */
  ttlMs?: number;
  cacheScope?: 'public' | 'private';
  /** Scopes a caller's principal must hold to read it. */
  scopes?: readonly string[];
}

/** A view ready to serve: its resource and what a tool links to. */
export interface ViewDefinition {
  readonly kind: 'view';
  readonly uri: string;
  readonly listed: boolean;
  readonly meta: UiResourceMeta;
  readonly resource: ResourceDefinition;
}

const UI_URI = /^ui:\/\/[^\s]+$/;

function check(condition: boolean, message: string): void {
  if (!condition) throw new TypeError(message);
}

function encodeBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function checkOrigins(uri: string, csp: UiResourceCsp | undefined): void {
  if (csp === undefined) return;
  for (const [field, list] of Object.entries(csp)) {
    check(['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'].includes(field), `View ${uri}: csp.${field} is not a CSP field of MCP Apps`);
    check(Array.isArray(list) && list.every((entry) => typeof entry === 'string'), `View ${uri}: csp.${field} must be an array of origins`);
  }
}

/**
 * Defines a view: a `ui://` resource of type `text/html;profile=mcp-app` whose contents carry
 * `_meta.ui` (CSP, permissions, domain, border). Throws a `TypeError` for a URI that is not `ui://`,
 * another MIME type, or HTML that is neither a string nor a function.
 *
 * @example view({ uri: 'ui://clock/face', name: 'clock', html: '<!doctype html><p id="now"></p>' })
 */
export function view(config: ViewConfig): ViewDefinition {
  const { uri } = config;
  // spec: extensions/apps/2026-01-26/apps.mdx "Content Requirements" — ui:// and text/html;profile=mcp-app.
  check(typeof uri === 'string' && UI_URI.test(uri), `View URI ${JSON.stringify(uri)} must use the ui:// scheme (MCP Apps UI resources)`);
  check(
    config.mimeType === undefined || config.mimeType === UI_MIME_TYPE,
    `View ${uri}: mimeType must be ${UI_MIME_TYPE}, got ${JSON.stringify(config.mimeType)}`,
  );
  check(typeof config.html === 'string' || typeof config.html === 'function', `View ${uri}: html must be a string or a function returning one`);
  checkOrigins(uri, config.csp);
  const meta: UiResourceMeta = {
    ...(config.csp && { csp: config.csp }),
    ...(config.permissions && { permissions: config.permissions }),
    ...(config.domain !== undefined && { domain: config.domain }),
    ...(config.prefersBorder !== undefined && { prefersBorder: config.prefersBorder }),
  };
  const hasMeta = Object.keys(meta).length > 0;
  const html = config.html;
  const definition = resource({
    uri,
    name: config.name,
    ...(config.title !== undefined && { title: config.title }),
    ...(config.description !== undefined && { description: config.description }),
    ...(config.icons && { icons: config.icons }),
    ...(config.annotations && { annotations: config.annotations }),
    ...(config.ttlMs !== undefined && { ttlMs: config.ttlMs }),
    ...(config.cacheScope && { cacheScope: config.cacheScope }),
    ...(config.scopes && { scopes: config.scopes }),
    mimeType: UI_MIME_TYPE,
    ...(hasMeta && { _meta: { ui: meta } }),
    read: async (_uri, ctx) => {
      const text = typeof html === 'string' ? html : await html(ctx);
      if (typeof text !== 'string') throw new TypeError(`View ${uri}: its html function returned ${typeof text}, not a string`);
      const item: ContentsItem = config.asBlob ? { uri, mimeType: UI_MIME_TYPE, blob: encodeBase64(text) } : { uri, mimeType: UI_MIME_TYPE, text };
      if (hasMeta) item._meta = { ui: meta };
      return { contents: [item] };
    },
  });
  return Object.freeze({ kind: 'view', uri, listed: config.listed ?? true, meta, resource: definition });
}
