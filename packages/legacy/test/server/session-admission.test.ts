/**
 * Legacy session admission under a flood (issue 15): idle sessions are evicted least recently used
 * first (never one in use), one client address holds only so many, and sessions that never
 * completed initialization expire sooner. Real HTTP on 127.0.0.1, from several source addresses.
 * spec: 2025-11-25/pages/basic/transports.mdx (Session Management: a 404 tells the client to start a new session)
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, MemorySessionStore } from '../../src/index.js';
import { initialize, inSession, LEGACY, post, SseReader, startDual, type Running } from './helpers.js';

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'flood', version: '1' } },
});

/** `initialize` from a chosen source address (never followed by notifications/initialized); resolves status and session id. */
function initializeFrom(url: string, localAddress: string): Promise<{ status: number; sessionId: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', localAddress, agent: false, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, sessionId: res.headers['mcp-session-id'] as string | undefined }));
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

async function flood(url: string, count: number, localAddress: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => initializeFrom(url, localAddress(i + j))));
    statuses.push(...batch.map((r) => r.status));
  }
  return statuses;
}

const ping = async (url: string, sessionId: string) => (await post(url, { jsonrpc: '2.0', id: 9, method: 'ping' }, inSession(sessionId))).status;

describe('legacy session admission', () => {
  it('3,000 initialize calls from one address keep at most maxSessionsPerClient of them; a new legacy client is admitted after', {
    timeout: 120_000,
  }, async () => {
    const sessions = new MemorySessionStore();
    running = await startDual({ sessions });
    const statuses = await flood(running.url, 3000, () => '127.0.0.2');
    // Every one admitted (its own least recently used session made way), none locked out.
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(sessions.size).toBe(1000);

    // A real 2025-11-25 client from elsewhere, and one more from the flooding address, are admitted.
    const client = await connect(running.url, { era: 'legacy', clientInfo: { name: 'after-the-flood', version: '1.0.0' } });
    try {
      expect(client.era).toBe('legacy');
      expect(await client.callTool({ name: 'echo', arguments: { text: 'admitted' } })).toMatchObject({ content: [{ type: 'text', text: 'admitted' }] });
    } finally {
      await client.close();
    }
    expect((await initializeFrom(running.url, '127.0.0.2')).status).toBe(200);
  });

  it('at the global cap the least recently used idle session makes way; sessions in use never do, and when all are in use initialize gets 503', async () => {
    const sessions = new MemorySessionStore({ maxSessions: 3 });
    running = await startDual({ sessions });
    const url = running.url;

    // A: its GET stream is open. B: idle. C: a tool call waits for the client's elicitation answer.
    const a = await initialize(url);
    const stream = await fetch(url, { headers: { ...inSession(a.sessionId), accept: 'text/event-stream' } });
    const events = new SseReader(stream);
    await events.next();
    const b = await initialize(url);
    const c = await initialize(url, { elicitation: {} });
    const call = await post(
      url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'test_elicitation', arguments: { message: 'ok?' } } },
      inSession(c.sessionId),
    );
    const reply = new SseReader(call);
    const asked = (await reply.message())!.message;
    expect(asked.method).toBe('elicitation/create');

    // A, B and C were touched in that order; B is the only idle one: it goes first, then each newcomer in turn.
    const newcomers = await flood(url, 20, () => '127.0.0.1');
    expect(newcomers.every((s) => s === 200)).toBe(true);
    expect(await ping(url, b.sessionId)).toBe(404);
    expect(await ping(url, a.sessionId)).toBe(200);
    // C's call is still waiting on its answer: it was not evicted.
    await post(
      url,
      { jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } } },
      inSession(c.sessionId),
    );
    expect((await reply.message())!.message).toMatchObject({ id: 1, result: { content: [{ type: 'text' }] } });
    await reply.rest();
    await events.cancel();
  });

  it('answers 503 only when every session the cap counts is in use', async () => {
    const sessions = new MemorySessionStore({ maxSessions: 1 });
    running = await startDual({ sessions });
    const a = await initialize(running.url);
    const stream = await fetch(running.url, { headers: { ...inSession(a.sessionId), accept: 'text/event-stream' } });
    const events = new SseReader(stream);
    await events.next();
    const refused = await initializeFrom(running.url, '127.0.0.1');
    expect(refused.status).toBe(503);
    expect(await ping(running.url, a.sessionId)).toBe(200);
    await events.cancel();
  });

  it('a session that never sent notifications/initialized expires after uninitializedTimeoutMs; an initialized one stays', async () => {
    let now = 1_000_000;
    const sessions = new MemorySessionStore({ uninitializedTimeoutMs: 60_000, idleTimeoutMs: 30 * 60_000, now: () => now });
    running = await startDual({ sessions });
    const unfinished = await initializeFrom(running.url, '127.0.0.1');
    const finished = await initialize(running.url);
    now += 61_000;
    expect(await ping(running.url, unfinished.sessionId!)).toBe(404);
    expect(await ping(running.url, finished.sessionId)).toBe(200);
    now += 29 * 60_000;
    expect(await ping(running.url, finished.sessionId)).toBe(200);
    now += 30 * 60_000 + 1;
    expect(await ping(running.url, finished.sessionId)).toBe(404);
  });
});

describe('MemorySessionStore eviction order on a frozen clock', () => {
  it("evicts the client's least recently used session when every use falls in the same millisecond", async () => {
    const now = 5_000_000;
    const store = new MemorySessionStore({ maxSessionsPerClient: 2, now: () => now });
    const session = (id: string) => ({
      id,
      protocolVersion: LEGACY,
      clientCapabilities: {},
      clientInfo: { name: 'tie', version: '1' },
      subscriptions: [],
      initialized: true,
      createdAt: now,
      lastSeenAt: now,
      clientAddress: '192.0.2.5',
    });
    expect(await store.create(session('first'))).toBe(true);
    expect(await store.create(session('second'))).toBe(true);
    await store.get('first'); // same millisecond as the creation of `second`, yet the later use
    expect(await store.create(session('third'))).toBe(true);
    expect(await store.get('second')).toBeUndefined();
    expect((await store.get('first'))?.id).toBe('first');
    await store.close();
  });
});
