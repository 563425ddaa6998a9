import { ModernClient } from '@mcpkit/client';
import { createHttpHandler, HttpClientTransport } from '@mcpkit/http';
import { serveHttp, type HttpServer } from '@mcpkit/http/node';
import type { Dispatcher } from '@mcpkit/jsonrpc';
import { createServer, tool } from '@mcpkit/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCacheStore, RedisConnection, RedisUnavailableError } from '../src/index.js';
import { startRedisServer, type RedisServer } from './helpers/redis-server.js';

// spec: 2026-07-28/pages/server/utilities/caching.mdx
describe('RedisCacheStore', () => {
  let redis: RedisServer;
  let http: HttpServer;
  let endpoint: string;
  const server = createServer({
    info: { name: 'cached', version: '1' },
    tools: [tool({ name: 'a', handler: () => ({ content: [] }) })],
    onWarning: () => undefined,
  });
  /** How many tools/list requests reached the server (the rest were served from the cache). */
  let lists = 0;
  const connections: RedisConnection[] = [];
  const clients: ModernClient[] = [];
  const connect = async (commandTimeoutMs = 300) => {
    const connection = new RedisConnection({ url: redis.url, commandTimeoutMs, maxReconnectDelayMs: 100, log: () => undefined });
    connections.push(connection);
    await connection.whenReady();
    return connection;
  };
  /**
   * A client as one worker process would make it: its own Redis connection, the shared cache. Where
   * Redis is up, its bounds are beyond the test's timeout (`patient`): how fast a loaded machine
   * answers must not decide the outcome. The outage test needs them short: a frozen Redis is a miss.
   */
  const worker = async (warnings: string[] = [], { patient = false } = {}) => {
    const timeoutMs = patient ? 600_000 : 300;
    const client = new ModernClient(new HttpClientTransport(endpoint), {
      cache: { store: new RedisCacheStore(await connect(timeoutMs), { timeoutMs }), namespace: `${endpoint} ` },
      onWarning: (message) => warnings.push(message),
    });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    const counting: Dispatcher = {
      dispatch: (request, context) => {
        if (request.method === 'tools/list') lists++;
        return server.dispatch(request, context);
      },
    };
    http = await serveHttp(createHttpHandler(counting), { host: '127.0.0.1', port: 0 });
    endpoint = new URL('mcp', http.url).href;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await server.close();
    await http?.close();
    await Promise.all(connections.map((c) => c.close()));
    await redis?.dispose();
  });

  it('serves a result one worker fetched to another, and drops it for all when a change is announced', async () => {
    const warnings: string[] = [];
    const [a, b] = [await worker(warnings, { patient: true }), await worker(warnings, { patient: true })];
    const start = lists;
    const fetched = await a.listTools();
    expect(await b.listTools()).toEqual(fetched);
    expect(lists - start).toBe(1);
    // A list_changed seen on A's listen stream invalidates the shared entry: B fetches again.
    const stream = a.listen({ toolsListChanged: true });
    await stream.acknowledged;
    await server.toolsChanged();
    for await (const notification of stream) if (notification.method === 'notifications/tools/list_changed') break;
    // A drops the shared entry as its stream delivers the notification; the delete may land just after: B asks until it misses.
    while (lists - start < 2) {
      await b.listTools();
      if (lists - start < 2) await new Promise((r) => setTimeout(r, 20));
    }
    expect(lists - start, warnings.join('\n')).toBe(2);
  });

  it('treats a frozen or stopped Redis as a miss: the call is answered by the server', async () => {
    const warnings: string[] = [];
    const client = await worker(warnings);
    await client.listTools();
    const start = lists;
    redis.pause();
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['a']);
    } finally {
      redis.resume();
    }
    await redis.stop();
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['a']);
    } finally {
      await redis.start();
    }
    expect(lists - start).toBe(2);
    expect(warnings.some((w) => w.startsWith('Cache lookup failed'))).toBe(true);
  });

  it('deletes exactly the entries under a prefix, pattern characters included, and never stores stale ones', async () => {
    const store = new RedisCacheStore(await connect());
    const entry = (value: number) => ({ value: { resultType: 'complete', n: value }, expiresAt: Date.now() + 60_000 });
    await store.set('x:a*b', entry(1));
    await store.set('x:a?b', entry(2));
    await store.set('x:a[b]', entry(3));
    await store.set('x:ab', entry(4));
    await store.deleteByPrefix('x:a*');
    expect(await store.get('x:a*b')).toBeUndefined();
    expect((await Promise.all(['x:a?b', 'x:a[b]', 'x:ab'].map((k) => store.get(k)))).map((e) => e?.value.n)).toEqual([2, 3, 4]);
    await store.deleteByPrefix('x:');
    expect(await store.get('x:ab')).toBeUndefined();
    await store.set('x:stale', { value: { resultType: 'complete' }, expiresAt: Date.now() - 1 });
    expect(await store.get('x:stale')).toBeUndefined();
    await redis.stop();
    try {
      await expect(store.get('x:ab')).rejects.toBeInstanceOf(RedisUnavailableError);
    } finally {
      await redis.start();
    }
  });
});
