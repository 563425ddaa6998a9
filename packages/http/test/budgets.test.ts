// Separate budgets (issue 15): slow uploads, open listen streams and one greedy client address each
// have their own limit, so none of them makes a short request wait. Real sockets on 127.0.0.1.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpHandler } from '../src/index.js';
import { serveHttp, type HttpServer } from '../src/node/index.js';
import { fakeDispatcher, headersFor, post, toolCall } from './helpers.js';
import { openListen, openMany, openRaw, openSlowBody, postFrom, postHead, statusOf, turns, untilReal, type RawClient } from './raw-sockets.js';

let clients: RawClient[] = [];
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const client of clients) client.socket.destroy();
  clients = [];
  while (stops.length) await stops.pop()!();
});

async function start(
  options: Parameters<typeof createHttpHandler>[1] = {},
  serveOptions: Parameters<typeof serveHttp>[1] = {},
): Promise<HttpServer & { port: number }> {
  const s = await serveHttp(createHttpHandler(fakeDispatcher(), options), serveOptions);
  stops.push(() => s.close());
  return { ...s, port: Number(new URL(s.url).port) };
}

const connections = (s: HttpServer) => new Promise<number>((resolve, reject) => s.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));

async function echo(url: string, text: string) {
  const body = toolCall(text, 'echo', { text });
  const res = await fetch(url, post(body, headersFor(body)));
  return { status: res.status, body: await res.json() };
}

describe('slow request bodies', () => {
  it('1,100 bodies that never finish hold no request slot: a normal request is still answered', { timeout: 180_000 }, async () => {
    // The body deadline (10 s by default, on the real clock here) must not end any of them on a loaded machine.
    const s = await start({ limits: { bodyTimeoutMs: 3_600_000 } }, { maxConnectionsPerClient: 5000 });
    clients = await openMany(1100, () => openSlowBody(s.port));
    while ((await connections(s)) < 1100) await turns(1);
    // More bodies in progress than maxConcurrent (1024) allows requests in flight, and no refusal.
    expect(await echo(s.url, 'still served')).toMatchObject({ status: 200, body: { result: { content: [{ text: 'still served' }] } } });
    expect(clients.every((c) => c.received() === '')).toBe(true);
  });

  it('one address past its connection budget is answered 503; another address is served', { timeout: 180_000 }, async () => {
    // Only the connection budget may refuse here: no body deadline (10 s by default, real clock) on a loaded machine.
    const s = await start({ limits: { bodyTimeoutMs: 3_600_000 } });
    clients = await openMany(1100, () => openSlowBody(s.port, '127.0.0.1'));
    await untilReal(() => clients.filter((c) => statusOf(c) === 503).length === 76);
    const refused = clients.find((c) => statusOf(c) === 503)!;
    expect(refused.received()).toMatch(/retry-after: 1/i);
    expect(refused.received()).toContain('"limit":"maxConnectionsPerClient"');
    await untilReal(() => refused.closed());
    const other = await postFrom(s.url, '127.0.0.2', toolCall(1, 'echo', { text: 'from elsewhere' }));
    expect(other.status).toBe(200);
    expect(JSON.parse(other.text).result.content[0].text).toBe('from elsewhere');
  });

  it('a body that has not arrived within bodyTimeoutMs of the request is answered 408 and its connection closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let arrived = 0;
    const s = await start({ limits: { bodyTimeoutMs: 10_000 }, authenticate: () => (arrived++, { principal: undefined }) });
    const slow = await openSlowBody(s.port);
    clients.push(slow);
    await untilReal(() => arrived === 1);
    await vi.advanceTimersByTimeAsync(9_999);
    await turns(50);
    expect(slow.received()).toBe('');
    await vi.advanceTimersByTimeAsync(1);
    await untilReal(() => statusOf(slow) !== undefined && slow.closed());
    expect(statusOf(slow)).toBe(408);
    expect(slow.received()).toContain('"bodyTimeoutMs":10000');
  });

  it('the deadline covers the whole body, whenever the handler gets to read it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const s = await start({ limits: { bodyTimeoutMs: 1_000 }, authenticate: async () => (await gate, { principal: undefined }) });
    const body = toolCall(1, 'echo', { text: 'whole body, late reader' });
    const text = JSON.stringify(body);
    const client = await openRaw(s.port);
    clients.push(client);
    client.socket.write(postHead(body, Buffer.byteLength(text)) + text);
    await turns(50);
    await vi.advanceTimersByTimeAsync(5_000);
    release();
    // The body arrived in time; only the authenticate hook was slow: it is served, not 408.
    await untilReal(() => client.received().includes('whole body, late reader'));
    expect(statusOf(client)).toBe(200);
  });
});

describe('the body-read deadline on a fetch handler (Bun, Deno, Workers)', () => {
  it('answers 408 to a body that has not arrived bodyTimeoutMs after the request', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const handler = createHttpHandler(fakeDispatcher(), { limits: { bodyTimeoutMs: 2_000 } });
    const body = toolCall(1, 'echo');
    const endless = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('{"jsonrpc":')) });
    const reply = handler(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: headersFor(body), body: endless, duplex: 'half' } as RequestInit));
    await vi.advanceTimersByTimeAsync(2_000);
    const res = await reply;
    expect(res.status).toBe(408);
    expect((await res.json()).error.data).toEqual({ bodyTimeoutMs: 2_000 });
  });
});

describe('listen streams', () => {
  it('have their own budget: past it a listen is refused 503, requests and other listens go on', { timeout: 180_000 }, async () => {
    const s = await start({ limits: { maxListenStreams: 1024 } }, { maxConnectionsPerClient: 5000 });
    clients = await openMany(1100, (i) => openListen(s.port, `l${i}`));
    await untilReal(() => clients.every((c) => statusOf(c) !== undefined));
    const open = clients.filter((c) => statusOf(c) === 200);
    const refused = clients.filter((c) => statusOf(c) === 503);
    expect([open.length, refused.length]).toEqual([1024, 76]);
    await untilReal(() => open.every((c) => c.received().includes('notifications/subscriptions/acknowledged')));
    expect(refused[0]!.received()).toMatch(/retry-after: 1/i);
    expect(refused[0]!.received()).toContain('listen streams are open, the most it serves');
    expect(refused[0]!.received()).toContain('"limit":"maxListenStreams"');

    // 1,024 open streams are more than maxConcurrent's worth of nothing: a request is still answered.
    expect((await echo(s.url, 'beside 1024 streams')).status).toBe(200);

    // Closing one stream frees its place.
    open[0]!.socket.destroy();
    const again = await openListen(s.port, 'again');
    clients.push(again);
    await untilReal(() => again.received().includes('notifications/subscriptions/acknowledged'));
    expect(statusOf(again)).toBe(200);
  });
});

describe('oversized bodies', () => {
  it('a 64 MiB POST is read to its end and seen by fetch as 413, naming the limit', { timeout: 180_000 }, async () => {
    const s = await start();
    const body = toolCall(1, 'echo', { text: 'x'.repeat(64 * 1024 * 1024) });
    const res = await fetch(s.url, post(body, headersFor(body)));
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatchObject({ code: -32600, data: { maxBodyBytes: 4 * 1024 * 1024 } });
  });

  it('reads an oversized body to its end, so the same connection serves the next request', { timeout: 180_000 }, async () => {
    const s = await start();
    const client = await openRaw(s.port);
    clients.push(client);
    const big = toolCall(1, 'echo', { text: 'x'.repeat(64 * 1024 * 1024) });
    const text = JSON.stringify(big);
    client.socket.write(postHead(big, Buffer.byteLength(text)));
    for (let at = 0; at < text.length; at += 1 << 20) {
      if (!client.socket.write(text.slice(at, at + (1 << 20)))) await new Promise((r) => client.socket.once('drain', r));
    }
    await untilReal(() => statusOf(client) !== undefined);
    expect(statusOf(client)).toBe(413);
    const next = toolCall(2, 'echo', { text: 'same socket' });
    const nextText = JSON.stringify(next);
    client.socket.write(postHead(next, Buffer.byteLength(nextText)) + nextText);
    await untilReal(() => client.received().includes('same socket') || client.closed());
    expect(client.received()).toContain('same socket');
  });

  it('closes the connection once an oversized body goes past maxDiscardBytes', { timeout: 180_000 }, async () => {
    const s = await start({ limits: { maxBodyBytes: 1024, maxDiscardBytes: 64 * 1024 } });
    const client = await openRaw(s.port);
    clients.push(client);
    const body = toolCall(1, 'echo');
    // No Content-Length to judge by: the body arrives chunked and endless.
    client.socket.write(postHead(body, 0).replace('content-length: 0\r\n', 'transfer-encoding: chunked\r\n'));
    const chunk = `${(16 * 1024).toString(16)}\r\n${'x'.repeat(16 * 1024)}\r\n`;
    while (!client.closed()) {
      client.socket.write(chunk);
      await turns(1);
    }
    expect(statusOf(client)).toBe(413);
  });
});
