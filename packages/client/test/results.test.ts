import { afterEach, describe, expect, it } from 'vitest';
import { InvalidResultError, type ModernClient } from '../src/index.js';
import { connect, done, FakeServer, text } from './helpers/fake-server.js';

let client: ModernClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

describe('results are checked at the boundary', () => {
  // spec: 2026-07-28/pages/basic/index.mdx ("ResultType": an unrecognized value MUST be considered invalid)
  it('rejects an unknown resultType and stays usable', async () => {
    const server = new FakeServer({
      'tools/call': (params) => (params.name === 'weird' ? { resultType: 'task', content: [] } : text('fine')),
    });
    ({ client } = connect(server));
    const error = await client.callTool({ name: 'weird' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResultError);
    expect(error).toMatchObject({
      remote: false,
      method: 'tools/call',
      message: 'Invalid tools/call result from the server: unknown resultType "task" (no extension of this client allows it for tools/call)',
    });
    await expect(client.callTool({ name: 'ok' })).resolves.toMatchObject({ content: [{ text: 'fine' }] });
  });

  // spec: 2026-07-28/pages/basic/index.mdx ("clients MUST treat an absent resultType as complete")
  it('treats an absent resultType as complete', async () => {
    const server = new FakeServer({ 'tools/call': () => ({ content: [{ type: 'text', text: 'old server' }] }) });
    ({ client } = connect(server));
    await expect(client.callTool({ name: 'x' })).resolves.toEqual({ resultType: 'complete', content: [{ type: 'text', text: 'old server' }] });
  });

  it('rejects a result that does not match its method’s schema, saying where', async () => {
    const server = new FakeServer({ 'tools/call': () => ({ resultType: 'complete', content: [{ type: 'text' }] }) });
    ({ client } = connect(server));
    await expect(client.callTool({ name: 'x' })).rejects.toThrow(/Invalid tools\/call result from the server: \/content\/0/);
  });

  // spec: 2026-07-28/pages/server/utilities/caching.mdx ("If ttlMs is absent" / "negative": treat it as 0)
  it('reads absent or negative caching hints as "stale at once" and caches nothing', async () => {
    const server = new FakeServer({
      'tools/list': () => done({ tools: [] }),
      'prompts/list': () => done({ prompts: [], ttlMs: -5, cacheScope: 'public' }),
    });
    ({ client } = connect(server));
    await expect(client.listTools()).resolves.toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    await client.listTools();
    await expect(client.listPrompts()).resolves.toMatchObject({ ttlMs: 0 });
    await client.listPrompts();
    expect(server.requests).toHaveLength(4);
  });

  it('rejects caching hints of the wrong type', async () => {
    const server = new FakeServer({ 'tools/list': () => done({ tools: [], ttlMs: 'soon', cacheScope: 'public' }) });
    ({ client } = connect(server));
    await expect(client.listTools()).rejects.toThrow(/\/ttlMs: must be integer/);
  });

  // spec: 2026-07-28/pages/basic/patterns/mrtr.mdx ("Servers MUST NOT send InputRequiredResult responses on any other client requests")
  it('rejects input_required on a method that cannot ask for input', async () => {
    const server = new FakeServer({ 'tools/list': () => ({ resultType: 'input_required', requestState: 's' }) });
    ({ client } = connect(server));
    await expect(client.listTools()).rejects.toThrow('Invalid tools/list result from the server: resultType "input_required" is not allowed for tools/list');
  });

  // spec: 2026-07-28/pages/basic/patterns/mrtr.mdx ("MUST include at least one of inputRequests or requestState")
  it('rejects an input_required result that carries neither inputRequests nor requestState', async () => {
    const server = new FakeServer({ 'tools/call': () => ({ resultType: 'input_required' }) });
    ({ client } = connect(server));
    await expect(client.callTool({ name: 'x' })).rejects.toThrow(/must carry inputRequests or requestState/);
  });

  it('rejects malformed input requests before any handler sees them', async () => {
    let called = false;
    const server = new FakeServer({
      'tools/call': () => ({ resultType: 'input_required', inputRequests: { q: { method: 'elicitation/create', params: { message: 'no schema' } } } }),
    });
    ({ client } = connect(server, { handlers: { elicitation: { form: () => ((called = true), { action: 'cancel' }) } } }));
    await expect(client.callTool({ name: 'x' })).rejects.toBeInstanceOf(InvalidResultError);
    expect(called).toBe(false);
  });

  it('can skip schema validation but still applies the resultType rules', async () => {
    const server = new FakeServer({
      'tools/call': (params) => (params.name === 'a' ? { resultType: 'complete', content: 'not an array' } : { resultType: 'odd' }),
    });
    ({ client } = connect(server, { validateResults: false }));
    await expect(client.callTool({ name: 'a' })).resolves.toMatchObject({ content: 'not an array' });
    await expect(client.callTool({ name: 'b' })).rejects.toThrow(/unknown resultType "odd"/);
  });

  it('passes a server’s JSON-RPC error through as a RemoteError with its code and data', async () => {
    const server = new FakeServer({});
    ({ client } = connect(server));
    await expect(client.callTool({ name: 'x' })).rejects.toMatchObject({ name: 'RemoteError', remote: true, code: -32601, method: 'tools/call' });
  });
});
