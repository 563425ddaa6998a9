/**
 * The MCP side of the adapter tests: a dual-era server (both revisions on one endpoint) whose tools
 * tell who called (the principal) and stream progress, and the two clients that call it over HTTP.
 */
import { connect } from '@mcpkit/legacy';
import { dualEra } from '@mcpkit/legacy';
import { createServer, tool } from '@mcpkit/server';

/** The handler's body limit in these tests. */
export const MAX_BODY = 4096;

export function dualServer() {
  const server = createServer({
    info: { name: 'adapter-test', version: '1.0.0' },
    onWarning: () => {},
    tools: [
      tool({
        name: 'whoami',
        inputSchema: { type: 'object', properties: { pad: { type: 'string' } } },
        handler: (_args, ctx) => ({ content: [{ type: 'text', text: ctx.principal?.subject ?? 'anonymous' }] }),
      }),
      tool({
        name: 'count',
        inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
        handler: async ({ n }, ctx) => {
          for (let i = 1; i <= Number(n); i++) await ctx.progress(i, Number(n));
          return { content: [{ type: 'text', text: `counted ${n}` }] };
        },
      }),
    ],
  });
  const dual = dualEra(server, { onError: () => {} });
  return { dual, handler: dual.httpHandler({ limits: { maxBodyBytes: MAX_BODY } }) };
}

/** A client of one era, with a bearer token the test's auth middleware turns into the principal. */
export function client(url: string, era: 'modern' | 'legacy', user?: string) {
  return connect(url, { era, eraCache: false, onWarning: () => undefined, http: user ? { headers: { authorization: `Bearer ${user}` } } : {} });
}

/** Calls a tool and returns its first text. */
export async function text(
  client: Awaited<ReturnType<typeof connect>>,
  name: string,
  args: Record<string, unknown> = {},
  onProgress?: (p: { progress: number }) => void,
) {
  const result = await client.callTool({ name, arguments: args }, onProgress ? { onProgress } : undefined);
  return (result.content[0] as { text: string }).text;
}

/** A POST the way a browser page on another origin, or an oversize client, would send it. */
export function rawPost(url: string, body: string, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'whoami',
      ...headers,
    },
    body,
  });
}

/** A tools/call body padded to `size` bytes. */
export function paddedCall(size: number): string {
  const base = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'whoami',
      arguments: { pad: '' },
      _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
    },
  };
  const length = JSON.stringify(base).length;
  base.params.arguments.pad = 'x'.repeat(Math.max(0, size - length));
  return JSON.stringify(base);
}

/** A POST through node:http, which (unlike fetch) lets the test choose the Host header (DNS rebinding). */
export async function postWithHost(url: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'whoami',
          ...headers,
        },
      },
      (res) => {
        let body = '';
        res
          .setEncoding('utf8')
          .on('data', (c: string) => (body += c))
          .on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(paddedCall(0));
  });
}
