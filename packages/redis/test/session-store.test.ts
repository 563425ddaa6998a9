import type { SessionRecord, SessionSignal } from '@mcpkit/legacy';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RedisConnection, RedisUnavailableError } from '../src/index.js';
import { CorruptSessionError, RedisSessionStore, type RedisSessionStoreOptions } from '../src/legacy.js';
import { startRedisServer, type RedisServer } from './helpers/redis-server.js';

// Where Redis is up, a command's bound is beyond the test's timeout: a loaded machine answers late, not never.
const PATIENT_MS = 60_000;
// A frozen or stopped Redis must fail a command: long enough that a loaded machine's live replies beat it.
const FAIL_FAST_MS = 2_000;

// spec: 2025-11-25/pages/basic/transports.mdx (Session Management, Resumability and Redelivery)

let counter = 0;
function record(overrides: Partial<SessionRecord> = {}): SessionRecord {
  const now = Date.now();
  return {
    id: `session-${process.pid}-${++counter}-${Math.random().toString(36).slice(2)}`,
    protocolVersion: '2025-11-25',
    clientCapabilities: { elicitation: {} },
    clientInfo: { name: 'legacy', version: '1' },
    subscriptions: [],
    initialized: false,
    createdAt: now,
    lastSeenAt: now,
    ...overrides,
  };
}

describe('RedisSessionStore', () => {
  let redis: RedisServer;
  const connections: RedisConnection[] = [];
  /** One replica's store, on its own connection; `prefix` isolates a test's sessions from the others'. */
  const replica = async (options: RedisSessionStoreOptions = {}, prefix = 'mcpkit:', commandTimeoutMs = PATIENT_MS) => {
    const connection = new RedisConnection({ url: redis.url, prefix, commandTimeoutMs, maxReconnectDelayMs: 100, log: () => undefined });
    connections.push(connection);
    await connection.whenReady();
    return { store: new RedisSessionStore(connection, options), connection };
  };

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await redis?.dispose();
  });

  it('serves a session created on one replica to another, with its changes, until it is deleted', async () => {
    const { store: a } = await replica();
    const { store: b } = await replica();
    const session = record({ principal: 'issuer\nalice', logLevel: 'info' });
    expect(await a.create(session)).toBe(true);
    expect(await b.create(session)).toBe(false); // an id is never reused
    expect(await b.get(session.id)).toEqual({ ...session, lastSeenAt: expect.any(Number) });
    expect(await b.update(session.id, { initialized: true, subscriptions: ['file:///a', 'file:///b'] })).toMatchObject({
      initialized: true,
      subscriptions: ['file:///a', 'file:///b'],
    });
    expect(await a.get(session.id)).toMatchObject({
      initialized: true,
      subscriptions: ['file:///a', 'file:///b'],
      logLevel: 'info',
      principal: 'issuer\nalice',
    });
    expect(await a.get('someone-else')).toBeUndefined();
    expect(await a.get('not a session id\n')).toBeUndefined();
    expect(await b.delete(session.id)).toBe(true);
    expect(await a.get(session.id)).toBeUndefined();
    expect(await a.update(session.id, { initialized: false })).toBeUndefined();
    expect(await a.delete(session.id)).toBe(false);
  });

  it('hands each answer of a server-initiated request to exactly one replica, keeping the id type', async () => {
    const { store: a } = await replica();
    const { store: b } = await replica();
    const session = record();
    await a.create(session);
    await a.addPending(session.id, { id: 1, method: 'elicitation/create', relatedRequestId: 'r1', expiresAt: Date.now() + 60_000 });
    await a.addPending(session.id, { id: 'late', method: 'roots/list', expiresAt: Date.now() - 1 });
    expect(await b.takePending(session.id, '1')).toBeUndefined();
    const taken = await Promise.all([a.takePending(session.id, 1), b.takePending(session.id, 1)]);
    expect(taken.filter(Boolean)).toEqual([{ id: 1, method: 'elicitation/create', relatedRequestId: 'r1', expiresAt: expect.any(Number) }]);
    expect(await b.takePending(session.id, 'late')).toBeUndefined(); // expired
  });

  it('keeps a resumable event log per stream, bounded, across replicas', async () => {
    const { store: a } = await replica({ maxEventsPerStream: 3, maxStreamsPerSession: 2 });
    const { store: b } = await replica({ maxEventsPerStream: 3, maxStreamsPerSession: 2 });
    const session = record();
    await a.create(session);
    await a.openStream(session.id, 's1');
    expect(await b.replay(session.id, 's1.0')).toEqual({ streamId: 's1', events: [], ended: false });
    const sent = [];
    for (let i = 1; i <= 5; i++) sent.push(await a.appendEvent(session.id, 's1', { jsonrpc: '2.0', method: 'notifications/message', params: { data: i } }));
    expect(sent.map((e) => e.id)).toEqual(['s1.1', 's1.2', 's1.3', 's1.4', 's1.5']);
    // After event 1, only what is still kept (the last three) comes back, in order.
    expect((await b.replay(session.id, 's1.1'))?.events.map((e) => [e.id, (e.message as any).params.data])).toEqual([
      ['s1.3', 3],
      ['s1.4', 4],
      ['s1.5', 5],
    ]);
    expect((await b.replay(session.id, 's1.4'))?.events.map((e) => e.id)).toEqual(['s1.5']);
    expect(await b.replay(session.id, 's1.6')).toBeUndefined(); // never sent
    expect(await b.replay(session.id, 'other.0')).toBeUndefined();
    expect(await b.replay('someone-else', 's1.0')).toBeUndefined();
    await b.endStream(session.id, 's1');
    expect(await a.replay(session.id, 's1.5')).toEqual({ streamId: 's1', events: [], ended: true });
    // Beyond two streams, the oldest finished one goes.
    await a.openStream(session.id, 's2');
    await a.appendEvent(session.id, 's3', { jsonrpc: '2.0', method: 'ping', id: 'x' });
    expect(await b.replay(session.id, 's1.0')).toBeUndefined();
    expect(await b.replay(session.id, 's2.0')).toMatchObject({ events: [] });
    expect(await b.replay(session.id, 's3.0')).toMatchObject({ events: [{ id: 's3.1' }] });
    // A deleted session has no streams left, and logs nothing more.
    await a.delete(session.id);
    expect(await b.replay(session.id, 's2.0')).toBeUndefined();
    expect(await a.appendEvent(session.id, 's2', { jsonrpc: '2.0', method: 'ping', id: 'y' })).toMatchObject({ id: 's2.0' });
  });

  it('tells every replica about signals, and about sessions that were deleted or expired', async () => {
    const prefix = `signals-${counter}:`;
    const { store: a, connection } = await replica({ idleTimeoutMs: 60_000, sweepIntervalMs: 600_000 }, prefix);
    const { store: b } = await replica({ idleTimeoutMs: 60_000, sweepIntervalMs: 600_000 }, prefix);
    const heard: SessionSignal[] = [];
    const stop = await b.subscribe((signal) => heard.push(signal));
    const settled: SessionSignal = { type: 'settled', sessionId: 'x', response: { jsonrpc: '2.0', id: 'srv-1', result: { action: 'accept' } } };
    await a.publish(settled);
    const deleted = record();
    await a.create(deleted);
    await a.delete(deleted.id);
    // A session last seen an hour ago, idle past the timeout (no waiting: its clock says so). Its keys
    // expire in Redis after the idle timeout; the sweep does not wait for that.
    const idle = record({ createdAt: Date.now() - 3_600_000, lastSeenAt: Date.now() - 3_600_000 });
    await a.create(idle);
    const ttl = await connection.client.pttl(`${prefix}session:${idle.id}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await a.sweep()).toBe(1);
    expect(await b.sweep()).toBe(0); // announced once, by whoever swept first
    while (heard.length < 3) await new Promise((r) => setTimeout(r, 5));
    expect(heard).toEqual([settled, { type: 'closed', sessionId: deleted.id, reason: 'deleted' }, { type: 'closed', sessionId: idle.id, reason: 'expired' }]);
    stop();
    await b.close();
  });

  it('at maxSessions, counted on every replica, evicts the least recently used session no replica holds, and refuses when all are held', async () => {
    const prefix = `full-${counter}:`;
    const { store: a } = await replica({ maxSessions: 2 }, prefix);
    const { store: b } = await replica({ maxSessions: 2 }, prefix);
    const heard: SessionSignal[] = [];
    const stop = await b.subscribe((signal) => heard.push(signal));
    const first = record({ initialized: true });
    const second = record({ initialized: true });
    expect(await a.create(first)).toBe(true);
    expect(await b.create(second)).toBe(true);
    await a.get(first.id); // first is now the most recently used
    expect(await a.create(record())).toBe(true);
    expect(await a.get(second.id)).toBeUndefined();
    while (heard.length < 1) await new Promise((r) => setTimeout(r, 5));
    expect(heard).toEqual([{ type: 'closed', sessionId: second.id, reason: 'evicted' }]);

    // Both remaining sessions held in use (by either replica): nothing may be evicted.
    const third = record();
    const full = new RedisSessionStore((await replica({}, prefix)).connection, { maxSessions: 2 });
    await a.lease(first.id, 'replica-a', 60_000);
    expect(await full.create(third)).toBe(true); // evicts the unheld, uninitialized one
    await b.lease(third.id, 'replica-b', 60_000);
    expect(await a.create(record())).toBe(false);
    await b.lease(third.id, 'replica-b', 0);
    expect(await a.create(record())).toBe(true);
    expect(await a.get(first.id)).toMatchObject({ id: first.id });
    expect(await a.get(third.id)).toBeUndefined();
    stop();
  });

  it('keeps the order of uses within one millisecond: the session used least recently is evicted, whatever its id', async () => {
    // One frozen clock for the store and the records: every create and every touch ties on time.
    // The ids sort opposite to the order of use, so ordering ties by member would evict the wrong one.
    const at = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(at);
    const prefix = `same-ms-${counter}:`;
    const { store } = await replica({ maxSessions: 2 }, prefix);
    const used = record({ id: `${prefix}b`, initialized: true, createdAt: at, lastSeenAt: at });
    const idle = record({ id: `${prefix}c`, initialized: true, createdAt: at, lastSeenAt: at });
    expect(await store.create(used)).toBe(true);
    expect(await store.create(idle)).toBe(true);
    await store.get(used.id); // same millisecond: still the most recent use
    expect(await store.create(record({ id: `${prefix}a`, initialized: true, createdAt: at, lastSeenAt: at }))).toBe(true);
    expect(await store.get(idle.id)).toBeUndefined();
    expect(await store.get(used.id)).toMatchObject({ id: used.id });

    // The per-client index orders ties the same way.
    const { store: perClient } = await replica({ maxSessionsPerClient: 2 }, `${prefix}pc:`);
    const mine = ['z', 'y', 'x'].map((tail) => record({ id: `${prefix}${tail}`, clientAddress: '192.0.2.9', createdAt: at, lastSeenAt: at }));
    for (const r of mine) expect(await perClient.create(r)).toBe(true);
    expect(await perClient.get(mine[0]!.id)).toBeUndefined();
    expect(await perClient.get(mine[1]!.id)).toMatchObject({ id: mine[1]!.id });
    expect(await perClient.get(mine[2]!.id)).toMatchObject({ id: mine[2]!.id });
  });

  it("caps the sessions of one client address, evicting that address's own least recently used ones", async () => {
    const prefix = `per-client-${counter}:`;
    const { store } = await replica({ maxSessionsPerClient: 2 }, prefix);
    const mine = [record({ clientAddress: '192.0.2.7' }), record({ clientAddress: '192.0.2.7' }), record({ clientAddress: '192.0.2.7' })];
    const other = record({ clientAddress: '198.51.100.1' });
    expect(await store.create(other)).toBe(true);
    for (const r of mine) expect(await store.create(r)).toBe(true);
    expect(await store.get(mine[0]!.id)).toBeUndefined();
    expect(await store.get(mine[1]!.id)).toMatchObject({ clientAddress: '192.0.2.7' });
    expect(await store.get(other.id)).toMatchObject({ id: other.id, clientAddress: '198.51.100.1' });
  });

  it('gives a session that never completed initialization the shorter expiry, and the full one once it does', async () => {
    const prefix = `uninit-${counter}:`;
    const { store, connection } = await replica({ uninitializedTimeoutMs: 60_000, idleTimeoutMs: 30 * 60_000 }, prefix);
    const session = record();
    await store.create(session);
    const key = `${prefix}session:${session.id}`;
    const ttl = async () => Number(await connection.client.pttl(key));
    expect(await ttl()).toBeLessThanOrEqual(60_000);
    await store.get(session.id);
    expect(await ttl()).toBeLessThanOrEqual(60_000);
    await store.update(session.id, { initialized: true });
    expect(await ttl()).toBeGreaterThan(60_000);
    await store.get(session.id);
    expect(await ttl()).toBeGreaterThan(29 * 60_000);
  });

  it('never serves a record that names another session', async () => {
    const { store, connection } = await replica();
    const a = record();
    const b = record();
    await store.create(a);
    await store.create(b);
    // Someone copied A's record over B's (an operator mistake, a bad migration): B is refused, not served as A.
    await connection.client.hset(`mcpkit:session:${b.id}`, 'rec', (await connection.client.hget(`mcpkit:session:${a.id}`, 'rec')) as string);
    await expect(store.get(b.id)).rejects.toBeInstanceOf(CorruptSessionError);
    expect(await store.get(a.id)).toMatchObject({ id: a.id });
  });

  it('fails fast while Redis is down or frozen, never answering with another session, and recovers by itself', async () => {
    const { store, connection } = await replica({}, 'mcpkit:', FAIL_FAST_MS);
    const a = record();
    const b = record();
    await store.create(a);
    await store.create(b);
    redis.pause(); // slow: connected, but nothing comes back
    await expect(store.get(a.id)).rejects.toBeInstanceOf(RedisUnavailableError);
    redis.resume();
    // The late reply to the timed-out read is not taken for the next one.
    expect(await store.get(b.id)).toMatchObject({ id: b.id });
    await redis.stop();
    await expect(store.get(a.id)).rejects.toThrow(/Redis is unavailable, could not read a session/);
    await expect(store.create(record())).rejects.toBeInstanceOf(RedisUnavailableError);
    await redis.start();
    expect(await connection.whenReady(5_000)).toBe(true);
    // Without persistence the sessions are gone: the client is told 404 and starts over, never given another one.
    expect(await store.get(a.id)).toBeUndefined();
    expect(await store.create(record())).toBe(true);
  });
});
