/**
 * Three replicas of examples/everything behind a round-robin load balancer, sharing one real
 * redis-server: what crosses replicas (listen notifications, MRTR requestState, legacy sessions,
 * their server-initiated requests and resumable streams) works wherever each request lands, and
 * killing a replica loses no session.
 */
import { ModernClient, type InputHandlers, type ListenNotification } from '@mcpkit/client';
import { HttpClientTransport } from '@mcpkit/http';
import { generateStateKey } from '@mcpkit/server/state';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LegacySession, SseReader } from './helpers/legacy-client.js';
import { startRedisServer, type RedisServer } from './helpers/redis-server.js';
import { startReplicas, type Replica } from './helpers/replicas.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './helpers/round-robin-proxy.js';

const handlers: InputHandlers = {
  elicitation: {
    form: (params) => {
      const content: Record<string, string> = params.message.includes('color') ? { color: 'teal' } : { name: 'Ada' };
      return { action: 'accept', content };
    },
  },
};

describe('three replicas behind a round-robin proxy, sharing Redis', () => {
  let redis: RedisServer;
  let replicas: Replica[];
  let proxy: RoundRobinProxy;
  const clients: ModernClient[] = [];
  const client = (endpoint: string) => {
    const made = new ModernClient(new HttpClientTransport(endpoint), { handlers, onWarning: () => undefined });
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    replicas = await startReplicas(3, { REDIS_URL: redis.url, MCPKIT_STATE_KEYS: `${generateStateKey('k2')},${generateStateKey('k1')}` });
    proxy = await startRoundRobinProxy(replicas.map((r) => r.endpoint));
  }, 600_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await proxy?.close();
    await Promise.all((replicas ?? []).map((r) => r.stop()));
    await redis?.dispose();
  }, 600_000);

  it('delivers tools/list_changed triggered on replica 3 to a listen stream held by replica 1', async () => {
    // spec: 2026-07-28/pages/basic/patterns/subscriptions.mdx
    const listener = client(replicas[0]!.endpoint);
    const stream = listener.listen({ toolsListChanged: true });
    await expect(stream.acknowledged).resolves.toMatchObject({ granted: { toolsListChanged: true } });
    const trigger = await client(replicas[2]!.endpoint).callTool({ name: 'test_trigger_tool_change' });
    expect(trigger.content).toEqual([{ type: 'text', text: 'dynamic_tool added' }]);
    let changed: ListenNotification | undefined;
    for await (const notification of stream) {
      if (notification.method === 'notifications/tools/list_changed') {
        changed = notification;
        break;
      }
    }
    expect(changed?.params?._meta?.['io.modelcontextprotocol/subscriptionId']).toEqual(expect.anything());
  });

  it('completes a multi-round tools/call whose rounds land on different replicas', async () => {
    // spec: 2026-07-28/pages/basic/patterns/mrtr.mdx (requestState sealed on one replica, opened on another)
    const before = proxy.routed.length;
    const result = await client(proxy.endpoint).callTool({ name: 'test_input_required_result_multi_round' });
    expect(result.content).toEqual([{ type: 'text', text: "Ada's favorite color is teal" }]);
    const rounds = proxy.routed.slice(before).filter((r) => r.what === 'tools/call test_input_required_result_multi_round');
    expect(rounds).toHaveLength(3);
    expect(new Set(rounds.map((r) => r.backend)).size).toBe(3);
  });

  it('keeps a 2025-11-25 session across replicas, with a server-initiated elicitation answered on another one', async () => {
    // spec: 2025-11-25/pages/basic/transports.mdx (Session Management, Resumability and Redelivery)
    const session = await LegacySession.open(proxy.endpoint, { elicitation: {} });
    const from = proxy.routed.length;
    for (let i = 1; i <= 3; i++) expect(await session.request(i, 'ping')).toEqual({ jsonrpc: '2.0', id: i, result: {} });
    expect(new Set(proxy.routed.slice(from).map((r) => r.backend)).size).toBe(3);

    // The call runs on one replica, whose reply closes after its priming event (polling)...
    const call = await session.post({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'test_elicitation', arguments: { message: 'Who?' } } });
    const callBackend = proxy.routed.at(-1)!.backend;
    const priming = await new SseReader(call).next();
    expect(priming?.id).toMatch(/\.0$/);
    // ...the client resumes it with Last-Event-ID on the next replica, which replays the elicitation...
    const resumed = new SseReader(await session.get(priming!.id));
    const resumeBackend = proxy.routed.at(-1)!.backend;
    const ask = await resumed.message();
    expect(ask?.message).toMatchObject({ jsonrpc: '2.0', method: 'elicitation/create', params: { message: 'Who?' } });
    // ...and the answer lands on a third replica, which wakes the call where it waits.
    const answered = await session.post({
      jsonrpc: '2.0',
      id: ask!.message.id,
      result: { action: 'accept', content: { username: 'lin', email: 'lin@example.com' } },
    });
    expect(answered.status).toBe(202);
    const answerBackend = proxy.routed.at(-1)!.backend;
    expect(new Set([callBackend, resumeBackend, answerBackend]).size).toBe(3);
    const result = await resumed.message();
    expect(result?.message).toMatchObject({ id: 10, result: { content: [{ type: 'text', text: expect.stringContaining('lin@example.com') }] } });
    expect(await resumed.next()).toBeUndefined(); // the stream ends after its response
  });

  it('resumes a GET stream with Last-Event-ID on another replica, even after the replica that held it was killed', async () => {
    const session = await LegacySession.open(proxy.endpoint);
    const others = await Promise.all(Array.from({ length: 5 }, () => LegacySession.open(proxy.endpoint)));
    const get = new SseReader(await session.get());
    const holder = proxy.routed.at(-1)!.backend;
    const priming = await get.next();
    // A change announced by a modern client on any replica reaches the legacy GET stream.
    await client(proxy.endpoint).callTool({ name: 'test_trigger_tool_change' });
    const changed = await get.message();
    expect(changed?.message).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    await get.cancel();

    // The replica holding the stream dies mid-run; the proxy sends the next requests elsewhere.
    await replicas[holder]!.kill();
    const resumed = new SseReader(await session.get(priming!.id));
    expect(proxy.routed.at(-1)!.backend).not.toBe(holder);
    expect(await resumed.message()).toEqual({ id: changed!.id, message: changed!.message, retry: undefined });
    await resumed.cancel();

    // No session was lost: each one answers on the replicas left, under its own id.
    for (const [i, other] of [session, ...others].entries()) {
      expect(await other.request(`after-${i}`, 'tools/call', { name: 'echo', arguments: { text: other.id } })).toMatchObject({
        result: { content: [{ type: 'text', text: other.id }] },
      });
    }
    // Modern traffic goes on too, multi-round included.
    expect((await client(proxy.endpoint).callTool({ name: 'test_input_required_result_multi_round' })).content).toEqual([
      { type: 'text', text: "Ada's favorite color is teal" },
    ]);
  });
});
