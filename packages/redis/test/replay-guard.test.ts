import { createServer, elicitForm, inputRequired, tool, type McpServer } from '@mcpkit/server';
import { generateStateKey } from '@mcpkit/server/state';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisConnection, RedisReplayGuard, RedisUnavailableError, sharedState } from '../src/index.js';
import { startRedisServer, type RedisServer } from './helpers/redis-server.js';

// A frozen or stopped Redis must fail a command: long enough that a loaded machine's live replies beat it.
const FAIL_FAST_MS = 2_000;

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
};

// spec: 2026-07-28/pages/basic/patterns/mrtr.mdx ("enforce single use on the server where it matters")
describe('RedisReplayGuard', () => {
  let redis: RedisServer;
  const connections: RedisConnection[] = [];
  const connect = async (commandTimeoutMs = FAIL_FAST_MS) => {
    const connection = new RedisConnection({ url: redis.url, commandTimeoutMs, maxReconnectDelayMs: 100, log: () => undefined });
    connections.push(connection);
    await connection.whenReady();
    return connection;
  };
  /** A replica whose `confirm` tool asks once, then completes with what it sealed. */
  const replica = async (keys: string): Promise<McpServer> =>
    createServer({
      info: { name: 'replica', version: '1' },
      tools: [
        tool({
          name: 'confirm',
          handler: (_args, ctx) =>
            ctx.input.accepted('ok', { type: 'object', properties: {} })
              ? { content: [{ type: 'text', text: `confirmed ${JSON.stringify(ctx.state)}` }] }
              : inputRequired({ ok: elicitForm({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } }) }, { state: { order: 42 } }),
        }),
      ],
      state: sharedState({ keys, replayGuard: new RedisReplayGuard(await connect()) }),
      onError: () => undefined,
      onWarning: () => undefined,
    });
  const call = (server: McpServer, id: number, extra: Record<string, unknown> = {}) =>
    server.dispatch({ jsonrpc: '2.0', id, method: 'tools/call', params: { _meta: META, name: 'confirm', ...extra } }) as Promise<any>;

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await redis?.dispose();
  });

  it('lets a state be claimed once across replicas, until it expires', async () => {
    const a = new RedisReplayGuard(await connect());
    const b = new RedisReplayGuard(await connect());
    const id = `state-${Date.now()}`;
    const claims = await Promise.all([a.claim(id, Date.now() + 60_000), b.claim(id, Date.now() + 60_000)]);
    expect(claims.sort()).toEqual([false, true]);
    expect(await a.claim(`${id}-other`, Date.now() + 60_000)).toBe(true);
    // The claim lives exactly as long as the state (Redis forgets it then): its absolute expiry is the state's.
    const expiresAt = Date.now() + 60_000;
    expect(await a.claim(`${id}-timed`, expiresAt)).toBe(true);
    const connection = await connect();
    expect(await connection.client.call('PEXPIRETIME', `mcpkit:state-used:${id}-timed`)).toBe(expiresAt);
  });

  it('refuses a requestState replayed on another replica, after its first use completed the call', async () => {
    const keys = generateStateKey('k1');
    const [a, b] = [await replica(keys), await replica(keys)];
    const first = await call(a, 1);
    expect(first.result).toMatchObject({ resultType: 'input_required', requestState: expect.any(String) });
    const retry = { inputResponses: { ok: { action: 'accept', content: {} } }, requestState: first.result.requestState };
    expect((await call(b, 2, retry)).result).toMatchObject({ content: [{ type: 'text', text: 'confirmed {"order":42}' }] });
    expect((await call(a, 3, retry)).error).toMatchObject({ code: -32602, data: { reason: 'replayed' } });
  });

  it('fails closed while Redis is down: a retry carrying state is refused, a first call is not', async () => {
    const keys = generateStateKey('k1');
    const server = await replica(keys);
    const first = await call(server, 1);
    await expect(new RedisReplayGuard(await connect()).claim('x', Date.now() + 1000)).resolves.toBe(true);
    await redis.stop();
    try {
      await expect(new RedisReplayGuard(connections.at(-1)!).claim('y', Date.now() + 1000)).rejects.toBeInstanceOf(RedisUnavailableError);
      const retry = await call(server, 2, { inputResponses: { ok: { action: 'accept', content: {} } }, requestState: first.result.requestState });
      expect(retry.error).toMatchObject({ code: -32603 });
      expect((await call(server, 3)).result).toMatchObject({ resultType: 'input_required' });
    } finally {
      await redis.start();
    }
  });
});
