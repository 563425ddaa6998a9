/**
 * Redis stopped, restarted and frozen under three running replicas: requests that do not need it
 * keep working, listen streams say what happened and end so clients listen again, legacy sessions
 * are told to retry (503, never another session), and everything comes back without restarting a replica.
 */
import { ModernClient, type InputHandlers, type ListenStream } from '@mcpkit/client';
import { HttpClientTransport } from '@mcpkit/http';
import { RemoteError } from '@mcpkit/jsonrpc';
import { generateStateKey } from '@mcpkit/server/state';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LegacySession, SseReader } from './helpers/legacy-client.js';
import { startRedisServer, type RedisServer } from './helpers/redis-server.js';
import { startReplica, startReplicas, type Replica } from './helpers/replicas.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './helpers/round-robin-proxy.js';

const handlers: InputHandlers = {
  elicitation: {
    form: (params) => {
      const content: Record<string, string> = params.message.includes('color') ? { color: 'teal' } : { name: 'Ada' };
      return { action: 'accept', content };
    },
  },
};

/** Reads a listen stream until it ends; resolves how: the error it ended with, or 'done'. */
async function endOf(stream: ListenStream): Promise<unknown> {
  try {
    for await (const _ of stream);
    return 'done';
  } catch (error) {
    return error;
  }
}

/**
 * Retries `attempt` until it passes (the replicas reconnect in the background, each on its own
 * backoff): however long a loaded machine takes, only the test's timeout ends the wait.
 */
async function eventually<T>(attempt: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await attempt();
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe('Redis down, slow and back under three replicas', () => {
  let redis: RedisServer;
  let replicas: Replica[];
  let proxy: RoundRobinProxy;
  const clients: ModernClient[] = [];
  const client = (endpoint = proxy.endpoint) => {
    const made = new ModernClient(new HttpClientTransport(endpoint), { handlers, onWarning: () => undefined });
    clients.push(made);
    return made;
  };
  const echoEverywhere = async (text: string) => {
    const modern = client();
    for (let i = 0; i < replicas.length; i++) {
      expect(await modern.callTool({ name: 'echo', arguments: { text: `${text} ${i}` } })).toMatchObject({ content: [{ type: 'text', text: `${text} ${i}` }] });
    }
  };

  beforeAll(async () => {
    redis = await startRedisServer({ persist: true });
    replicas = await startReplicas(3, { REDIS_URL: redis.url, MCPKIT_STATE_KEYS: generateStateKey('k1'), REDIS_COMMAND_TIMEOUT_MS: '2000' });
    proxy = await startRoundRobinProxy(replicas.map((r) => r.endpoint));
  }, 600_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await proxy?.close();
    await Promise.all((replicas ?? []).map((r) => r.stop()));
    await redis?.dispose();
  }, 600_000);

  it('keeps serving, reports the outage, and recovers when Redis is stopped and restarted', async () => {
    const pids = replicas.map((r) => r.pid);
    const session = await LegacySession.open(proxy.endpoint, { elicitation: {} });
    const listen = client(replicas[0]!.endpoint).listen({ toolsListChanged: true });
    await listen.acknowledged;
    const ended = endOf(listen);

    await redis.stop();

    // The listen stream says what happened, as a JSON-RPC error for the listen, and ends: the client listens again.
    const end = await ended;
    expect(end).toBeInstanceOf(RemoteError);
    expect(end).toMatchObject({ code: -32603, message: expect.stringContaining('listen again') });
    // What does not need Redis keeps working, on every replica.
    await echoEverywhere('down');
    expect((await client().listTools()).tools.map((t) => t.name)).toContain('echo');
    // A new listen is refused at once with a clear error instead of hanging.
    const refused = client(replicas[1]!.endpoint).listen({ toolsListChanged: true });
    await expect(refused.acknowledged).rejects.toBeDefined();
    expect(await endOf(refused)).toMatchObject({ code: -32603, message: expect.stringContaining('cannot reach its event bus') });
    // A legacy session is told to retry (never 404, never another session); so is a new one.
    const during = await session.post({ jsonrpc: '2.0', id: 'down', method: 'tools/call', params: { name: 'echo', arguments: { text: session.id } } });
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('1');
    expect(await during.json()).toMatchObject({ id: 'down', error: { code: -32603, message: 'The session store is unavailable: retry shortly' } });
    await expect(LegacySession.open(proxy.endpoint)).rejects.toThrow(/initialize failed: 503/);
    // A multi-round call cannot prove its state is used once without Redis: its retry is refused.
    await expect(client().callTool({ name: 'test_input_required_result_multi_round' })).rejects.toMatchObject({ code: -32603 });

    await redis.start();

    // Nobody restarted a replica: they reconnect by themselves.
    expect(replicas.map((r) => r.pid)).toEqual(pids);
    const again = await eventually(async () => {
      const stream = client(replicas[0]!.endpoint).listen({ toolsListChanged: true });
      await stream.acknowledged;
      return stream;
    });
    await eventually(() => client(replicas[2]!.endpoint).callTool({ name: 'test_trigger_tool_change' }));
    for await (const notification of again) if (notification.method === 'notifications/tools/list_changed') break;
    // Each replica reconnects its pub/sub side on its own backoff (up to 2 s), after its command side:
    // a session signal published before a replica re-subscribed is not replayed to it (a documented
    // limit). Wait until every replica acknowledges a listen, which proves its pub/sub side is back.
    for (const replica of replicas) {
      await eventually(async () => {
        const probe = client(replica.endpoint).listen({ toolsListChanged: true });
        await probe.acknowledged;
        await probe.return?.(undefined);
      });
    }
    // Redis kept its data across the restart: the session goes on, on every replica...
    for (let i = 0; i < 3; i++) {
      expect(await eventually(() => session.request(`back-${i}`, 'tools/call', { name: 'echo', arguments: { text: session.id } }))).toMatchObject({
        result: { content: [{ type: 'text', text: session.id }] },
      });
    }
    // ...elicitation included: the replicas hear each other's session signals again (re-subscribed by themselves).
    const call = await session.post({ jsonrpc: '2.0', id: 'ask', method: 'tools/call', params: { name: 'test_elicitation', arguments: { message: 'Back?' } } });
    const priming = await new SseReader(call).next();
    const resumed = new SseReader(await session.get(priming!.id));
    const ask = await resumed.message();
    expect(ask?.message).toMatchObject({ method: 'elicitation/create', params: { message: 'Back?' } });
    expect(
      (await session.post({ jsonrpc: '2.0', id: ask!.message.id, result: { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } } }))
        .status,
    ).toBe(202);
    expect((await resumed.message())?.message).toMatchObject({ id: 'ask', result: { content: [{ text: expect.stringContaining('ada@example.com') }] } });
    expect((await client().callTool({ name: 'test_input_required_result_multi_round' })).content).toEqual([
      { type: 'text', text: "Ada's favorite color is teal" },
    ]);
  }, 600_000); // stop, restart and reconnect of three replicas: slow when CI runs every package's tests at once

  it('starts a replica while Redis is down, and serves it all once Redis comes up, without a restart', async () => {
    await redis.stop();
    let late: Replica | undefined;
    try {
      late = await startReplica({ REDIS_URL: redis.url, MCPKIT_STATE_KEYS: generateStateKey('k1'), REDIS_STARTUP_WAIT_MS: '100' });
      const modern = client(late.endpoint);
      expect(await modern.callTool({ name: 'echo', arguments: { text: 'no redis yet' } })).toMatchObject({ content: [{ text: 'no redis yet' }] });
      await expect(LegacySession.open(late.endpoint)).rejects.toThrow(/initialize failed: 503/);
      expect(await endOf(modern.listen({ toolsListChanged: true }))).toMatchObject({ code: -32603 });
      await redis.start();
      const session = await eventually(() => LegacySession.open(late!.endpoint));
      expect(await session.request(1, 'ping')).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
      const stream = await eventually(async () => {
        const opened = client(late!.endpoint).listen({ toolsListChanged: true });
        await opened.acknowledged;
        return opened;
      });
      await client(replicas[0]!.endpoint).callTool({ name: 'test_trigger_tool_change' });
      for await (const notification of stream) if (notification.method === 'notifications/tools/list_changed') break;
    } finally {
      await late?.stop();
    }
  });

  it('never wedges while Redis is frozen, and answers each session with its own data afterwards', async () => {
    const first = await LegacySession.open(proxy.endpoint);
    const second = await LegacySession.open(proxy.endpoint);
    redis.pause();
    try {
      await echoEverywhere('frozen');
      // Legacy requests are told to retry after the command timeout instead of waiting for Redis.
      const stuck = await Promise.all([first, second, first].map((s, i) => s.post({ jsonrpc: '2.0', id: `f${i}`, method: 'ping' })));
      expect(stuck.map((r) => r.status)).toEqual([503, 503, 503]);
    } finally {
      redis.resume();
    }
    // Late replies to the timed-out reads are never taken for later ones.
    for (const [i, s] of [second, first, second, first].entries()) {
      expect(await eventually(() => s.request(`t${i}`, 'tools/call', { name: 'echo', arguments: { text: s.id } }))).toMatchObject({
        result: { content: [{ type: 'text', text: s.id }] },
      });
    }
  });
});
