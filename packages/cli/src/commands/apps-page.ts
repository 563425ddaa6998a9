import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sandboxProxyHtml } from '@mcpkit/apps-host';
import type { McpClient } from '@mcpkit/client';
import { serveHttp, type HttpServer } from '@mcpkit/http/node';
import type { Tool } from '@mcpkit/schema';

/**
 * The two local servers of `mcpkit apps open`: the host page (the web host of @mcpkit/apps-host,
 * rendering the view of one tool call) and the sandbox proxy, on two 127.0.0.1 ports (two origins).
 * The page reaches the MCP server through a relay on its own origin (`POST /relay/<token>`), which
 * runs the three calls a host makes (`tools/list`, `tools/call`, `resources/read`) with the CLI's client.
 */

const RELAYED = new Set(['tools/list', 'tools/call', 'resources/read']);

/** The running host page and sandbox. */
export interface AppsPage {
  /** The URL to open: the host page, with the relay token. */
  readonly url: string;
  readonly sandboxUrl: string;
  close(): Promise<void>;
}

function hostPageHtml(tool: Tool, args: Record<string, unknown>, sandboxUrl: string, token: string): string {
  const config = JSON.stringify({ tool, args, sandboxUrl, relay: `/relay/${token}` }).replace(/</g, '\\u003c');
  return `<!doctype html><html><head><meta charset="utf-8"><title>mcpkit apps: ${tool.name.replace(/[<&]/g, '')}</title>
<style>body{margin:0;font:14px/1.4 system-ui,sans-serif;background:#f4f4f5;color:#18181b}header{padding:10px 16px;background:#18181b;color:#fafafa}
main{max-width:760px;margin:16px auto;padding:0 16px}#log{font:12px ui-monospace,monospace;white-space:pre-wrap;color:#52525b}</style></head>
<body><header>mcpkit apps · <b id="tool"></b></header><main><div id="view"></div><h3>Host log</h3><div id="log"></div></main>
<script type="module">
import { renderView } from '/host.js';
const config = ${config};
document.getElementById('tool').textContent = config.tool.name;
const log = (line) => { document.getElementById('log').textContent += line + '\\n'; };
async function relay(method, params) {
  const response = await fetch(config.relay, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method, params }) });
  const body = await response.json();
  if (body.error) throw Object.assign(new Error(body.error.message), body.error);
  return body.result;
}
const client = {
  callTool: (params) => relay('tools/call', params),
  readResource: (params) => relay('resources/read', params),
  async *iterateTools() {
    let cursor;
    do {
      const page = await relay('tools/list', cursor === undefined ? {} : { cursor });
      yield* page.tools;
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  },
};
renderView(document.getElementById('view'), {
  client, tool: config.tool, arguments: config.args, sandboxUrl: config.sandboxUrl,
  hostInfo: { name: 'mcpkit-cli', version: '0' },
  hostContext: { theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light', containerDimensions: { maxHeight: 720 } },
  displayModes: ['inline', 'fullscreen'],
  onOpenLink: (url) => { log('open-link ' + url); window.open(url, '_blank', 'noopener'); },
  onMessage: (message) => log('message ' + JSON.stringify(message.content)),
  onModelContext: (context) => log('model context ' + JSON.stringify(context)),
  onLog: (message) => log('log ' + message.level + ' ' + JSON.stringify(message.data)),
  onDisplayModeChanged: (mode) => log('display mode ' + mode),
  onError: (error) => log('error ' + error.message),
}).then((handle) => handle.result.then((result) => log('tool result ' + JSON.stringify(result.content))), (error) => log('error ' + error.message));
</script></body></html>`;
}

/** Serves the host page and the sandbox for one tool call; the relay uses `client`. */
export async function serveAppsPage(client: McpClient, tool: Tool, args: Record<string, unknown>): Promise<AppsPage> {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('@mcpkit/apps-host/web.bundle.js'), 'utf8');
  const token = randomBytes(16).toString('hex');
  let hostOrigin = '';
  let sandboxUrl = '';
  const json = (body: unknown, status = 200): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const host: HttpServer = await serveHttp(
    async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/host.js') return new Response(bundle, { headers: { 'content-type': 'text/javascript' } });
      if (url.pathname === `/relay/${token}` && request.method === 'POST') {
        // Only the page itself: same origin, and the token of this run.
        if (request.headers.get('origin') !== hostOrigin) return json({ error: { code: -32600, message: 'Not from the host page' } }, 403);
        const { method, params } = (await request.json()) as { method: string; params: Record<string, unknown> };
        if (!RELAYED.has(method)) return json({ error: { code: -32601, message: `Not relayed: ${method}` } });
        try {
          if (method === 'tools/list') return json({ result: await client.listTools(params) });
          if (method === 'tools/call') return json({ result: await client.callTool(params as never) });
          return json({ result: await client.readResource(params as never) });
        } catch (error) {
          const e = error as { code?: number; message?: string; data?: unknown };
          return json({ error: { code: typeof e.code === 'number' ? e.code : -32603, message: e.message ?? String(error), data: e.data } });
        }
      }
      if (url.pathname === '/' && url.searchParams.get('token') === token) {
        return new Response(hostPageHtml(tool, args, sandboxUrl, token), { headers: { 'content-type': 'text/html' } });
      }
      return new Response('Not found', { status: 404 });
    },
    { host: '127.0.0.1', port: 0 },
  );
  hostOrigin = new URL(host.url).origin;
  const page = sandboxProxyHtml({ hostOrigin });
  const sandbox = await serveHttp(async () => new Response(page, { headers: { 'content-type': 'text/html' } }), { host: '127.0.0.1', port: 0 });
  sandboxUrl = `${sandbox.url}sandbox.html`;
  return {
    url: `${host.url}?token=${token}`,
    sandboxUrl,
    close: async () => {
      await Promise.all([host.close(), sandbox.close()]);
    },
  };
}
