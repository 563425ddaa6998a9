import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCacheStore, type CacheStore, type ModernClient } from '../src/index.js';
import { cacheable, connect, FakeServer } from './helpers/fake-server.js';

// spec: 2026-07-28/pages/server/utilities/caching.mdx

let client: ModernClient | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await client?.close();
  client = undefined;
});

function counting(ttlMs: number, scope: 'public' | 'private' = 'public'): FakeServer {
  let n = 0;
  return new FakeServer({
    'server/discover': () => cacheable({ supportedVersions: ['2026-07-28'], capabilities: {} }, ttlMs, scope),
    'tools/list': (params) =>
      cacheable({ tools: [{ name: `t${++n}`, inputSchema: { type: 'object' } }], ...(params.cursor === undefined ? { nextCursor: '' } : {}) }, ttlMs, scope),
    'resources/read': (params) => cacheable({ contents: [{ uri: params.uri, text: `v${++n}` }] }, ttlMs, scope),
  });
}

describe('result cache', () => {
  it('serves a result while it is fresh and fetches again once the TTL has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const server = counting(1_000);
    ({ client } = connect(server));
    const first = await client.readResource({ uri: 'mem://a' });
    vi.setSystemTime(Date.now() + 999);
    await expect(client.readResource({ uri: 'mem://a' })).resolves.toBe(first);
    vi.setSystemTime(Date.now() + 1);
    await expect(client.readResource({ uri: 'mem://a' })).resolves.toMatchObject({ contents: [{ text: 'v2' }] });
    expect(server.received('resources/read')).toHaveLength(2);
  });

  it('does not keep a result whose ttlMs is 0', async () => {
    const server = counting(0);
    ({ client } = connect(server));
    await client.discover();
    await client.discover();
    expect(server.received('server/discover')).toHaveLength(2);
  });

  it('keys entries by method and the params that shape them: the empty cursor is its own page', async () => {
    const server = counting(60_000);
    ({ client } = connect(server));
    const first = await client.listTools();
    const emptyCursor = await client.listTools({ cursor: '' });
    expect(first.tools[0]?.name).toBe('t1');
    expect(emptyCursor.tools[0]?.name).toBe('t2');
    await client.listTools();
    await client.listTools({ cursor: '' });
    await client.readResource({ uri: 'mem://a' });
    await client.readResource({ uri: 'mem://b' });
    expect(server.requests.map((r) => r.method)).toEqual(['tools/list', 'tools/list', 'resources/read', 'resources/read']);
  });

  it('shares private entries only within one authorization context', async () => {
    let user = 'alice';
    const server = counting(60_000, 'private');
    ({ client } = connect(server, { authorizationContext: () => user }));
    await client.readResource({ uri: 'mem://me' });
    await client.readResource({ uri: 'mem://me' });
    user = 'bob';
    await expect(client.readResource({ uri: 'mem://me' })).resolves.toMatchObject({ contents: [{ text: 'v2' }] });
    user = 'alice';
    await expect(client.readResource({ uri: 'mem://me' })).resolves.toMatchObject({ contents: [{ text: 'v1' }] });
    expect(server.received('resources/read')).toHaveLength(2);
  });

  it('shares public entries across authorization contexts', async () => {
    let user = 'alice';
    const server = counting(60_000, 'public');
    ({ client } = connect(server, { authorizationContext: () => user }));
    await client.discover();
    user = 'bob';
    await client.discover();
    expect(server.received('server/discover')).toHaveLength(1);
  });

  it('honours reload and no-store per request', async () => {
    const server = counting(60_000);
    ({ client } = connect(server));
    await client.readResource({ uri: 'mem://a' }, { cache: 'no-store' });
    await client.readResource({ uri: 'mem://a' });
    await client.readResource({ uri: 'mem://a' });
    await expect(client.readResource({ uri: 'mem://a' }, { cache: 'reload' })).resolves.toMatchObject({ contents: [{ text: 'v3' }] });
    await expect(client.readResource({ uri: 'mem://a' })).resolves.toMatchObject({ contents: [{ text: 'v3' }] });
    expect(server.received('resources/read')).toHaveLength(3);
  });

  it('can be turned off', async () => {
    const server = counting(60_000);
    ({ client } = connect(server, { cache: false }));
    await client.discover();
    await client.discover();
    expect(server.received('server/discover')).toHaveLength(2);
  });

  it('never caches results of methods without caching hints', async () => {
    const server = new FakeServer({ 'tools/call': () => ({ resultType: 'complete', content: [], ttlMs: 60_000, cacheScope: 'public' }) });
    ({ client } = connect(server));
    await client.callTool({ name: 'x' });
    await client.callTool({ name: 'x' });
    expect(server.received('tools/call')).toHaveLength(2);
  });

  it('uses a pluggable store, namespaced, and treats a failing store as a miss', async () => {
    const keys: string[] = [];
    const inner = new MemoryCacheStore();
    let broken = false;
    const store: CacheStore = {
      get: async (key) => {
        if (broken) throw new Error('store down');
        return inner.get(key);
      },
      set: async (key, entry) => {
        keys.push(key);
        inner.set(key, entry);
      },
      deleteByPrefix: async (prefix) => inner.deleteByPrefix(prefix),
    };
    const server = counting(60_000);
    let warnings: string[];
    ({ client, warnings } = connect(server, { cache: { store, namespace: 'https://mcp.example.com/|' } }));
    await client.discover();
    await client.discover();
    expect(keys).toEqual(['https://mcp.example.com/|server/discover\n\npublic']);
    broken = true;
    await client.discover();
    expect(server.received('server/discover')).toHaveLength(2);
    expect(warnings).toContain('Cache lookup failed (treated as a miss): store down');
  });

  it('bounds the memory store, dropping the least recently used entry', () => {
    const store = new MemoryCacheStore(2);
    const entry = { value: {}, expiresAt: Infinity };
    store.set('a', entry);
    store.set('b', entry);
    store.get('a');
    store.set('c', entry);
    expect([store.get('a'), store.get('b'), store.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(store.size).toBe(2);
  });
});
