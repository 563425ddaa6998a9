/**
 * HTTP+SSE sessions (2024-11-05, opt-in) under the admission rules of Streamable HTTP legacy
 * sessions (issue 15): an open stream holds its session in use (never evicted at a cap), the
 * per-client cap counts them, `notifications/initialized` lifts the shorter expiry, and the
 * handler's configured body limit applies to their POSTs. Real HTTP on 127.0.0.1; where time
 * matters the store's clock is injected and the lease loop's ticks are fake.
 * spec: 2024-11-05 basic/transports.mdx ("HTTP with SSE"); 2025-11-25/pages/basic/transports.mdx (Session Management)
 */
import { request } from 'node:http';
import type { HttpHandlerOptions } from '@mcpkit/http';
import { serveHttp } from '@mcpkit/http/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dualEra, MemorySessionStore, type DualEraOptions } from '../../src/index.js';
import { createEverythingServer } from './fixtures/everything.mjs';
import { initialize, inSession, LEGACY, post, SseReader } from './helpers.js';

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
  vi.useRealTimers();
});

/** A dual-era server with HTTP+SSE on; resolves its base URL (`/mcp` Streamable HTTP, `/sse` and `/messages`). */
async function start(options: DualEraOptions, handlerOptions: Omit<HttpHandlerOptions, 'intercept'> = {}): Promise<string> {
  const dual = dualEra(createEverythingServer({ onWarning: () => {} }), { onError: () => {}, ...options, http: { sse: {} } });
  const node = await serveHttp(dual.httpHandler(handlerOptions), { port: 0 });
  stop = async () => {
    await dual.close();
    await node.close();
  };
  return node.url;
}

/** Opens an HTTP+SSE session: its stream, and POSTs to the endpoint its first event names. */
async function openSse(base: string) {
  const response = await fetch(new URL('sse', base), { headers: { accept: 'text/event-stream' } });
  expect(response.status).toBe(200);
  const events = new SseReader(response);
  const endpoint = new URL((await events.next())!.data, base);
  const send = (message: unknown) => fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) });
  /** POSTs a ping; resolves its status once the answer came on the stream (or at once when refused). */
  const ping = async (id: number) => {
    const { status } = await send({ jsonrpc: '2.0', id, method: 'ping' });
    if (status === 202) expect((await events.message())!.message).toEqual({ jsonrpc: '2.0', id, result: {} });
    return status;
  };
  return { events, send, ping };
}

/** `initialize` on an HTTP+SSE session, then (unless told not to) `notifications/initialized`. */
async function handshake(session: Awaited<ReturnType<typeof openSse>>, initialized = true): Promise<void> {
  const params = { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'sse-admission', version: '1' } };
  expect((await session.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params })).status).toBe(202);
  expect((await session.events.message())!.message).toMatchObject({ id: 0, result: { protocolVersion: '2024-11-05' } });
  if (initialized) expect((await session.send({ jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

/** A Streamable HTTP `initialize` from a chosen source address; resolves the status. */
function initializeFrom(url: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const req = request(url, { method: 'POST', localAddress, agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(JSON.stringify(INITIALIZE));
  });
}

const streamablePing = async (url: string, sessionId: string) => (await post(url, { jsonrpc: '2.0', id: 9, method: 'ping' }, inSession(sessionId))).status;

describe('HTTP+SSE sessions follow the admission rules of Streamable HTTP sessions', () => {
  it('at the global cap a connected HTTP+SSE session is never evicted, though least recently used; an idle Streamable HTTP one makes way', async () => {
    const base = await start({ sessions: new MemorySessionStore({ maxSessions: 2 }) });
    const mcp = new URL('mcp', base).href;
    const sse = await openSse(base);
    await handshake(sse);
    const idle = await initialize(mcp);
    // Full: the newcomer takes the idle session's place, then the next newcomer the previous one's.
    expect((await post(mcp, INITIALIZE)).status).toBe(200);
    expect(await streamablePing(mcp, idle.sessionId)).toBe(404);
    expect((await post(mcp, INITIALIZE)).status).toBe(200);
    expect(await sse.ping(1)).toBe(202);
    await sse.events.cancel();
  });

  it('the per-client cap counts HTTP+SSE sessions, and Streamable HTTP ones from the same address with them', async () => {
    const sessions = new MemorySessionStore({ maxSessionsPerClient: 1 });
    const base = await start({ sessions });
    const mcp = new URL('mcp', base).href;
    const sse = await openSse(base);
    // 127.0.0.1 holds its one session, in use: another stream, or a Streamable HTTP session, is refused.
    const again = await fetch(new URL('sse', base), { headers: { accept: 'text/event-stream' } });
    expect(again.status).toBe(503);
    expect(again.headers.get('retry-after')).toBe('5');
    expect(await initializeFrom(mcp, '127.0.0.1')).toBe(503);
    expect(await initializeFrom(mcp, '127.0.0.2')).toBe(200);
    // The stream closed, its place is free.
    await sse.events.cancel();
    await expect.poll(() => sessions.size).toBe(1);
    const next = await openSse(base);
    await handshake(next);
    await next.events.cancel();
  });

  it('an initialized HTTP+SSE session is not ended by the 60 s expiry of uninitialized ones; while its stream is open the lease loop keeps any', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let now = 1_000_000;
    const base = await start({ sessions: new MemorySessionStore({ uninitializedTimeoutMs: 60_000, idleTimeoutMs: 30 * 60_000, now: () => now }) });
    const done = await openSse(base);
    await handshake(done);
    const unfinished = await openSse(base);
    await handshake(unfinished, false);
    // No tick ran: the in-use marks (three ticks long) lapsed, and each session is judged as idle.
    now += 61_000;
    expect(await unfinished.ping(1)).toBe(404);
    expect(await unfinished.events.rest()).toEqual([]); // the session ended, and its stream with it
    expect(await done.ping(2)).toBe(202);

    // With the loop ticking (every keepAliveMs / 2), an open stream holds even an uninitialized session.
    const held = await openSse(base);
    await handshake(held, false);
    for (let i = 0; i < 4; i++) {
      now += 20_000;
      vi.advanceTimersByTime(7_500);
    }
    expect(await held.ping(3)).toBe(202);
    await held.events.cancel();
    await done.events.cancel();
  });

  it("the handler's configured maxBodyBytes applies to HTTP+SSE POSTs as to Streamable HTTP ones", async () => {
    const base = await start({}, { limits: { maxBodyBytes: 1024 } });
    const sse = await openSse(base);
    await handshake(sse);
    const big = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x'.repeat(2000) } } };
    const refused = await sse.send(big);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ error: { message: expect.stringContaining('1024') } });
    expect((await post(new URL('mcp', base).href, big)).status).toBe(413);
    expect(await sse.ping(2)).toBe(202);
    await sse.events.cancel();
  });
});
