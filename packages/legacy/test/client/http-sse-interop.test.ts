/**
 * Interop with real servers of the 2024-11-05 HTTP+SSE transport, each in its own process: the
 * reference `@modelcontextprotocol/server-everything` in its `sse` mode, and a server built on the
 * official SDK v1's `SSEServerTransport`. The dual-era client is given the SSE URL only; the probe
 * and the backwards-compatibility procedure find the transport.
 * spec: 2025-11-25/pages/basic/transports.mdx ("Backwards Compatibility"); 2024-11-05 basic/transports.mdx ("HTTP with SSE")
 */
import type { InputHandlers } from '@mcpkit/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, MemoryEraCache, type DualEraClient, type HttpExchangeInfo } from '../../src/index.js';
import { SERVERS, startHttpServer, startServerEverythingSse, text, type HttpServerProcess } from './helpers.js';

const sampled: string[] = [];
const handlers: InputHandlers = {
  sampling: (params) => {
    const first = params.messages[0]?.content as { text?: string } | undefined;
    sampled.push(first?.text ?? '');
    return { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'test-model' };
  },
};

interface Peer {
  readonly name: string;
  start(): Promise<HttpServerProcess>;
  readonly echo: { name: string; arguments: Record<string, unknown>; says: string };
  readonly sample: { name: string; arguments: Record<string, unknown>; says: RegExp };
  readonly resource: { uri: string; says: RegExp };
  readonly prompt: { name: string; arguments?: Record<string, string>; says: string };
}

const PEERS: Peer[] = [
  {
    name: 'the SDK v1 SSEServerTransport server',
    start: () => startHttpServer(SERVERS.sdkV1Sse),
    echo: { name: 'echo', arguments: { text: 'over HTTP+SSE' }, says: 'over HTTP+SSE' },
    sample: { name: 'sample', arguments: {}, says: /^test-model: Paris$/ },
    resource: { uri: 'test://doc', says: /^the doc over HTTP\+SSE$/ },
    prompt: { name: 'greet', arguments: { name: 'Ada' }, says: 'Hello, Ada' },
  },
  {
    name: '@modelcontextprotocol/server-everything (sse)',
    start: startServerEverythingSse,
    echo: { name: 'echo', arguments: { message: 'over HTTP+SSE' }, says: 'Echo: over HTTP+SSE' },
    sample: { name: 'trigger-sampling-request', arguments: { prompt: 'Capital of France?' }, says: /"text": "Paris"/ },
    resource: { uri: 'demo://resource/dynamic/text/1', says: /^Resource 1: / },
    prompt: { name: 'simple-prompt', says: 'This is a simple prompt without arguments.' },
  },
];

describe.each(PEERS)('$name', (peer) => {
  let server: HttpServerProcess;
  const clients: DualEraClient[] = [];
  const exchanges: HttpExchangeInfo[] = [];

  beforeAll(async () => {
    server = await peer.start();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    exchanges.length = 0;
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function open(eraCache: MemoryEraCache | false = false): Promise<DualEraClient> {
    const client = await connect(server.endpoint, { handlers, eraCache, http: { onExchange: (exchange) => exchanges.push(exchange) } });
    clients.push(client);
    return client;
  }

  it('is found by the backwards-compatibility procedure: initialize refused, then a GET stream announcing an endpoint', async () => {
    const client = await open();
    expect(client.era).toBe('legacy');
    expect(client.verdict).toMatchObject({ era: 'legacy', transport: 'http+sse', source: 'probe' });
    expect(client.verdict.reason).toMatch(
      /initialize was refused with HTTP 404, and a GET opened a 2024-11-05 HTTP\+SSE stream announcing http:\/\/127\.0\.0\.1:\d+\//,
    );
    // The order the spec gives: POST initialize to the URL, then GET it; then everything goes to the endpoint.
    const heads = exchanges.map((e) => `${e.method} ${new URL(e.url).pathname} ${e.status}`);
    expect(heads.slice(0, 3)).toEqual(['POST /sse 404', 'POST /sse 404', 'GET /sse 200']);
    expect(exchanges[1]?.message).toMatchObject({ method: 'initialize' });
    const after = exchanges.slice(3);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((e) => e.method === 'POST' && e.url !== server.endpoint && (e.status === 202 || e.status === 200))).toBe(true);
    expect((await client.discover()).supportedVersions).toEqual([client.protocolVersion]);
  });

  it('lists and calls tools, reads a resource and gets a prompt', async () => {
    const client = await open();
    const names: string[] = [];
    for await (const tool of client.iterateTools()) names.push(tool.name);
    expect(names).toEqual(expect.arrayContaining([peer.echo.name, peer.sample.name]));
    expect(text(await client.callTool({ name: peer.echo.name, arguments: peer.echo.arguments }))).toBe(peer.echo.says);
    const read = await client.readResource({ uri: peer.resource.uri });
    expect(read.contents[0]).toMatchObject({ uri: peer.resource.uri });
    expect((read.contents[0] as { text: string }).text).toMatch(peer.resource.says);
    const prompt = await client.getPrompt({ name: peer.prompt.name, ...(peer.prompt.arguments && { arguments: peer.prompt.arguments }) });
    expect(prompt.messages[0]?.content).toMatchObject({ type: 'text', text: peer.prompt.says });
  });

  it('answers a server-initiated sampling request on the stream with the sampling handler', async () => {
    const client = await open();
    sampled.length = 0;
    expect(text(await client.callTool({ name: peer.sample.name, arguments: peer.sample.arguments }))).toMatch(peer.sample.says);
    expect(sampled).toHaveLength(1);
    // The answer went back as a POST to the endpoint, not on the stream (its 202 may come after the tool's result).
    const answers = () => exchanges.filter((e) => e.method === 'POST' && e.message !== undefined && !('method' in e.message)).map((e) => e.status);
    await expect.poll(answers).toEqual([202]);
  });

  it('caches the verdict with its transport: the next connect goes straight to the GET', async () => {
    const cache = new MemoryEraCache();
    await (await open(cache)).close();
    exchanges.length = 0;
    const again = await open(cache);
    expect(again.verdict).toMatchObject({ source: 'cache', transport: 'http+sse' });
    expect(exchanges[0]).toMatchObject({ method: 'GET', url: server.endpoint, status: 200 });
    expect(text(await again.callTool({ name: peer.echo.name, arguments: peer.echo.arguments }))).toBe(peer.echo.says);
  });
});

describe('an HTTP+SSE session whose stream ends', () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(SERVERS.sdkV1Sse);
  });
  afterAll(async () => {
    await server?.stop();
  });

  // The 2024-11-05 transport has no resumption: the stream is the session, so the client starts a new one.
  it('opens a new stream and initializes again for the next request', async () => {
    const exchanges: HttpExchangeInfo[] = [];
    const client = await connect(server.endpoint, { eraCache: false, handlers, http: { onExchange: (e) => exchanges.push(e) } });
    try {
      const before = Number(text(await client.callTool({ name: 'sessions_opened' })));
      expect(text(await client.callTool({ name: 'end_session' }))).toBe('closing the stream');
      await expect.poll(async () => Number(text(await client.callTool({ name: 'sessions_opened' })))).toBe(before + 1);
      expect(exchanges.filter((e) => e.method === 'GET')).toHaveLength(2);
      expect(exchanges.filter((e) => e.message !== undefined && 'method' in e.message && e.message.method === 'initialize').length).toBe(3);
    } finally {
      await client.close();
    }
  });
});
