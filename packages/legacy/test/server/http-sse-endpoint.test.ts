/**
 * The opt-in 2024-11-05 HTTP+SSE endpoint of `dualEra` (`http: { sse: {} }`): the official SDK v1's
 * `SSEClientTransport` (1.32.2) against examples/everything made dual-era, in its own process; then
 * the session admission and refusals, in process through the web handler.
 * spec: 2024-11-05 basic/transports.mdx ("HTTP with SSE"); 2025-11-25/pages/basic/transports.mdx ("Backwards Compatibility")
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createEverythingServer } from './fixtures/everything.mjs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, dualEra, MemorySessionStore, type LegacySessionInfo } from '../../src/index.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/dual-server.mjs', import.meta.url));

describe('the official SDK v1 SSEClientTransport against dualEra with http.sse', () => {
  let child: ChildProcess;
  let base: URL;
  let client: Client;

  beforeAll(async () => {
    child = spawn(process.execPath, [FIXTURE, 'http', '0', '--sse'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
      child.stdout!.once('data', (chunk: Buffer) => resolve((JSON.parse(chunk.toString()) as { url: string }).url));
    });
    base = new URL('/', url);
    client = new Client({ name: 'v1-sse-interop', version: '1.0.0' }, { capabilities: { sampling: {}, elicitation: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      const first = request.params.messages[0]!.content as { text?: string };
      return { role: 'assistant', model: 'test-model', stopReason: 'endTurn', content: { type: 'text', text: `echo: ${first.text}` } };
    });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { username: 'ada', email: 'ada@example.com' } }));
    await client.connect(new SSEClientTransport(new URL('/sse', base)));
  });
  afterAll(async () => {
    await client?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('initializes over the stream the GET opened', () => {
    expect(client.getServerVersion()).toMatchObject({ name: expect.any(String) });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {} });
  });

  it('lists and calls tools, reads a resource, gets a prompt', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('test_simple_text');
    expect(await client.callTool({ name: 'test_simple_text' })).toMatchObject({
      content: [{ type: 'text', text: 'This is a simple text response for testing.' }],
    });
    expect((await client.readResource({ uri: 'test://static-text' })).contents[0]).toMatchObject({ text: 'This is the content of the static text resource.' });
    expect((await client.getPrompt({ name: 'test_simple_prompt' })).messages[0]).toMatchObject({
      content: { type: 'text', text: 'This is a simple prompt for testing.' },
    });
  });

  it('sends the MRTR input of a modern tool as server requests on the stream, and takes the answers POSTed back', async () => {
    expect(await client.callTool({ name: 'test_sampling', arguments: { prompt: 'Capital of France?' } })).toMatchObject({
      content: [{ type: 'text', text: 'LLM response: echo: Capital of France?' }],
    });
    const elicited = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Who are you?' } });
    expect((elicited.content as Array<{ text: string }>)[0]!.text).toMatch(/^User response: .*ada@example\.com/);
  });

  it('answers a ping the server sends on the stream', async () => {
    expect(await client.callTool({ name: 'ping_client' })).toMatchObject({ content: [{ type: 'text', text: 'pong' }] });
  });
});

describe('the HTTP+SSE endpoint in process', () => {
  const sessions: LegacySessionInfo[] = [];
  const store = new MemorySessionStore({ maxSessions: 1 });
  const dual = dualEra(createEverythingServer({ onWarning: () => {} }), {
    sessions: store,
    http: { sse: {} },
    onSessionStart: (s) => sessions.push(s),
    onError: () => {},
  });
  const handler = dual.httpHandler();
  afterAll(async () => {
    await dual.close();
    await store.close();
  });

  async function openStream(): Promise<{ response: Response; endpoint: string; reader: ReadableStreamDefaultReader<Uint8Array> }> {
    const response = await handler(new Request('http://127.0.0.1/sse', { headers: { accept: 'text/event-stream' } }));
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const endpoint = /^event: endpoint\ndata: (.*)\n\n/.exec(first)?.[1] ?? '';
    return { response, endpoint, reader };
  }

  it('counts its sessions against the session store: beyond the cap a GET gets 503, and a closed stream frees its place', async () => {
    const first = await openStream();
    expect(first.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(first.endpoint).toMatch(/^\/messages\?sessionId=[\x21-\x7e]+$/);
    expect(store.size).toBe(1);
    const refused = await handler(new Request('http://127.0.0.1/sse', { headers: { accept: 'text/event-stream' } }));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    await first.reader.cancel();
    await expect.poll(() => store.size).toBe(0);
    const again = await openStream();
    expect(again.endpoint).not.toBe(first.endpoint);
    await again.reader.cancel();
  });

  it('answers a POST with 202 and the response on the stream; an unknown session gets 404', async () => {
    const { endpoint, reader } = await openStream();
    const post = (body: unknown, path = endpoint) =>
      handler(new Request(`http://127.0.0.1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    const accepted = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    expect(accepted.status).toBe(202);
    const event = new TextDecoder().decode((await reader.read()).value);
    expect(JSON.parse(/^event: message\ndata: (.*)\n\n/.exec(event)![1]!)).toMatchObject({ id: 1, result: { protocolVersion: '2025-06-18' } });
    expect(sessions.at(-1)).toMatchObject({ transport: 'http+sse', protocolVersion: '2025-06-18' });
    expect((await post({ jsonrpc: '2.0', id: 2, method: 'ping' }, '/messages?sessionId=nope')).status).toBe(404);
    expect((await post('not json at all')).status).toBe(400);
    await reader.cancel();
  });

  it("serves this package's own connect(): POST /sse is refused 405, and the GET finds the endpoint", async () => {
    const client = await connect('http://127.0.0.1/sse', {
      eraCache: false,
      http: { fetch: (url, init) => handler(new Request(url, init)) },
    });
    try {
      expect(client.verdict).toMatchObject({ era: 'legacy', transport: 'http+sse' });
      expect(client.verdict.reason).toMatch(/initialize was refused with HTTP 405/);
      expect((await client.callTool({ name: 'test_simple_text' })).content[0]).toMatchObject({ text: 'This is a simple text response for testing.' });
    } finally {
      await client.close();
    }
  });

  it('is off unless asked for: /sse is then the Streamable HTTP endpoint, and sseHandler() says how to turn it on', async () => {
    const plain = dualEra(createEverythingServer({ onWarning: () => {} }));
    try {
      const response = await plain.httpHandler()(new Request('http://127.0.0.1/sse', { headers: { accept: 'text/event-stream' } }));
      expect(response.status).toBe(405);
      expect(() => plain.sseHandler()).toThrow(/http: \{ sse: \{\} \}/);
    } finally {
      await plain.close();
    }
  });
});
