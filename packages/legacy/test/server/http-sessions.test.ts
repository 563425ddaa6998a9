/**
 * The legacy HTTP session machinery on one dual-era endpoint (raw HTTP, so every status and
 * header is visible). spec: 2025-11-25/pages/basic/transports.mdx (Session Management)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemorySessionStore, type SessionRecord } from '../../src/index.js';
import { initialize, inSession, LEGACY, MODERN, post, SseReader, startDual, type Running } from './helpers.js';

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const modernMeta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };
const modernHeaders = { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' };

describe('sessions', () => {
  it('initialize mints a visible-ASCII session id with at least 128 random bits', async () => {
    running = await startDual();
    const a = await initialize(running.url);
    const b = await initialize(running.url);
    // spec: the session id MUST only contain visible ASCII (0x21-0x7E) and SHOULD be cryptographically secure
    expect(a.sessionId).toMatch(/^[\x21-\x7e]+$/);
    expect(a.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/); // 43 base64url characters = 256 bits
    expect(a.sessionId).not.toBe(b.sessionId);
    expect(a.result.protocolVersion).toBe(LEGACY);
    expect(a.result.serverInfo).toMatchObject({ name: 'mcpkit-everything' });
    expect(a.result.capabilities).toMatchObject({ logging: {}, resources: { subscribe: true }, tools: { listChanged: true } });
    expect(a.result).not.toHaveProperty('resultType');
  });

  it('refuses a request without a session id (400) and an unknown one (404)', async () => {
    running = await startDual();
    const without = await post(running.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(without.status).toBe(400);
    expect(((await without.json()) as { error: { message: string } }).error.message).toMatch(/Mcp-Session-Id/);
    const unknown = await post(running.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, inSession('x'.repeat(43)));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { id: number }).id).toBe(1);
  });

  it('DELETE ends the session, after which it is 404', async () => {
    running = await startDual();
    const { sessionId } = await initialize(running.url);
    const deleted = await fetch(running.url, { method: 'DELETE', headers: inSession(sessionId) });
    expect(deleted.status).toBe(200);
    const after = await post(running.url, { jsonrpc: '2.0', id: 2, method: 'ping' }, inSession(sessionId));
    expect(after.status).toBe(404);
    expect((await fetch(running.url, { method: 'DELETE', headers: inSession(sessionId) })).status).toBe(404);
  });

  it('answers ping and logging/setLevel with exactly {} and lists tools in 2025-11-25 shape', async () => {
    running = await startDual();
    const { sessionId } = await initialize(running.url);
    const ping = await (await post(running.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, inSession(sessionId))).json();
    expect(ping).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    const level = await (
      await post(running.url, { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'info' } }, inSession(sessionId))
    ).json();
    expect(level).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    const tools = (await (await post(running.url, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, inSession(sessionId))).json()) as {
      result: Record<string, unknown>;
    };
    expect(Array.isArray(tools.result.tools)).toBe(true);
    for (const key of ['resultType', 'ttlMs', 'cacheScope', '_meta']) expect(tools.result).not.toHaveProperty(key);
  });

  it('refuses a bad level, and a version header that is not the session’s', async () => {
    running = await startDual();
    const { sessionId } = await initialize(running.url);
    const bad = (await (
      await post(running.url, { jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'loud' } }, inSession(sessionId))
    ).json()) as { error: { code: number } };
    expect(bad.error.code).toBe(-32602);
    const mismatch = await post(running.url, { jsonrpc: '2.0', id: 2, method: 'ping' }, { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' });
    expect(mismatch.status).toBe(400);
    // the session is still usable
    expect((await post(running.url, { jsonrpc: '2.0', id: 3, method: 'ping' }, inSession(sessionId))).status).toBe(200);
  });

  it('negotiates versions: echoes a served one, offers the newest otherwise, -32602 with data without one', async () => {
    running = await startDual();
    // spec: lifecycle.mdx Version Negotiation
    expect((await initialize(running.url, {}, '2025-06-18')).result.protocolVersion).toBe('2025-06-18');
    expect((await initialize(running.url, {}, '2025-03-26')).result.protocolVersion).toBe('2025-03-26');
    expect((await initialize(running.url, {}, '2024-01-01')).result.protocolVersion).toBe(LEGACY);
    const broken = await post(running.url, {
      jsonrpc: '2.0',
      id: 9,
      method: 'initialize',
      params: { capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    const body = (await broken.json()) as { error: { code: number; data: { supported: string[]; requested: unknown } } };
    expect(body.error.code).toBe(-32602);
    expect(body.error.data.supported).toEqual(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
    expect(broken.headers.get('mcp-session-id')).toBeNull();
  });

  it('ends idle sessions, and at the cap evicts the least recently used idle one', async () => {
    let now = 1_000_000;
    const { MemorySessionStore } = await import('../../src/index.js');
    const sessions = new MemorySessionStore({ idleTimeoutMs: 60_000, maxSessions: 2, now: () => now });
    running = await startDual({ sessions });
    const first = await initialize(running.url);
    const second = await initialize(running.url);
    const third = await initialize(running.url);
    expect(third.response.status).toBe(200);
    // spec: a session the server ended answers 404, and the client starts a new one
    expect((await post(running.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, inSession(first.sessionId))).status).toBe(404);
    expect((await post(running.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, inSession(second.sessionId))).status).toBe(200);
    now += 61_000;
    expect((await post(running.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, inSession(third.sessionId))).status).toBe(404);
    // the expired sessions freed their places
    expect((await initialize(running.url)).sessionId).toBeTruthy();
    await sessions.close();
  });
});

describe('a session store that fails', () => {
  it('answers 503 with Retry-After naming the store, keeps serving modern requests, and resumes the same session once the store is back', async () => {
    /** A store on the other side of a network (Redis, say) that can go away. */
    class UnreachableStore extends MemorySessionStore {
      down = false;
      private check(): void {
        if (this.down) throw new Error('connection refused');
      }
      override async create(record: SessionRecord) {
        this.check();
        return super.create(record);
      }
      override async get(id: string) {
        this.check();
        return super.get(id);
      }
    }
    const sessions = new UnreachableStore();
    const errors: unknown[] = [];
    running = await startDual({ sessions, onError: (error) => errors.push(error) });
    const { sessionId } = await initialize(running.url);
    sessions.down = true;
    for (const response of [
      await post(running.url, { jsonrpc: '2.0', id: 7, method: 'ping' }, inSession(sessionId)),
      await post(running.url, {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      }),
      await fetch(running.url, { headers: { ...inSession(sessionId), accept: 'text/event-stream' } }),
    ]) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toMatchObject({ error: { code: -32603, message: expect.stringContaining('session store is unavailable') } });
    }
    expect(errors).toHaveLength(3);
    // Modern requests do not need the store.
    const modern = await post(running.url, { jsonrpc: '2.0', id: 8, method: 'tools/list', params: { _meta: modernMeta } }, modernHeaders);
    expect(modern.status).toBe(200);
    sessions.down = false;
    expect(await (await post(running.url, { jsonrpc: '2.0', id: 9, method: 'ping' }, inSession(sessionId))).json()).toEqual({
      jsonrpc: '2.0',
      id: 9,
      result: {},
    });
    await sessions.close();
  });
});

describe('a session store that cannot open a reply stream', () => {
  it('answers the request 503 with Retry-After instead of leaving it without a reply', async () => {
    class NoStreams extends MemorySessionStore {
      override async openStream(): Promise<void> {
        throw new Error('connection refused');
      }
    }
    const sessions = new NoStreams();
    const errors: unknown[] = [];
    // Every reply is an SSE stream from the start, so each one needs the store.
    running = await startDual({ sessions, onError: (error) => errors.push(error), http: { closeStreamAfterMs: () => 60_000 } });
    const { sessionId } = await initialize(running.url);
    const response = await post(running.url, { jsonrpc: '2.0', id: 7, method: 'ping' }, inSession(sessionId));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toMatchObject({ id: 7, error: { code: -32603, message: expect.stringContaining('session store is unavailable') } });
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    await sessions.close();
  });
});

describe('a session store that cannot subscribe at first', () => {
  it('serves sessions once the store is back, without a restart', async () => {
    class LateStore extends MemorySessionStore {
      down = true;
      override async subscribe(listener: Parameters<MemorySessionStore['subscribe']>[0]) {
        if (this.down) throw new Error('connection refused');
        return super.subscribe(listener);
      }
    }
    const sessions = new LateStore();
    running = await startDual({ sessions });
    const init = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    expect((await post(running.url, init)).status).toBe(503);
    sessions.down = false;
    const { sessionId } = await initialize(running.url);
    expect(await (await post(running.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, inSession(sessionId))).json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {},
    });
    await sessions.close();
  });
});

describe('one endpoint, both eras', () => {
  it('serves a modern request next to a legacy session', async () => {
    running = await startDual();
    const { sessionId } = await initialize(running.url);
    const modern = await post(running.url, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } }, modernHeaders);
    expect(modern.status).toBe(200);
    const modernBody = (await modern.json()) as { result: Record<string, unknown> };
    expect(modernBody.result.resultType).toBe('complete');
    expect(modern.headers.get('mcp-session-id')).toBeNull();
    const legacy = (await (await post(running.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, inSession(sessionId))).json()) as {
      result: Record<string, unknown>;
    };
    expect(legacy.result).not.toHaveProperty('resultType');
    expect(legacy.result.tools).toEqual((modernBody.result.tools as unknown[]).map((t) => t));
  });

  it('a legacy-only endpoint (modern: false) refuses modern requests with 400 and no modern error', async () => {
    running = await startDual({ modern: false });
    const modern = await post(
      running.url,
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: modernMeta } },
      { 'mcp-protocol-version': MODERN, 'mcp-method': 'server/discover' },
    );
    expect(modern.status).toBe(400);
    expect(((await modern.json()) as { error: { code: number } }).error.code).toBe(-32600);
    expect((await fetch(running.url, { headers: { accept: 'text/event-stream' } })).status).toBe(400);
    const { sessionId } = await initialize(running.url);
    expect((await post(running.url, { jsonrpc: '2.0', id: 2, method: 'ping' }, inSession(sessionId))).status).toBe(200);
  });

  it('sends initialize and ping with a modern header to the modern server: 404 and -32601', async () => {
    running = await startDual();
    for (const method of ['initialize', 'ping', 'logging/setLevel']) {
      const response = await post(
        running.url,
        { jsonrpc: '2.0', id: 500, method, params: { _meta: modernMeta } },
        { 'mcp-protocol-version': MODERN, 'mcp-method': method },
      );
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32601);
    }
  });

  it('a modern-only server answers initialize on stdio naming the versions it supports', async () => {
    const { createEverythingServer } = await import('./fixtures/everything.mjs');
    const { PassThrough } = await import('node:stream');
    const { serveStdio } = await import('@mcpkit/stdio');
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const served = serveStdio(createEverythingServer({ onWarning: () => {} }), { stdin, stdout, exitOnClose: false });
    const line = new Promise<string>((resolve) => stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    stdin.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      }) + '\n',
    );
    const body = JSON.parse(await line) as { error: { code: number; message: string; data: { supported: string[] } } };
    // spec: DIGEST §12 — a modern-only server's error to initialize should name the supported versions
    expect(body.error.code).toBe(-32601);
    expect(body.error.data.supported).toEqual([MODERN]);
    expect(body.error.message).toContain(MODERN);
    await served.close();
  });
});

describe('streams', () => {
  it('the GET stream carries list_changed and server-initiated requests; resumption replays what was missed', async () => {
    running = await startDual({ http: { closeStreamAfterMs: (request) => (request.method === 'tools/call' ? 0 : undefined) } });
    const { sessionId } = await initialize(running.url, { elicitation: {} });
    const get = await fetch(running.url, { headers: { ...inSession(sessionId), accept: 'text/event-stream' } });
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('text/event-stream');
    const stream = new SseReader(get);
    const priming = await stream.next();
    expect(priming?.data).toBe('');
    expect(priming?.id).toMatch(/\.0$/);

    // The POST stream is closed at once (polling), so the elicitation goes out on the GET stream.
    const call = await post(
      running.url,
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'test_elicitation', arguments: { message: 'Who?' } } },
      inSession(sessionId),
    );
    expect(call.headers.get('content-type')).toBe('text/event-stream');
    const postEvents = await new SseReader(call).rest();
    expect(postEvents).toHaveLength(1);
    const postPriming = postEvents[0]!;
    expect(postPriming.retry).toBe(1000);
    expect(postPriming.id).not.toBe(priming!.id);

    const request = await stream.message();
    expect(request?.message).toMatchObject({ method: 'elicitation/create', params: { message: 'Who?' } });
    expect(request?.id?.split('.')[0]).toBe(priming!.id!.split('.')[0]); // an event of the GET stream
    const answer = await post(
      running.url,
      { jsonrpc: '2.0', id: request!.message.id, result: { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } } },
      inSession(sessionId),
    );
    expect(answer.status).toBe(202);

    // The tool's result waits in the POST stream's log: resume it after the priming event.
    const resumed = await fetch(running.url, { headers: { ...inSession(sessionId), accept: 'text/event-stream', 'last-event-id': postPriming.id! } });
    const replay = await new SseReader(resumed).rest();
    const response = JSON.parse(replay.find((e) => e.data !== '')!.data);
    expect(response).toMatchObject({ id: 7, result: { content: [{ type: 'text', text: expect.stringContaining('ada@example.com') }] } });
    expect(response.result).not.toHaveProperty('resultType');
    expect(replay[0]!.id).toMatch(new RegExp(`^${postPriming.id!.split('.')[0]}\\.1$`));

    // list_changed goes to the GET stream
    await post(running.url, { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'test_trigger_tool_change', arguments: {} } }, inSession(sessionId));
    let note = await stream.message();
    while (note && note.message.method !== 'notifications/tools/list_changed') note = await stream.message();
    expect(note?.message).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    await stream.cancel();
  });

  it('an unknown Last-Event-ID is refused without ending the session; GET without the event-stream Accept is 406', async () => {
    running = await startDual();
    const { sessionId } = await initialize(running.url);
    const unknown = await fetch(running.url, { headers: { ...inSession(sessionId), accept: 'text/event-stream', 'last-event-id': 'nope.4' } });
    expect(unknown.status).toBe(400);
    const json = await fetch(running.url, { headers: { ...inSession(sessionId), accept: 'application/json' } });
    expect(json.status).toBe(406);
    expect((await post(running.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, inSession(sessionId))).status).toBe(200);
  });

  it('a response nobody waits for is refused; notifications are accepted with 202', async () => {
    running = await startDual();
    const { sessionId } = await initialize(running.url);
    const stray = await post(running.url, { jsonrpc: '2.0', id: 'srv-x', result: {} }, inSession(sessionId));
    expect(stray.status).toBe(400);
    const note = await post(running.url, { jsonrpc: '2.0', method: 'notifications/roots/list_changed' }, inSession(sessionId));
    expect(note.status).toBe(202);
  });
});
