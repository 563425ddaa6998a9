import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { ModernClient } from '../src/index.js';
import { connect, done, FakeServer, text } from './helpers/fake-server.js';

const PV = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const INFO = 'io.modelcontextprotocol/clientInfo';

let client: ModernClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

describe('_meta on every request', () => {
  // spec: 2026-07-28/pages/basic/index.mdx ("Per-request protocol fields": protocolVersion and
  // clientCapabilities MUST be on every request; clientInfo SHOULD)
  it('sends the protocol version, the capabilities and the client info with every method', async () => {
    const server = new FakeServer({
      'server/discover': () => done({ supportedVersions: ['2026-07-28'], capabilities: {}, ttlMs: 0, cacheScope: 'public' }),
      'tools/list': () => done({ tools: [], ttlMs: 0, cacheScope: 'public' }),
      'tools/call': () => text('ok'),
      'prompts/list': () => done({ prompts: [], ttlMs: 0, cacheScope: 'public' }),
      'prompts/get': () => done({ messages: [] }),
      'resources/list': () => done({ resources: [], ttlMs: 0, cacheScope: 'public' }),
      'resources/templates/list': () => done({ resourceTemplates: [], ttlMs: 0, cacheScope: 'public' }),
      'resources/read': () => done({ contents: [], ttlMs: 0, cacheScope: 'public' }),
      'completion/complete': () => done({ completion: { values: ['a'] } }),
    });
    ({ client } = connect(server, { clientInfo: { name: 'test-host', version: '9.9.9' } }));
    await client.discover();
    await client.listTools();
    await client.callTool({ name: 'x' });
    await client.listPrompts();
    await client.getPrompt({ name: 'p' });
    await client.listResources();
    await client.listResourceTemplates();
    await client.readResource({ uri: 'mem://a' });
    await client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } });
    expect(server.requests).toHaveLength(9);
    for (const request of server.requests) {
      expect(request.params?._meta).toEqual({
        [PV]: '2026-07-28',
        [CAPS]: {},
        [INFO]: { name: 'test-host', version: '9.9.9' },
      });
    }
  });

  it('declares exactly the capabilities of the registered handlers', async () => {
    const server = new FakeServer({ 'tools/call': () => text('ok') });
    ({ client } = connect(server, {
      handlers: {
        elicitation: { form: () => ({ action: 'cancel' }), url: () => ({ action: 'decline' }) },
        sampling: () => ({ role: 'assistant', content: { type: 'text', text: '' }, model: 'm' }),
        samplingSupports: { tools: true },
        roots: () => ({ roots: [] }),
      },
      capabilities: { extensions: { 'com.example/thing': {} } },
    }));
    await client.callTool({ name: 'x' });
    expect(server.requests[0]?.params?._meta?.[CAPS]).toEqual({
      elicitation: { form: {}, url: {} },
      sampling: { tools: {} },
      roots: {},
      extensions: { 'com.example/thing': {} },
    });
  });

  it('uses per-request handlers for that request only', async () => {
    const server = new FakeServer({ 'tools/call': () => text('ok') });
    ({ client } = connect(server));
    await client.callTool({ name: 'x' }, { handlers: { roots: () => ({ roots: [] }) } });
    await client.callTool({ name: 'x' });
    expect(server.requests[0]?.params?._meta?.[CAPS]).toEqual({ roots: {} });
    expect(server.requests[1]?.params?._meta?.[CAPS]).toEqual({});
  });

  it('keeps the caller’s own _meta keys but never lets them replace the protocol keys', async () => {
    const server = new FakeServer({ 'tools/call': () => text('ok') });
    ({ client } = connect(server));
    await client.callTool({ name: 'x', _meta: { traceparent: '00-abc-def-01', [PV]: '1999-01-01' } });
    const meta = server.requests[0]?.params?._meta;
    expect(meta?.traceparent).toBe('00-abc-def-01');
    expect(meta?.[PV]).toBe('2026-07-28');
  });

  // spec: 2026-07-28/pages/server/utilities/logging.mdx (per-request opt-in with the logLevel key)
  it('opts a request in to log messages and delivers them to onLog', async () => {
    const logs: unknown[] = [];
    const server = new FakeServer({
      'tools/call': async (params, ctx) => {
        const level = params._meta['io.modelcontextprotocol/logLevel'];
        await ctx.notify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'warning', data: `at ${level}` } });
        return text('ok');
      },
    });
    ({ client } = connect(server, { onLog: (m) => logs.push(m) }));
    await client.callTool({ name: 'x' }, { logLevel: 'info' });
    expect(logs).toEqual([{ level: 'warning', data: 'at info' }]);
  });

  it('sends params the caller gave beyond the typed ones unchanged', async () => {
    const server = new FakeServer({ 'tools/call': () => text('ok') });
    ({ client } = connect(server));
    const args = { nested: { list: [1, 'two', null] } };
    await client.callTool({ name: 'x', arguments: args });
    expect(server.requests[0]?.params?.arguments).toEqual(args);
    expect(server.requests[0]?.params?.name).toBe('x');
  });
});

describe('request()', () => {
  it('sends any method with the protocol _meta, checks the result and answers input for MRTR methods', async () => {
    const server = new FakeServer({
      'com.example/ping': () => done({ pong: true }),
      'tools/call': (params) => (params.requestState ? text('second') : { resultType: 'input_required', requestState: 'x' }),
      'com.example/odd': () => ({ resultType: 'mystery' }),
    });
    ({ client } = connect(server));
    await expect(client.request('com.example/ping', { n: 1 })).resolves.toEqual({ resultType: 'complete', pong: true });
    expect(server.requests[0]?.params).toMatchObject({ n: 1, _meta: { [PV]: '2026-07-28' } });
    await expect(client.request('tools/call', { name: 'x' })).resolves.toMatchObject({ content: [{ text: 'second' }] });
    await expect(client.request('com.example/odd')).rejects.toThrow(/unknown resultType "mystery"/);
  });
});

describe('era surface', () => {
  it('reports the modern era and the version in use', () => {
    ({ client } = connect(new FakeServer()));
    expect(client.era).toBe('modern');
    expect(client.protocolVersion).toBe('2026-07-28');
  });

  it('has no legacy-only method: ping and logging/setLevel are absent from its type and its object', () => {
    ({ client } = connect(new FakeServer()));
    expectTypeOf<ModernClient>().not.toHaveProperty('ping');
    expectTypeOf<ModernClient>().not.toHaveProperty('setLoggingLevel');
    expectTypeOf<ModernClient['era']>().toEqualTypeOf<'modern'>();
    expect('ping' in client).toBe(false);
    expect('setLoggingLevel' in client).toBe(false);
  });
});
