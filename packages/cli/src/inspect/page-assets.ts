import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

/**
 * The page: one HTML document with its script and style inlined, built by esbuild with the CLI
 * (tsup.config.ts bundles src/inspect/page into dist/inspect-page/) and read from there on first
 * use. No CDN, no second request: it works offline, and the single request is the one that carries
 * the secret. The Content-Security-Policy allows exactly that script and that style (by hash), and
 * connections to this origin only, so even content a server sends cannot make the page load or
 * send anything elsewhere.
 *
 * The Apps host (renderView of @mcpkit/apps-host, about a third of the page's size) is the one
 * exception to "one request": a second asset the page loads on first use, when a tool with a view
 * completes (`/assets/apps-host.js`, allowed by its path and checked by its SRI hash). The policy
 * served (`pagePolicy`) names it, and the sandbox proxy's origin as the only frame the page may have.
 */

/** The built page, ready to serve. */
export interface PageAssets {
  readonly html: Buffer;
  readonly gzip: Buffer;
  readonly csp: string;
}

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Where the build put the page's script and style, next to this module in dist/. */
function assetUrl(file: string): URL {
  return new URL(`./inspect-page/${file}`, import.meta.url);
}

/** The Apps host's script, loaded by the page on first use. */
export interface AppsHostAsset {
  readonly js: Buffer;
  /** Its Subresource Integrity value (`sha384-…`), which the page puts on the script element. */
  readonly integrity: string;
}

/** Where the page loads the Apps host from (on its own origin). */
export const APPS_HOST_PATH = '/assets/apps-host.js';

/**
 * The policy the page is served with: the composed one, plus the Apps host's script (by its path
 * on the page's origin) and frames from the sandbox proxy's origin only.
 */
export function pagePolicy(csp: string, pageOrigin: string, sandboxOrigin: string): string {
  return csp
    .replace(/(^|; )script-src ([^;]*)/, `$1script-src $2 ${pageOrigin}${APPS_HOST_PATH}`)
    .replace(/; frame-ancestors/, `; frame-src ${sandboxOrigin}; frame-ancestors`);
}

let loadingHost: Promise<AppsHostAsset> | undefined;

/** Reads the built Apps host once. */
export function loadAppsHost(): Promise<AppsHostAsset> {
  loadingHost ??= (async () => {
    try {
      const js = await readFile(assetUrl('apps-host.js'));
      return { js, integrity: `sha384-${createHash('sha384').update(js).digest('base64')}` };
    } catch (error) {
      loadingHost = undefined;
      throw new Error(`the inspector's Apps host is missing from this build (${(error as Error).message}); rebuild @mcpkit/cli`);
    }
  })();
  return loadingHost;
}

/** The HTML document around a script and a style (exported for the tests of the policy). */
export function composePage(script: string, style: string): PageAssets {
  // An inlined script must not contain its own end tag; `<\/` means the same inside JS strings.
  const js = script.replace(/<\/(script)/gi, '<\\/$1');
  const css = style.replace(/<\/(style)/gi, '<\\/$1');
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    '<title>mcpkit inspect</title>',
    '<link rel="icon" href="data:,">',
    `<style>${css}</style>`,
    '</head>',
    '<body>',
    '<div id="app"></div>',
    `<script>${js}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(js)}`,
    `style-src ${sha256(css)}`,
    "connect-src 'self'",
    'img-src data:',
    'media-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const body = Buffer.from(html, 'utf8');
  return { html: body, gzip: gzipSync(body, { level: 9 }), csp };
}

let loading: Promise<PageAssets> | undefined;

/** Reads and composes the built page once. */
export function loadPage(): Promise<PageAssets> {
  loading ??= (async () => {
    try {
      const [script, style] = await Promise.all([readFile(assetUrl('app.js'), 'utf8'), readFile(assetUrl('app.css'), 'utf8')]);
      return composePage(script, style);
    } catch (error) {
      loading = undefined;
      throw new Error(`the inspector's page is missing from this build (${(error as Error).message}); rebuild @mcpkit/cli`);
    }
  })();
  return loading;
}
