/**
 * Two dual-era servers ("replicas") sharing one SessionStore: a session opened on one is served by
 * the other, a client's answer POSTed to one settles a request waiting on the other, and a stream
 * produced on one is resumed on the other. Also: sessions bound to the principal that opened them.
 * spec: 2025-11-25/pages/basic/transports.mdx (Session Management, Resumability and Redelivery)
 */
import { createEverythingServer } from './fixtures/everything.mjs';
import { serveHttp, type HttpServer } from '@mcpkit/http/node';
import { afterEach, describe, expect, it } from 'vitest';
import { dualEra, MemorySessionStore, type DualEraServer } from '../../src/index.js';
import { initialize, inSession, post, SseReader } from './helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function replica(dual: DualEraServer, options: Parameters<DualEraServer['httpHandler']>[0] = {}): Promise<string> {
  const node: HttpServer = await serveHttp(dual.httpHandler(options), { port: 0 });
  cleanups.push(async () => {
    await dual.close();
    await node.close();
  });
  return new URL('mcp', node.url).href;
}

describe('replicas sharing a SessionStore', () => {
  it('serves a session on either replica and carries an input round across them', async () => {
    const store = new MemorySessionStore();
    cleanups.push(() => store.close());
    const polling = { closeStreamAfterMs: (request: { method: string }) => (request.method === 'tools/call' ? 0 : undefined) };
    const a = await replica(dualEra(createEverythingServer({ onWarning: () => {} }), { sessions: store, http: polling, onError: () => {} }));
    const b = await replica(dualEra(createEverythingServer({ onWarning: () => {} }), { sessions: store, http: polling, onError: () => {} }));

    const { sessionId } = await initialize(a, { elicitation: {} });
    expect(await (await post(b, { jsonrpc: '2.0', id: 1, method: 'ping' }, inSession(sessionId))).json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });

    // The call runs on A; its reply's connection closes at once (polling), so the elicitation waits in the stream's log.
    const call = await post(
      a,
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'test_elicitation', arguments: { message: 'Who?' } } },
      inSession(sessionId),
    );
    const [priming] = await new SseReader(call).rest();
    // Resumed on B, which replays the elicitation and then follows the stream live.
    const resumed = new SseReader(await fetch(b, { headers: { ...inSession(sessionId), accept: 'text/event-stream', 'last-event-id': priming!.id! } }));
    const ask = await resumed.message();
    expect(ask?.message).toMatchObject({ method: 'elicitation/create', params: { message: 'Who?' } });
    // The answer lands on B; A's waiting round is settled through the store's signal.
    const answered = await post(
      b,
      { jsonrpc: '2.0', id: ask!.message.id, result: { action: 'accept', content: { username: 'lin', email: 'lin@example.com' } } },
      inSession(sessionId),
    );
    expect(answered.status).toBe(202);
    const result = await resumed.message();
    expect(result?.message).toMatchObject({ id: 2, result: { content: [{ text: expect.stringContaining('lin@example.com') }] } });
    expect(await resumed.next()).toBeUndefined(); // the stream ended after its response

    // DELETE on B ends the session for A too.
    expect((await fetch(b, { method: 'DELETE', headers: inSession(sessionId) })).status).toBe(200);
    expect((await post(a, { jsonrpc: '2.0', id: 3, method: 'ping' }, inSession(sessionId))).status).toBe(404);
  });
});

describe('a replica that only serves requests of a session', () => {
  it('is woken by an answer posted to another replica, though it never saw the initialize or a GET stream', async () => {
    const store = new MemorySessionStore();
    cleanups.push(() => store.close());
    const a = await replica(dualEra(createEverythingServer({ onWarning: () => {} }), { sessions: store, onError: () => {} }));
    const b = await replica(dualEra(createEverythingServer({ onWarning: () => {} }), { sessions: store, onError: () => {} }));
    const { sessionId } = await initialize(a, { elicitation: {} });
    // The call runs on B, which asks the client on the call's own stream.
    const call = new SseReader(
      await post(
        b,
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'test_elicitation', arguments: { message: 'Who?' } } },
        inSession(sessionId),
      ),
    );
    let ask = await call.next();
    while (ask && ask.data === '') ask = await call.next(); // the priming event
    const request = JSON.parse(ask!.data) as { id: string; method: string };
    expect(request.method).toBe('elicitation/create');
    // The answer lands on A; B learns of it through the store's signal.
    const answered = await post(
      a,
      { jsonrpc: '2.0', id: request.id, result: { action: 'accept', content: { username: 'kim', email: 'kim@example.com' } } },
      inSession(sessionId),
    );
    expect(answered.status).toBe(202);
    const result = await call.next();
    expect(JSON.parse(result!.data)).toMatchObject({ id: 1, result: { content: [{ text: expect.stringContaining('kim@example.com') }] } });
  });
});

describe('session binding', () => {
  it('answers a session only to the principal that opened it', async () => {
    const authenticate = (request: Request) => ({ principal: { subject: request.headers.get('x-user') ?? 'anonymous', issuer: 'https://issuer.test' } });
    const url = await replica(dualEra(createEverythingServer({ onWarning: () => {} }), { onError: () => {} }), { authenticate });
    const opened = await post(
      url,
      { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } },
      { 'x-user': 'alice' },
    );
    const sessionId = opened.headers.get('mcp-session-id')!;
    expect((await post(url, { jsonrpc: '2.0', id: 1, method: 'ping' }, { ...inSession(sessionId), 'x-user': 'alice' })).status).toBe(200);
    // spec: basic/security_best_practices.mdx (session hijacking) — another user cannot use the id
    expect((await post(url, { jsonrpc: '2.0', id: 1, method: 'ping' }, { ...inSession(sessionId), 'x-user': 'mallory' })).status).toBe(404);
    expect((await fetch(url, { method: 'DELETE', headers: { ...inSession(sessionId), 'x-user': 'mallory' } })).status).toBe(404);
    expect((await post(url, { jsonrpc: '2.0', id: 2, method: 'ping' }, { ...inSession(sessionId), 'x-user': 'alice' })).status).toBe(200);
  });
});
