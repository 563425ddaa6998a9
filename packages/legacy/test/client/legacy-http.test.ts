import { CancelledError } from '@mcpkit/client';
import { LocalError } from '@mcpkit/jsonrpc';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type DualEraClient } from '../../src/index.js';
import { startLegacyHttpFixture, type LegacyHttpFixture } from './fixtures/legacy-http-fixture.js';
import { text } from './helpers.js';

/**
 * The legacy Streamable HTTP client transport: session id, version header, server requests on a
 * POST stream, the GET stream, resumption with Last-Event-ID after `retry`, explicit
 * cancellation, a new session after 404, DELETE on close.
 * spec: 2025-11-25/pages/basic/transports.mdx
 */

let fixture: LegacyHttpFixture;
const clients: DualEraClient[] = [];
beforeAll(async () => {
  fixture = await startLegacyHttpFixture();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(async () => {
  await fixture.close();
});

async function open(path: string, options: Parameters<typeof connect>[1] = {}): Promise<Extract<DualEraClient, { era: 'legacy' }>> {
  const client = await connect(fixture.url(path), { era: 'legacy', eraCache: false, onWarning: () => undefined, ...options });
  clients.push(client);
  if (client.era !== 'legacy') throw new Error(`expected a legacy client, got ${client.era}`);
  return client;
}
const on = (path: string) => fixture.exchanges.filter((e) => e.path === path);

describe('sessions', () => {
  it('sends the session id and version after initialize, and DELETE with the id on close', async () => {
    const client = await open('/session');
    await client.ping();
    await client.close();
    const exchanges = on('/session');
    const session = exchanges.find((e) => e.method === 'POST' && e.body?.method === 'notifications/initialized')?.headers['mcp-session-id'];
    expect(session).toBeDefined();
    const ping = exchanges.find((e) => e.body?.method === 'ping');
    expect(ping?.headers).toMatchObject({ 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' });
    // "Clients that no longer need a particular session SHOULD send an HTTP DELETE".
    expect(exchanges.at(-1)).toMatchObject({ method: 'DELETE', headers: { 'mcp-session-id': session } });
    expect(fixture.sessions.has(session as string)).toBe(false);
  });

  it('starts a new session when the server answers 404 to the old one, and retries the request', async () => {
    // "When a client receives HTTP 404 in response to a request containing an MCP-Session-Id, it MUST start a new session".
    const client = await open('/renew');
    expect(text(await client.callTool({ name: 'end_session' }))).toBe('ended');
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'again' } }))).toBe('again');
    const posts = on('/renew').filter((e) => e.method === 'POST');
    const initializes = posts.filter((e) => e.body?.method === 'initialize');
    expect(initializes).toHaveLength(2);
    expect(initializes[1]?.headers['mcp-session-id']).toBeUndefined();
    const [first, second] = posts.filter((e) => e.body?.method === 'notifications/initialized').map((e) => e.headers['mcp-session-id']);
    expect(second).not.toBe(first);
    // The echo went out once on the ended session (404) and once, retried, on the new one.
    const echoes = posts.filter((e) => e.body?.params?.name === 'echo');
    expect(echoes.map((e) => e.headers['mcp-session-id'])).toEqual([first, second]);
  });
});

describe('server-initiated requests', () => {
  it('answers an elicitation on the POST stream with the input handler, POSTing the response in the session', async () => {
    const asked: string[] = [];
    const client = await open('/ask', {
      handlers: { elicitation: { form: (params) => (asked.push(params.message), { action: 'accept', content: { name: 'Ada' } }) } },
    });
    const answer = JSON.parse(text(await client.callTool({ name: 'ask' })));
    expect(asked).toEqual(['Your name?']);
    expect(answer).toEqual({ action: 'accept', content: { name: 'Ada' } });
    const response = on('/ask').find((e) => e.method === 'POST' && e.body?.method === undefined);
    expect(response?.headers['mcp-session-id']).toMatch(/^session-/);
    expect(response?.body?.id).toMatch(/^ask-/);
  });

  it('takes server requests and notifications from the GET stream', async () => {
    const logs: unknown[] = [];
    const client = await open('/get', { onLog: (message) => logs.push(message.data) });
    await client.ping(); // the session is up and the GET stream opens after notifications/initialized
    await fixture.push({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'from the GET stream' } });
    await fixture.push({ jsonrpc: '2.0', id: 'server-ping-1', method: 'ping' });
    await expect.poll(() => on('/get').find((e) => e.body?.id === 'server-ping-1')?.body?.result).toEqual({});
    expect(logs).toEqual(['from the GET stream']);
    expect(on('/get').find((e) => e.method === 'GET')?.headers).toMatchObject({ accept: 'text/event-stream', 'mcp-protocol-version': '2025-11-25' });
  });

  it('works without a GET stream when the server answers 405', async () => {
    const client = await open('/no-get');
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'still fine' } }))).toBe('still fine');
    expect(on('/no-get').filter((e) => e.method === 'GET')).toHaveLength(1);
  });
});

describe('resumability', () => {
  it("resumes a stream closed before its response with GET and Last-Event-ID, after the server's retry", async () => {
    const client = await open('/resume');
    // A fake clock for the client's wait and for the fixture's timestamps; the HTTP traffic is real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const posted = () => on('/resume').find((e) => e.body?.params?.name === 'resume');
      const resumed = () => on('/resume').find((e) => e.method === 'GET' && e.headers['last-event-id'] !== undefined);
      let answer: string | undefined;
      const call = client.callTool({ name: 'resume' }).then((result) => (answer = text(result)));
      while (posted() === undefined) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(20); // the fixture ends the stream (id e1, retry 300) before the response
      // "The client MUST respect the retry field": however fast it saw the end, no GET before 300 ms passed.
      await vi.advanceTimersByTimeAsync(279);
      expect(resumed()).toBeUndefined();
      while (answer === undefined) await vi.advanceTimersByTimeAsync(10);
      await call;
      expect(answer).toBe('resumed');
      expect(resumed()?.headers['last-event-id']).toBe('e1');
      expect(resumed()!.at - posted()!.at).toBeGreaterThanOrEqual(300);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('cancellation', () => {
  it('says it with notifications/cancelled: a disconnect is not a cancellation on legacy HTTP', async () => {
    // 2025-11-25 transports.mdx: "To cancel, the client SHOULD explicitly send an MCP CancelledNotification".
    const client = await open('/cancel');
    const controller = new AbortController();
    const call = expect(client.callTool({ name: 'slow' }, { signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
    await expect.poll(() => on('/cancel').some((e) => e.body?.params?.name === 'slow')).toBe(true);
    controller.abort('user gave up');
    await call;
    const slow = on('/cancel').find((e) => e.body?.params?.name === 'slow');
    await expect.poll(() => on('/cancel').find((e) => e.body?.method === 'notifications/cancelled')?.body?.params).toMatchObject({ requestId: slow?.body?.id });
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'usable' } }))).toBe('usable');
  });
});

describe('the legacy client API', () => {
  it('maps listen() onto resources/subscribe and unsubscribes on close', async () => {
    const client = await open('/listen');
    const stream = client.listen({ resourceSubscriptions: ['test://a'], toolsListChanged: true });
    const ack = await stream.acknowledged;
    // tools.listChanged was not declared by the server, so it is denied, as a modern ack would say.
    expect(ack).toEqual({ granted: { resourceSubscriptions: ['test://a'] }, denied: { toolsListChanged: true } });
    const first = await stream.next();
    expect(first.value?.method).toBe('notifications/subscriptions/acknowledged');
    await fixture.push({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://a/child' } });
    await fixture.push({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://b' } });
    const second = await stream.next();
    expect(second.value).toMatchObject({ method: 'notifications/resources/updated', params: { uri: 'test://a/child' } });
    stream.close();
    expect((await stream.next()).done).toBe(true);
    await expect
      .poll(() =>
        on('/listen')
          .filter((e) => e.body?.method?.startsWith('resources/'))
          .map((e) => e.body?.method),
      )
      .toEqual(['resources/subscribe', 'resources/unsubscribe']);
    expect(client.initializeResult?.serverInfo.name).toBe('fixture');
  });
});

describe('an injected fetch', () => {
  it('fails a request with the local error the fetch threw (an auth layer giving up), unwrapped, and the session goes on', async () => {
    class SignInError extends LocalError {
      override readonly name = 'SignInError';
    }
    const refused = new SignInError('the user declined the sign-in');
    const guarded = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
      typeof init?.body === 'string' && init.body.includes('"refused"') ? Promise.reject(refused) : fetch(input, init);
    const client = await open('/injected', { http: { fetch: guarded } });
    expect(await client.callTool({ name: 'refused' }).catch((e: unknown) => e)).toBe(refused);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'still here' } }))).toBe('still here');
  });
});
