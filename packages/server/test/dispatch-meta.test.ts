import { describe, expect, it } from 'vitest';
import { catalogue } from '@mcpkit/schema';
import { createServer, prompt, resource, tool } from '../src/index.js';
import { failure, meta, quiet, result, send, VERSION } from './helpers.js';

const echo = tool({
  name: 'echo',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  handler: ({ text }) => ({ content: [{ type: 'text', text: String(text) }] }),
});
const server = createServer({ info: { name: 'meta-test', version: '1.2.3' }, tools: [echo], ...quiet });

describe('request _meta', () => {
  // spec: 2026-07-28/pages/basic/index.mdx ("Per-request protocol fields": missing required field → -32602)
  it.each([
    ['no params at all', undefined],
    ['params without _meta', { name: 'echo' }],
    ['_meta without protocolVersion', { _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } }],
    ['_meta without clientCapabilities', { _meta: { 'io.modelcontextprotocol/protocolVersion': VERSION } }],
    ['clientCapabilities that is not an object', { _meta: { ...meta(), 'io.modelcontextprotocol/clientCapabilities': 'all' } }],
  ])('refuses %s with -32602 naming the missing key', async (_name, params) => {
    const response = await server.dispatch({ jsonrpc: '2.0', id: 7, method: 'tools/list', ...(params && { params }) });
    expect(response).toMatchObject({ id: 7, error: { code: -32602 } });
    expect((response as any).error.message).toMatch(/_meta|params/);
  });

  it('serves a request whose _meta omits clientInfo (a SHOULD, never required)', async () => {
    const res = await result(
      server,
      'tools/list',
      {},
      {
        meta: { 'io.modelcontextprotocol/protocolVersion': VERSION, 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    );
    expect(res.tools).toHaveLength(1);
  });

  // spec: 2026-07-28/pages/basic/versioning.mdx ("Protocol Version Negotiation": -32022 with supported and requested)
  it('answers an unsupported version with -32022 carrying supported and requested', async () => {
    const error = await failure(server, 'tools/list', {}, { meta: meta({}, { 'io.modelcontextprotocol/protocolVersion': '1900-01-01' }) });
    expect(error).toEqual({
      code: -32022,
      message: expect.stringContaining('1900-01-01'),
      data: { supported: ['2026-07-28'], requested: '1900-01-01' },
    });
  });

  it('answers the legacy revision sent as modern _meta with -32022 too (this server is modern-only)', async () => {
    const error = await failure(server, 'server/discover', {}, { meta: meta({}, { 'io.modelcontextprotocol/protocolVersion': '2025-11-25' }) });
    expect(error.code).toBe(-32022);
    expect(error.data.requested).toBe('2025-11-25');
  });

  // spec: 2026-07-28/pages/server/utilities/logging.mdx ("Invalid log level: -32602")
  it('refuses an unknown logLevel with -32602', async () => {
    const error = await failure(server, 'tools/list', {}, { meta: meta({}, { 'io.modelcontextprotocol/logLevel': 'verbose' }) });
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('verbose');
  });
});

describe('methods', () => {
  // spec: 2026-07-28/pages/basic/index.mdx (Error Codes: -32601 Method not found)
  it('answers an unknown method with -32601', async () => {
    expect(await failure(server, 'unknown/method')).toMatchObject({ code: -32601, message: expect.stringContaining('unknown/method') });
  });

  // spec: 2026-07-28/pages/changelog.mdx (removed methods); basic/versioning.mdx (name the versions to a legacy initialize)
  it.each(['ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe'])('answers removed %s with -32601', async (method) => {
    expect((await failure(server, method)).code).toBe(-32601);
  });

  it('tells a legacy initialize which versions it speaks', async () => {
    const error = await failure(
      server,
      'initialize',
      { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      { meta: null },
    );
    expect(error.code).toBe(-32601);
    expect(error.message).toContain('2026-07-28');
    expect(error.data).toEqual({ supported: ['2026-07-28'] });
  });

  // spec: 2026-07-28/pages/architecture/index.mdx (a method whose server capability is not advertised → -32601)
  it('answers methods of capabilities it does not advertise with -32601', async () => {
    const toolsOnly = await result(server, 'server/discover');
    expect(toolsOnly.capabilities.prompts).toBeUndefined();
    expect((await failure(server, 'prompts/list')).code).toBe(-32601);
    expect((await failure(server, 'resources/read', { uri: 'file:///x' })).code).toBe(-32601);
    expect((await failure(server, 'completion/complete', { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } })).code).toBe(-32601);
  });

  it('serves every client request method of the 2026-07-28 catalogue', async () => {
    const everything = createServer({
      info: { name: 'all', version: '1' },
      tools: [echo],
      prompts: [prompt({ name: 'p', arguments: [{ name: 'a' }], complete: { a: () => ['x'] }, handler: () => ({ messages: [] }) })],
      resources: [resource({ uri: 'file:///a', name: 'a', read: () => ({ contents: [{ text: 'a' }] }) })],
      ...quiet,
    });
    const requests = Object.values(catalogue).filter((m) => m.kind === 'request' && m.direction === 'client-to-server' && m.revisions.includes('2026-07-28'));
    expect(requests.length).toBeGreaterThanOrEqual(10);
    for (const { method } of requests) {
      const response = await send(everything, method, {});
      // Any answer but "method not found": params may be missing for this probe, which is -32602.
      if (response && 'error' in response) expect(response.error.code, method).not.toBe(-32601);
    }
  });

  // spec: 2026-07-28/pages/basic/index.mdx (params validated; malformed request → -32602)
  it('validates params against the method schema with -32602 and a readable reason', async () => {
    const error = await failure(server, 'tools/call', { arguments: {} });
    expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('name') });
    expect((await failure(server, 'tools/call', { name: 'echo', arguments: 'text' })).code).toBe(-32602);
  });
});

describe('responses', () => {
  // spec: 2026-07-28/pages/basic/index.mdx ("Result responses MUST include the same ID"; ids keep their type)
  it('echoes the request id with its JSON type', async () => {
    expect((await send(server, 'tools/list', {}, { id: '1' }))?.id).toBe('1');
    expect((await send(server, 'tools/list', {}, { id: 1 }))?.id).toBe(1);
    expect((await send(server, 'nope', {}, { id: 'e' }))?.id).toBe('e');
  });

  // spec: 2026-07-28/pages/basic/index.mdx (resultType required; serverInfo SHOULD be in every result's _meta)
  it('puts resultType and serverInfo on every result', async () => {
    for (const [method, params] of [
      ['server/discover', {}],
      ['tools/list', {}],
      ['tools/call', { name: 'echo', arguments: { text: 'a' } }],
    ] as const) {
      const res = await result(server, method, params);
      expect(res.resultType, method).toBe('complete');
      expect(res._meta['io.modelcontextprotocol/serverInfo'], method).toEqual({ name: 'meta-test', version: '1.2.3' });
    }
  });

  it('leaves serverInfo out when configured not to', async () => {
    const anonymous = createServer({ info: { name: 'a', version: '1' }, tools: [echo], serverInfoInResults: false, ...quiet });
    const res = await result(anonymous, 'tools/list');
    expect(res._meta).toBeUndefined();
    expect(res.resultType).toBe('complete');
  });
});
