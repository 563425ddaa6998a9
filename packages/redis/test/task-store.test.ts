import type { TaskRecord } from '@mcpkit/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisConnection, RedisUnavailableError } from '../src/index.js';
import { RedisTaskStore } from '../src/tasks/index.js';
import { startRedisServer, type RedisServer } from './helpers/redis-server.js';

// Where Redis is up, a command's bound is beyond the test's timeout: a loaded machine answers late, not never.
const PATIENT_MS = 60_000;

// The TaskStore contract of @mcpkit/tasks (store/task-store.ts) on a real redis-server.
// spec: extensions/tasks/tasks.md (tasks outlive the request that made them; any replica answers)

let counter = 0;
function task(overrides: Partial<TaskRecord> = {}): TaskRecord {
  const now = Date.now();
  return {
    taskId: `task-${process.pid}-${++counter}`,
    owner: 'alice',
    status: 'working',
    createdAt: now + counter,
    lastUpdatedAt: now,
    ttlMs: 60_000,
    pollIntervalMs: 100,
    expiresAt: now + 120_000,
    run: { tool: 'work', arguments: {}, requestId: 1, protocolVersion: '2026-07-28', clientCapabilities: {}, answers: {}, keys: {}, issued: [] },
    version: 1,
    ...overrides,
  };
}

describe('RedisTaskStore', () => {
  let redis: RedisServer;
  const connections: RedisConnection[] = [];
  const replica = async (prefix = 'mcpkit:') => {
    const connection = new RedisConnection({ url: redis.url, prefix, commandTimeoutMs: PATIENT_MS, maxReconnectDelayMs: 100, log: () => undefined });
    connections.push(connection);
    await connection.whenReady();
    return { store: new RedisTaskStore(connection, { scanBatch: 2 }), connection };
  };

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await redis?.dispose();
  });

  it('shares tasks between replicas, refuses a second create, and compares versions on replace', async () => {
    const [a, b] = [await replica(), await replica()];
    const made = task();
    await a.store.create(made);
    expect(await b.store.get(made.taskId)).toEqual(made);
    await expect(b.store.create(made)).rejects.toThrow(/exists already/);
    expect(await b.store.replace({ ...made, status: 'completed', version: 2 }, 1)).toBe(true);
    // A replica that read version 1 loses the race.
    expect(await a.store.replace({ ...made, status: 'cancelled', version: 2 }, 1)).toBe(false);
    expect((await a.store.get(made.taskId))?.status).toBe('completed');
    expect(await a.store.replace(task({ taskId: 'never-made' }), 1)).toBe(false);
    expect(await a.store.get('never-made')).toBeUndefined();
  });

  it("lists an owner's tasks newest first, page by page, skipping the forgotten ones", async () => {
    const { store, connection } = await replica('list-test:');
    const mine = [1, 2, 3, 4, 5].map(() => task({ owner: 'bob' }));
    for (const t of mine) await store.create(t);
    await store.create(task({ owner: 'carol' }));
    await store.create(task({ owner: null }));
    // Redis forgot one (its expiry passed): the listing skips it and drops it from the index.
    await connection.client.del(`list-test:task:${mine[3]!.taskId}`);
    const first = await store.list('bob', undefined, 2);
    expect(first.records.map((r) => r.taskId)).toEqual([mine[4]!.taskId, mine[2]!.taskId]);
    const second = await store.list('bob', first.nextCursor, 2);
    expect(second.records.map((r) => r.taskId)).toEqual([mine[1]!.taskId, mine[0]!.taskId]);
    expect(second.nextCursor).toBeUndefined();
    expect((await store.list(null, undefined, 10)).records).toHaveLength(1);
    await expect(store.list('bob', 'no-such-cursor', 2)).rejects.toBeInstanceOf(RangeError);
    expect(await connection.client.zcard('list-test:tasks-of:bob')).toBe(4);
  });

  it("caps an owner's tasks: a task Redis forgot frees its place, an ended one makes room, live ones refuse", async () => {
    const connection = new RedisConnection({
      url: redis.url,
      prefix: 'cap-test:',
      commandTimeoutMs: PATIENT_MS,
      maxReconnectDelayMs: 100,
      log: () => undefined,
    });
    connections.push(connection);
    await connection.whenReady();
    const store = new RedisTaskStore(connection, { maxTasksPerOwner: 2 });
    const [a, b] = [task({ owner: 'dana' }), task({ owner: 'dana' })];
    await store.create(a);
    await store.create(b);
    await expect(store.create(task({ owner: 'dana' }))).rejects.toMatchObject({ name: 'TaskLimitError', limit: 'maxTasksPerOwner', max: 2, held: 2 });
    await store.create(task({ owner: 'erin' })); // another owner has its own place
    // Redis forgot one (its expiry passed): its place is free again.
    await connection.client.del(`cap-test:task:${a.taskId}`);
    const c = task({ owner: 'dana' });
    await store.create(c);
    // b ends: the next task takes its place; c, still live, stays.
    expect(await store.replace({ ...b, status: 'completed', version: 2 }, 1)).toBe(true);
    await store.create(task({ owner: 'dana' }));
    expect(await store.get(b.taskId)).toBeUndefined();
    expect(await store.get(c.taskId)).toBeDefined();
  });

  it('lets Redis forget a task at its expiresAt, and keeps one without expiry', async () => {
    const { store, connection } = await replica('expiry-test:');
    const expiring = task({ expiresAt: Date.now() + 60_000 });
    const forever = task({ ttlMs: null, expiresAt: null });
    await store.create(expiring);
    await store.create(forever);
    const at = await connection.client.pexpiretime(`expiry-test:task:${expiring.taskId}`);
    expect(at).toBe(expiring.expiresAt);
    expect(await connection.client.pttl(`expiry-test:task:${forever.taskId}`)).toBe(-1);
  });

  it('carries signals to every subscribed replica', async () => {
    const [a, b] = [await replica('signal-test:'), await replica('signal-test:')];
    const heard = new Promise<string>((resolve) => void b.store.subscribe(resolve).then(() => a.store.signal('task-42')));
    expect(await heard).toBe('task-42');
  });

  it('fails with RedisUnavailableError when Redis is closed', async () => {
    const { store, connection } = await replica();
    await connection.close();
    await expect(store.get('x')).rejects.toBeInstanceOf(RedisUnavailableError);
  });
});
