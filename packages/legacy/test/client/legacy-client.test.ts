import {
  InputHandlerError,
  InvalidResultError,
  OutputSchemaError,
  TimeoutError,
  UnsupportedInEraError,
  type InputContext,
  type McpClient,
} from '@mcpkit/client';
import { ResponseError } from '@mcpkit/jsonrpc';
import { afterEach, describe, expect, it } from 'vitest';
import { LegacyClient, LegacyHandshakeError, type LegacyClientOptions } from '../../src/index.js';
import { INITIALIZE_RESULT, scriptedPeer, type ScriptedPeer } from './fixtures/scripted-peer.js';

/**
 * The legacy session client against a scripted server: the handshake and its checks, server
 * requests answered (or refused as the spec says) with the input handlers, cancellation both ways,
 * progress, and servers that misbehave — each failure is clear and the client stays usable.
 * spec: 2025-11-25/pages/basic/lifecycle.mdx, client/{elicitation,sampling,roots}.mdx, basic/utilities/{cancellation,ping,progress}.mdx
 */

const clients: LegacyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

function open(
  script: Parameters<typeof scriptedPeer>[0] = {},
  options: LegacyClientOptions = {},
): { client: LegacyClient; peer: ScriptedPeer; errors: Error[] } {
  const { transport, peer } = scriptedPeer(script);
  const errors: Error[] = [];
  const client = new LegacyClient(transport, { onWarning: () => undefined, onError: (error) => errors.push(error), ...options });
  clients.push(client);
  return { client, peer, errors };
}

describe('the handshake', () => {
  it('declares the capabilities its handlers give, roots with listChanged, then sends initialized', async () => {
    const { client, peer } = open(
      {},
      {
        handlers: {
          elicitation: { form: () => ({ action: 'cancel' }), url: () => ({ action: 'cancel' }) },
          roots: () => ({ roots: [] }),
          sampling: () => ({ role: 'assistant', content: { type: 'text', text: '' }, model: 'm' }),
          samplingSupports: { tools: true },
        },
        clientInfo: { name: 'host', version: '2.0.0' },
      },
    );
    await client.initialize();
    expect(peer.received[0]).toMatchObject({
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        clientInfo: { name: 'host', version: '2.0.0' },
        capabilities: { roots: { listChanged: true }, elicitation: { form: {}, url: {} }, sampling: { tools: {} } },
      },
    });
    expect(peer.received[1]).toMatchObject({ method: 'notifications/initialized' });
    await client.rootsChanged();
    expect(peer.received.at(-1)).toMatchObject({ method: 'notifications/roots/list_changed' });
  });

  it('declares extensions given in capabilities (MCP Apps is negotiated in initialize on 2025-11-25 too)', async () => {
    // spec: extensions/apps — the client declares capabilities.extensions["io.modelcontextprotocol/ui"] with its MIME types.
    const ui = { mimeTypes: ['text/html;profile=mcp-app'] };
    const { client, peer } = open({}, { capabilities: { extensions: { 'io.modelcontextprotocol/ui': ui } } });
    await client.initialize();
    expect(peer.received[0]).toMatchObject({ method: 'initialize', params: { capabilities: { extensions: { 'io.modelcontextprotocol/ui': ui } } } });
    const plain = open();
    await plain.client.initialize();
    expect(plain.peer.received[0]?.params).not.toHaveProperty('capabilities.extensions');
  });

  it('holds requests until the server answered initialize', async () => {
    // lifecycle.mdx: "The client SHOULD NOT send requests other than pings before the server has responded".
    let answer: (() => void) | undefined;
    const { client, peer } = open({ initialize: (message, server) => (answer = () => server.result(message, INITIALIZE_RESULT)) });
    const listing = client.listTools().catch(() => undefined);
    await expect.poll(() => answer !== undefined).toBe(true);
    expect(peer.received.map((m) => m.method)).toEqual(['initialize']);
    answer?.();
    await listing;
    expect(peer.received.map((m) => m.method)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
  });

  it("retries initialize once with a common version named by the server's version error", async () => {
    const { client, peer } = open({
      initialize: (message, server) =>
        message.params?.protocolVersion === '2025-06-18'
          ? server.result(message, { ...INITIALIZE_RESULT, protocolVersion: '2025-06-18' })
          : server.send({
              jsonrpc: '2.0',
              id: message.id,
              error: { code: -32602, message: 'Unsupported protocol version', data: { supported: ['2025-06-18'], requested: '2025-11-25' } },
            }),
    });
    await client.initialize();
    expect(client.protocolVersion).toBe('2025-06-18');
    expect(peer.received.filter((m) => m.method === 'initialize').map((m) => m.params?.protocolVersion)).toEqual(['2025-11-25', '2025-06-18']);
  });

  it('refuses an answer that is not an InitializeResult, and disconnects', async () => {
    const { client } = open({ initialize: (message, server) => server.result(message, { protocolVersion: '2025-11-25' }) });
    await expect(client.initialize()).rejects.toBeInstanceOf(LegacyHandshakeError);
    expect(client.closed).toBe(true);
  });

  it('never cancels initialize, even when it times out', async () => {
    // cancellation.mdx: "The initialize request MUST NOT be cancelled by clients".
    const { client, peer } = open({ initialize: () => undefined }, { timeoutMs: 200 });
    await expect(client.initialize()).rejects.toBeInstanceOf(TimeoutError);
    expect(peer.received.map((m) => m.method)).toEqual(['initialize']);
  });
});

describe('requests from the server', () => {
  it('answers ping with {}', async () => {
    const { client, peer } = open();
    await client.initialize();
    peer.send({ jsonrpc: '2.0', id: 's1', method: 'ping' });
    expect(await peer.response('s1')).toMatchObject({ result: {} });
  });

  it("passes the server's request to the handler with its method, its id as key, round 0", async () => {
    const seen: InputContext[] = [];
    const { client, peer } = open({}, { handlers: { roots: (_params, context) => (seen.push(context), { roots: [{ uri: 'file:///tmp', name: 'tmp' }] }) } });
    await client.initialize();
    peer.send({ jsonrpc: '2.0', id: 7, method: 'roots/list' });
    expect(await peer.response(7)).toMatchObject({ result: { roots: [{ uri: 'file:///tmp' }] } });
    expect(seen[0]).toMatchObject({ method: 'roots/list', key: '7', round: 0 });
  });

  it.each([
    ['roots/list', {}, -32601, 'Roots not supported'],
    ['sampling/createMessage', { messages: [], maxTokens: 5 }, -32601, 'Sampling not supported'],
    ['elicitation/create', { mode: 'url', message: 'Sign in', url: 'https://example.com', elicitationId: 'e1' }, -32602, 'url mode'],
    ['elicitation/create', { requestedSchema: { type: 'object', properties: {} } }, -32602, 'Invalid elicitation/create params'],
    ['tasks/list', {}, -32601, 'Method not found'],
  ])('refuses %s it did not declare (or cannot read) with the code the spec names', async (method, params, code, text) => {
    const { client, peer } = open({}, { handlers: { elicitation: { form: () => ({ action: 'decline' }) } } });
    await client.initialize();
    peer.send({ jsonrpc: '2.0', id: 'x', method, params });
    const answer = await peer.response('x');
    expect(answer.error?.code).toBe(code);
    expect(answer.error?.message).toContain(text);
    await expect(client.ping()).resolves.toBeUndefined();
  });

  it('a handler that fails gives the server a bare -32603 and reports locally; a ResponseError keeps its code', async () => {
    let reject = true;
    const { client, peer, errors } = open(
      {},
      {
        handlers: {
          sampling: () => {
            if (reject) throw new ResponseError(-1, 'User rejected sampling request');
            throw new Error('ENOENT /home/ada/secret');
          },
        },
      },
    );
    await client.initialize();
    const params = { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 };
    peer.send({ jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params });
    expect((await peer.response(1)).error).toEqual({ code: -1, message: 'User rejected sampling request' });
    reject = false;
    peer.send({ jsonrpc: '2.0', id: 2, method: 'sampling/createMessage', params });
    expect((await peer.response(2)).error).toEqual({ code: -32603, message: 'Internal error' });
    expect(errors[0]).toBeInstanceOf(InputHandlerError);
  });

  it('aborts the handler when the server cancels its request, and sends no response', async () => {
    let aborted: unknown;
    const { client, peer } = open(
      {},
      {
        handlers: {
          elicitation: {
            form: (_params, context) =>
              new Promise((resolve) => context.signal.addEventListener('abort', () => ((aborted = context.signal.reason), resolve({ action: 'cancel' })))),
          },
        },
      },
    );
    await client.initialize();
    peer.send({ jsonrpc: '2.0', id: 'e', method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } } });
    await expect.poll(() => peer.received.length).toBeGreaterThanOrEqual(2);
    peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'e', reason: 'took too long' } });
    await expect.poll(() => aborted).toBeDefined();
    await client.ping();
    expect(peer.received.some((m) => m.id === 'e')).toBe(false);
  });
});

describe('a misbehaving server', () => {
  it('an invalid result fails that request with InvalidResultError; the client stays usable', async () => {
    const { client } = open({ 'tools/list': (message, server) => server.result(message, { tools: 'not a list' }) });
    await expect(client.listTools()).rejects.toBeInstanceOf(InvalidResultError);
    await expect(client.ping()).resolves.toBeUndefined();
  });

  it('an unreadable line is reported and skipped', async () => {
    const { client, peer, errors } = open();
    await client.initialize();
    peer.raw('this is not JSON');
    await expect(client.ping()).resolves.toBeUndefined();
    expect(errors.some((error) => /JSON|Parse/i.test(error.message))).toBe(true);
  });
});

describe('the common API in the legacy era', () => {
  it('results read with the modern shape (resultType complete, stale list hints) yet serialise as the server sent them', async () => {
    const { client } = open({ 'tools/list': (message, server) => server.result(message, { tools: [{ name: 't', inputSchema: { type: 'object' } }] }) });
    const page = await client.listTools();
    expect([page.resultType, page.ttlMs, page.cacheScope]).toEqual(['complete', 0, 'private']);
    // What `mcpkit --json` prints must be the server's answer: nothing the client assumed.
    expect(JSON.parse(JSON.stringify(page))).toEqual({ tools: [{ name: 't', inputSchema: { type: 'object' } }] });
  });

  it('reports progress for a request that asked for it', async () => {
    const { client, peer } = open({
      'tools/call': (message, server) => {
        const token = (message.params?._meta as { progressToken: number } | undefined)?.progressToken;
        server.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 2 } });
        server.result(message, { content: [] });
      },
    });
    const progress: number[] = [];
    await client.callTool({ name: 'work' }, { onProgress: (p) => progress.push(p.progress) });
    expect(progress).toEqual([1]);
    expect(peer.received.find((m) => m.method === 'tools/call')?.params?._meta).toHaveProperty('progressToken');
  });

  it('per-request handlers have no meaning in this era and are refused before anything is sent', async () => {
    const { client, peer } = open();
    await expect(client.callTool({ name: 't' }, { handlers: {} })).rejects.toBeInstanceOf(UnsupportedInEraError);
    expect(peer.received).toEqual([]);
  });

  it('restores the session log level and listen subscriptions are refused when the server did not declare them', async () => {
    const { client, peer } = open({}, { logLevel: 'warning' });
    await client.initialize();
    expect(peer.received.map((m) => m.method)).toEqual(['initialize', 'notifications/initialized', 'logging/setLevel']);
    const stream = client.listen({ promptsListChanged: true });
    expect(await stream.acknowledged).toEqual({ granted: {}, denied: { promptsListChanged: true } });
    stream.close();
  });
});

describe('structuredContent and outputSchema', () => {
  // spec: 2025-11-25/pages/server/tools.mdx ("Output Schema": servers MUST provide structured results that conform; clients SHOULD validate)
  const outputSchema = { type: 'object', properties: { celsius: { type: 'number' } }, required: ['celsius'] };
  type Request = Parameters<ScriptedPeer['result']>[0];
  const weather = (structured: () => unknown) => ({
    'tools/list': (message: Request, server: ScriptedPeer) =>
      server.result(message, { tools: [{ name: 'weather', inputSchema: { type: 'object' }, outputSchema }] }),
    'tools/call': (message: Request, server: ScriptedPeer) => server.result(message, { content: [], structuredContent: structured() }),
  });

  it('checks the result of a listed tool against its outputSchema, keeping the result on the error; the client stays usable', async () => {
    let value: unknown = { celsius: 'warm' };
    const { client } = open(weather(() => value));
    await client.listTools();
    const error = await client.callTool({ name: 'weather' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputSchemaError);
    expect((error as OutputSchemaError).message).toMatch(/tool "weather": structuredContent does not match the outputSchema: \/celsius: must be number/);
    expect((error as OutputSchemaError).result).toMatchObject({ structuredContent: { celsius: 'warm' } });
    value = { celsius: 21.5 };
    await expect(client.callTool({ name: 'weather' })).resolves.toMatchObject({ structuredContent: { celsius: 21.5 } });
  });

  it('refuses a result without structuredContent when the tool declares an outputSchema', async () => {
    const { client } = open(weather(() => undefined));
    await client.listTools();
    await expect(client.callTool({ name: 'weather' })).rejects.toThrow(/declares an outputSchema but the result has no structuredContent/);
  });

  it('checks only tools it has listed, and forgets them when the server says the tool list changed', async () => {
    const { client, peer } = open(weather(() => ({ celsius: 'warm' })));
    await expect(client.callTool({ name: 'weather' })).resolves.toMatchObject({ structuredContent: { celsius: 'warm' } });
    await client.listTools();
    await expect(client.callTool({ name: 'weather' })).rejects.toBeInstanceOf(OutputSchemaError);
    peer.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    await client.ping(); // the notification was read before the answer to ping
    await expect(client.callTool({ name: 'weather' })).resolves.toMatchObject({ structuredContent: { celsius: 'warm' } });
  });
});

describe('rootsChanged through McpClient', () => {
  // spec: 2025-11-25/pages/client/roots.mdx ("Root List Changes": notifications/roots/list_changed)
  it('sends notifications/roots/list_changed when called on the common interface', async () => {
    const { client, peer } = open({}, { handlers: { roots: () => ({ roots: [] }) } });
    const common: McpClient = client;
    await common.rootsChanged();
    expect(peer.received.map((m) => m.method)).toEqual(['initialize', 'notifications/initialized', 'notifications/roots/list_changed']);
  });

  it('refuses without a roots handler, since the client declared no roots', async () => {
    const { client, peer } = open();
    await expect(client.rootsChanged()).rejects.toThrow(/needs a roots handler/);
    expect(peer.received).toEqual([]);
  });
});
