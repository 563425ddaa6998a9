// The real thing: @mcpkit/server behind createHttpHandler on 127.0.0.1, driven by HttpClientTransport
// under a jsonrpc Connection. spec: 2026-07-28/pages/basic/transports/streamable-http.mdx
import { Connection, RemoteError, type JsonObject } from '@mcpkit/jsonrpc';
import { createServer, tool } from '@mcpkit/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerParamsFromSchema, mcpParamHeaders } from '@mcpkit/schema';
import { createHttpHandler, HttpClientTransport } from '../src/index.js';
import { serveHttp, type HttpServer } from '../src/node/index.js';
import { META, until } from './helpers.js';

const cancelled: string[] = [];
const server = createServer({
  info: { name: 'e2e', version: '1.0.0' },
  mode: 'production',
  onWarning: () => {},
  tools: [
    tool({
      name: 'sql',
      inputSchema: {
        type: 'object',
        properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, query: { type: 'string' } },
        required: ['region', 'query'],
      },
      handler: ({ region, query }: any) => ({ content: [{ type: 'text', text: `${region}: ${query}` }] }),
    }),
    tool({
      name: 'steps',
      handler: async (_args, ctx) => {
        await ctx.progress(1, 2);
        await ctx.progress(2, 2);
        return { content: [{ type: 'text', text: 'stepped' }] };
      },
    }),
    tool({
      name: 'block',
      handler: (_args, ctx) =>
        new Promise((resolve) => {
          cancelled.push('started');
          ctx.signal.addEventListener('abort', () => {
            cancelled.push('block');
            resolve({ content: [] });
          });
        }),
    }),
  ],
});

let http: HttpServer;
let connection: Connection;
beforeAll(async () => {
  http = await serveHttp(createHttpHandler(server));
  connection = new Connection(new HttpClientTransport(http.url));
  await connection.start();
});
afterAll(async () => {
  await connection.close();
  await http.close();
});

describe('@mcpkit/server over @mcpkit/http', () => {
  it('discovers the server', async () => {
    const result = await connection.request('server/discover', { _meta: META });
    expect(result.supportedVersions).toContain('2026-07-28');
  });

  it('mirrors x-mcp-header arguments computed from tools/list, and the server accepts them', async () => {
    const { tools } = await connection.request<{ tools: Array<{ name: string; inputSchema: JsonObject }> }>('tools/list', { _meta: META });
    const sql = tools.find((t) => t.name === 'sql')!;
    const params = headerParamsFromSchema(sql.inputSchema);
    expect(params.ok).toBe(true);
    if (!params.ok) return;
    const args = { region: 'eu-west-3', query: 'select 1' };
    const result = await connection.request('tools/call', { name: 'sql', arguments: args, _meta: META }, { headers: mcpParamHeaders(params.params, args) });
    expect(result.content).toEqual([{ type: 'text', text: 'eu-west-3: select 1' }]);
  });

  it('rejects a call whose Mcp-Param header is missing with -32020 (a peer error, HTTP 400)', async () => {
    const error = await connection.request('tools/call', { name: 'sql', arguments: { region: 'eu', query: 'q' }, _meta: META }).catch((e) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error.code).toBe(-32020);
  });

  it('answers an unsupported version with -32022 and the supported list', async () => {
    const meta = { ...META, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' };
    const error = await connection.request('tools/list', { _meta: meta }).catch((e) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error.code).toBe(-32022);
    expect(error.data).toMatchObject({ requested: '1900-01-01' });
  });

  it('streams progress as SSE before the result', async () => {
    const progress: unknown[] = [];
    connection.onNotification((n) => progress.push(n.params?.progress));
    const result = await connection.request('tools/call', { name: 'steps', _meta: { ...META, progressToken: 'p1' } });
    expect(result.content).toEqual([{ type: 'text', text: 'stepped' }]);
    expect(progress).toEqual([1, 2]);
  });

  it('cancels a running tool when the client aborts', async () => {
    const controller = new AbortController();
    const pending = connection.request('tools/call', { name: 'block', _meta: META }, { signal: controller.signal }).catch((e) => e);
    await until(() => cancelled.includes('started'));
    controller.abort();
    expect((await pending).name).toBe('CancelledError');
    await until(() => cancelled.includes('block'));
  });
});

describe('a request without modern _meta', () => {
  const post = (body: unknown) =>
    fetch(http.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify(body),
    });

  it("gets the server's one _meta check: 400 -32602 naming the versions it serves", async () => {
    // spec: 2026-07-28/pages/basic/index.mdx (_meta is required); DIGEST §5 (-32602 for a missing _meta is HTTP 400)
    const res = await post({ jsonrpc: '2.0', id: 0, method: 'tools/list', params: {} });
    expect(res.status).toBe(400);
    const reply = await res.json();
    expect(reply.error.code).toBe(-32602);
    expect(reply.error.message).toContain('Missing params._meta');
    expect(reply.error.data).toEqual({ supported: ['2026-07-28'] });
  });

  it("an old client's initialize gets 404 -32601 naming the versions (no handshake here)", async () => {
    // spec: DIGEST §12 — a modern-only server's error to initialize should name the supported versions;
    // streamable-http.mdx: a method the server does not implement is 404 with -32601
    const body = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    };
    const res = await post(body);
    expect(res.status).toBe(404);
    const reply = await res.json();
    expect(reply.error.code).toBe(-32601);
    expect(reply.error.data).toEqual({ supported: ['2026-07-28'] });
  });
});
