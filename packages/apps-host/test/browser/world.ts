// The world of the browser tests, on three 127.0.0.1 origins: the MCP server (our apps server,
// both eras, over Streamable HTTP with CORS for the host page), the host page, and the sandbox proxy.
// The views and the host page are bundled by esbuild from ./fixtures.
import path from 'node:path';
import { createAppsServer, appTool, view } from '@mcpkit/apps/server';
import { serveHttp, type HttpServer } from '@mcpkit/http/node';
import { dualEra } from '@mcpkit/legacy/server';
import { createServer, resource, tool } from '@mcpkit/server';
import { build } from 'esbuild';
import { sandboxProxyHtml } from '../../src/index.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');

async function bundle(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [path.join(fixtures, entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return out.outputFiles[0]!.text;
}

const inline = (code: string): string => code.replace(/<\/script/gi, '<\\/script');

function viewHtml(title: string, script: string, api: { declared: string; undeclared: string }): string {
  const buttons = ['refresh', 'model-only', 'read', 'grow', 'fullscreen', 'pip', 'inline', 'fetch-declared', 'fetch-undeclared', 'link', 'message']
    .map((id) => `<div class="row"><button id="${id}">${id}</button> <span id="${id}-out"></span></div>`)
    .join('');
  return [
    '<!doctype html><html><head><meta charset="utf-8"><title>',
    title,
    '</title><style>',
    'body{font:14px/1.4 sans-serif;margin:12px;background:#fff;color:#111}body[data-theme=dark]{background:#1d1f24;color:#eee}',
    'h1{font-size:18px;margin:0 0 8px}.row{margin:2px 0}button{font:inherit}',
    '</style></head><body>',
    `<h1>${title}</h1>`,
    '<p>status <b id="status">loading</b> · host <b id="host"></b> · tool <b id="tool"></b> · theme <b id="theme"></b> · mode <b id="mode"></b> · <span id="locale"></span></p>',
    '<p>input <code id="input"></code> · result <b id="result"></b></p>',
    buttons,
    '<ul id="rows"></ul><p>CSP violations: <code id="violations"></code></p>',
    `<script>window.__API__=${JSON.stringify(api)};</script>`,
    `<script type="module">${inline(script)}</script>`,
    '</body></html>',
  ].join('');
}

export interface World {
  readonly mcpUrl: string;
  readonly hostUrl: string;
  readonly sandboxUrl: string;
  readonly origins: { mcp: string; host: string; sandbox: string };
  /** How often the app-only refresh tool ran on the server. */
  refreshes(): number;
  close(): Promise<void>;
}

export async function startWorld(): Promise<World> {
  const [ours, reference, hostScript] = await Promise.all([bundle('view-ours.ts'), bundle('view-reference.ts'), bundle('host-page.ts')]);
  const api = { declared: '', undeclared: '' };
  let refreshes = 0;
  const pong = (): Response => new Response('pong', { headers: { 'access-control-allow-origin': '*', 'content-type': 'text/plain' } });

  const host = await serveHttp(
    async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/host.js') return new Response(hostScript, { headers: { 'content-type': 'text/javascript' } });
      if (url.pathname === '/api/ping') return pong();
      return new Response(
        '<!doctype html><html><head><meta charset="utf-8"><title>host</title><style>body{margin:0;font:14px sans-serif}#views{width:640px;padding:8px}</style></head><body><div id="views"></div><script type="module" src="/host.js"></script></body></html>',
        { headers: { 'content-type': 'text/html' } },
      );
    },
    { host: '127.0.0.1', port: 0 },
  );
  const hostOrigin = new URL(host.url).origin;
  const sandboxPage = sandboxProxyHtml({ hostOrigin });
  const sandbox = await serveHttp(async () => new Response(sandboxPage, { headers: { 'content-type': 'text/html' } }), { host: '127.0.0.1', port: 0 });

  // The MCP server listens first (its origin goes into the view's CSP), its handler set below.
  let mcpHandler: (request: Request) => Promise<Response> = async () => new Response('starting', { status: 503 });
  const mcp = await serveHttp(async (request: Request) => (new URL(request.url).pathname === '/api/ping' ? pong() : mcpHandler(request)), {
    host: '127.0.0.1',
    port: 0,
  });
  const mcpOrigin = new URL(mcp.url).origin;
  api.declared = `${mcpOrigin}/api/ping`;
  api.undeclared = `${hostOrigin}/api/ping`;
  const apps = createAppsServer({
    views: [
      view({
        uri: 'ui://sales/ours',
        name: 'sales',
        html: () => viewHtml('Sales (mcpkit view)', ours, api),
        csp: { connectDomains: [mcpOrigin] },
        prefersBorder: true,
      }),
      view({ uri: 'ui://sales/reference', name: 'sales-reference', html: () => viewHtml('Sales (reference App)', reference, api) }),
    ],
    tools: [
      appTool({
        name: 'show_sales',
        description: 'Shows sales of a region',
        view: 'ui://sales/ours',
        inputSchema: { type: 'object', properties: { region: { type: 'string' } } },
        handler: ({ region }) => ({ content: [{ type: 'text', text: `Sales in ${region}: 42` }], structuredContent: { region, total: 42 } }),
      }),
      appTool({
        name: 'show_sales_reference',
        view: 'ui://sales/reference',
        inputSchema: { type: 'object', properties: { region: { type: 'string' } } },
        handler: ({ region }) => ({ content: [{ type: 'text', text: `Reference sales in ${region}: 7` }] }),
      }),
      appTool({ name: 'refresh_sales', visibility: ['app'], handler: () => ({ content: [{ type: 'text', text: `refreshed ${++refreshes}` }] }) }),
      appTool({ name: 'model_only_sales', visibility: ['model'], handler: () => ({ content: [{ type: 'text', text: 'for the model' }] }) }),
    ],
  });
  const regions = resource({
    uri: 'data://sales/regions',
    name: 'regions',
    mimeType: 'application/json',
    read: () => ({ contents: [{ text: JSON.stringify(['EMEA', 'APAC', 'AMER']) }] }),
  });
  const server = createServer({
    info: { name: 'sales', version: '1.0.0' },
    tools: [...apps.tools, tool({ name: 'echo', handler: () => ({ content: [{ type: 'text', text: 'echo' }] }) })],
    resources: [regions],
    extensions: [apps],
    around: apps.around,
    onWarning: () => {},
  });
  mcpHandler = dualEra(server, { extensions: [apps.legacy] }).httpHandler({ cors: true, allowedOrigins: [hostOrigin] });
  const servers: HttpServer[] = [host, sandbox, mcp];
  return {
    mcpUrl: `${mcp.url}mcp`,
    hostUrl: host.url,
    sandboxUrl: `${sandbox.url}sandbox.html`,
    origins: { mcp: mcpOrigin, host: hostOrigin, sandbox: new URL(sandbox.url).origin },
    refreshes: () => refreshes,
    close: async () => {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}
