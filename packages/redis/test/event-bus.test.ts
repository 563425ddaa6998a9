import type { DispatchContext, JsonRpcNotification } from '@mcpkit/jsonrpc';
import { createServer, tool, type McpServer } from '@mcpkit/server';
import type { ServerEvent } from '@mcpkit/server/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisConnection, RedisEventBus, RedisUnavailableError } from '../src/index.js';
import { startRedisServer, type RedisServer } from './helpers/redis-server.js';

// A frozen or stopped Redis must fail a command: long enough that a loaded machine's live replies beat it.
const FAIL_FAST_MS = 2_000;

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A dispatch context that records notifications, as a transport would carry them. */
function recorder() {
  const notifications: JsonRpcNotification[] = [];
  const waiters: Array<() => void> = [];
  const context: DispatchContext = {
    signal: new AbortController().signal,
    transport: { name: 'test' },
    notify: async (notification) => {
      notifications.push(notification);
      for (const wake of waiters.splice(0)) wake();
    },
  };
  const waitFor = async (count: number) => {
    while (notifications.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { context, notifications, waitFor };
}

function replica(connection: RedisConnection): McpServer {
  return createServer({
    info: { name: 'replica', version: '1' },
    tools: [tool({ name: 'noop', handler: () => ({ content: [] }) })],
    events: new RedisEventBus(connection),
    onError: () => undefined,
    onWarning: () => undefined,
  });
}

const listen = (server: McpServer, id: number, context: DispatchContext) =>
  server.dispatch({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { _meta: META, notifications: { toolsListChanged: true } } }, context);

describe('RedisEventBus', () => {
  let redis: RedisServer;
  const connections: RedisConnection[] = [];
  const connect = () => {
    const connection = new RedisConnection({ url: redis.url, commandTimeoutMs: FAIL_FAST_MS, maxReconnectDelayMs: 100, log: () => undefined });
    connections.push(connection);
    return connection;
  };

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await redis?.dispose();
  });

  it('carries a change announced on one replica to a listen stream held by another', async () => {
    const a = replica(connect());
    const b = replica(connect());
    const { context, notifications, waitFor } = recorder();
    const ended = listen(a, 7, context);
    await waitFor(1);
    expect(notifications[0]?.method).toBe('notifications/subscriptions/acknowledged');
    await b.toolsChanged();
    await waitFor(2);
    expect(notifications[1]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 7 } },
    });
    await a.close();
    expect(await ended).toMatchObject({ id: 7, result: { resultType: 'complete' } });
  });

  it('delivers each event once per subscriber and ignores foreign messages on its channel', async () => {
    const connection = connect();
    const bus = new RedisEventBus(connection);
    const seen: ServerEvent[] = [];
    const stop = await bus.subscribe((event) => seen.push(event));
    // The test publishes raw messages on the command connection itself: it may still be connecting
    // (subscribe waits only for the subscriber connection), and commands are never queued offline.
    await connection.whenReady();
    await connection.client.publish('mcpkit:events', 'not json');
    await connection.client.publish('mcpkit:events', JSON.stringify({ type: 'tasks/changed' }));
    await connection.client.publish('mcpkit:events', JSON.stringify({ type: 'resources/updated' }));
    const other = connect();
    await other.whenReady();
    await new RedisEventBus(other).publish({ type: 'resources/updated', uri: 'file:///a' });
    await bus.publish({ type: 'prompts/list_changed' });
    while (seen.length < 2) await new Promise((r) => setTimeout(r, 5));
    await stop();
    await bus.publish({ type: 'tools/list_changed' });
    expect(seen).toEqual([{ type: 'resources/updated', uri: 'file:///a' }, { type: 'prompts/list_changed' }]);
  });

  it('ends listen streams with an error when Redis goes away, refuses new ones at once, and recovers when it is back', async () => {
    const connectionB = connect();
    const a = replica(connect());
    const b = replica(connectionB);
    const first = recorder();
    const ended = listen(a, 1, first.context);
    await first.waitFor(1);

    await redis.stop();
    // The stream reports the problem and ends, so its client listens again.
    expect(await ended).toMatchObject({ id: 1, error: { code: -32603, message: expect.stringContaining('listen again') } });
    // A listen while Redis is down is refused (not left hanging), and announcing fails loudly.
    const refused = recorder();
    expect(await listen(a, 2, refused.context)).toMatchObject({ id: 2, error: { code: -32603 } });
    expect(refused.notifications).toEqual([]);
    await expect(b.toolsChanged()).rejects.toBeInstanceOf(RedisUnavailableError);
    // Requests that do not need Redis keep working.
    const call = await a.dispatch({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { _meta: META, name: 'noop' } });
    expect(call).toMatchObject({ id: 3, result: { resultType: 'complete' } });

    await redis.start();
    const again = recorder();
    let relisten: Promise<unknown> | undefined;
    // The connection comes back by itself (no restart of the replica): the next listen works.
    // However long the reconnection takes on a loaded machine: only the test's timeout ends the wait.
    for (let attempt = 0; again.notifications.length === 0; attempt++) {
      const response = listen(a, 10 + attempt, again.context);
      const outcome = await Promise.race([response, again.waitFor(1).then(() => 'acknowledged')]);
      if (outcome === 'acknowledged') relisten = response;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(again.notifications[0]?.method).toBe('notifications/subscriptions/acknowledged');
    expect(await connectionB.whenReady(600_000)).toBe(true);
    await b.toolsChanged();
    await again.waitFor(2);
    expect(again.notifications[1]?.method).toBe('notifications/tools/list_changed');
    await a.close();
    await expect(relisten).resolves.toMatchObject({ result: { resultType: 'complete' } });
  });
});
