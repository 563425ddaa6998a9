// @mcpkit/http/node: binding, shutdown, limits enforced by the socket layer, and the generic lane.
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddressOf, createHttpHandler, type InterceptHook } from '../src/index.js';
import { serveHttp } from '../src/node/index.js';
import { fakeDispatcher, headersFor, newSeen, rawRequest, toolCall, until } from './helpers.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

describe('serve', () => {
  it('binds 127.0.0.1 on a free port by default', async () => {
    const s = await serveHttp(createHttpHandler(fakeDispatcher()));
    stops.push(() => s.close());
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(s.server.address()).toMatchObject({ address: '127.0.0.1' });
  });

  it('close() ends open streams (their handlers see the abort) and leaves nothing open', async () => {
    const seen = newSeen();
    const s = await serveHttp(createHttpHandler(fakeDispatcher(seen)));
    let closed = false;
    s.server.once('close', () => (closed = true)); // node:http emits it once the last connection is gone
    const body = toolCall(1, 'wait', { notifyFirst: true });
    const res = await fetch(s.url, { method: 'POST', headers: headersFor(body), body: JSON.stringify(body) });
    const reader = res.body!.getReader();
    await reader.read();
    await s.close();
    await until(() => seen.aborted.includes('wait'));
    await expect(reader.read()).rejects.toThrow();
    expect(s.server.listening).toBe(false);
    expect(closed).toBe(true);
    expect(await new Promise((resolve) => s.server.getConnections((_error, count) => resolve(count)))).toBe(0);
  });

  it('closes when its signal aborts', async () => {
    const controller = new AbortController();
    const s = await serveHttp(createHttpHandler(fakeDispatcher()), { signal: controller.signal });
    controller.abort();
    await until(() => !s.server.listening);
    await s.close();
  });

  it('reads and drops the rest of an oversized body after the 413, and keeps the connection', async () => {
    const s = await serveHttp(createHttpHandler(fakeDispatcher(), { limits: { maxBodyBytes: 100 } }));
    stops.push(() => s.close());
    const body = toolCall(1, 'echo', { text: 'x'.repeat(1000) });
    const res = await rawRequest(s.url, { method: 'POST', headers: headersFor(body), body: JSON.stringify(body) });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('keep-alive');
    expect((await res.json()).error).toMatchObject({ code: -32600, data: { maxBodyBytes: 100 } });
  });

  it('closes the connection when an oversized body is declared larger than it would drain', async () => {
    const s = await serveHttp(createHttpHandler(fakeDispatcher(), { limits: { maxBodyBytes: 100, maxDiscardBytes: 500 } }));
    stops.push(() => s.close());
    const body = toolCall(1, 'echo', { text: 'x'.repeat(1000) });
    const res = await rawRequest(s.url, { method: 'POST', headers: headersFor(body), body: JSON.stringify(body) });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
  });

  it('holds no request slot for a body still arriving, nor after its client vanished', async () => {
    const s = await serveHttp(createHttpHandler(fakeDispatcher(), { limits: { maxConcurrent: 1 } }));
    stops.push(() => s.close());
    const { connect } = await import('node:net');
    const { port } = s.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const body = toolCall(1, 'echo');
    const head = Object.entries({ ...headersFor(body), 'content-length': '1000' })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`POST / HTTP/1.1\r\nhost: 127.0.0.1\r\n${head}\r\n{"jsonrpc":`);
    const post = () => rawRequest(s.url, { method: 'POST', headers: headersFor(body), body: JSON.stringify(body) });
    // The only slot is counted once a body is in: the half-sent request does not take it...
    expect((await post()).status).toBe(200);
    socket.destroy();
    await new Promise((r) => socket.once('close', r));
    // ...and its vanishing leaves nothing behind.
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
  });

  it('answers 431 to a request head over maxHeaderBytes', async () => {
    const s = await serveHttp(createHttpHandler(fakeDispatcher()), { maxHeaderBytes: 1024 });
    stops.push(() => s.close());
    const body = toolCall(1, 'echo');
    const res = await rawRequest(s.url, { method: 'POST', headers: headersFor(body, { 'mcp-param-big': 'x'.repeat(2000) }), body: JSON.stringify(body) });
    expect(res.status).toBe(431);
  });

  it('serves any web handler, streaming its body and cancelling it when the client leaves', async () => {
    let cancelled = false;
    const s = await serveHttp(async (request) => {
      if (request.method === 'POST') return new Response(`echo:${await request.text()}`, { headers: { 'x-lane': 'generic' } });
      let n = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull: async (c) => {
          await new Promise((r) => setTimeout(r, 1));
          c.enqueue(new TextEncoder().encode(`tick ${n++}\n`));
        },
        cancel: () => {
          cancelled = true;
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/plain' } });
    });
    stops.push(() => s.close());
    const echoed = await fetch(s.url, { method: 'POST', body: 'hi' });
    expect(echoed.headers.get('x-lane')).toBe('generic');
    expect(await echoed.text()).toBe('echo:hi');
    const streamed = await fetch(s.url);
    const reader = streamed.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('tick 0');
    await reader.cancel();
    await until(() => cancelled);
  });

  it("tells a plain web handler, and intercept behind one, the client's address (clientAddressOf)", async () => {
    const seen: Array<string | undefined> = [];
    const intercept: InterceptHook = async (_request, _body, context) => void seen.push(context.clientAddress);
    const core = createHttpHandler({ ...fakeDispatcher(), intercept });
    const s = await serveHttp((request) => {
      seen.push(clientAddressOf(request));
      return core(request);
    });
    stops.push(() => s.close());
    await fetch(s.url, { headers: { accept: 'text/event-stream' } });
    expect(seen).toEqual(['127.0.0.1', '127.0.0.1']);
    expect(clientAddressOf(new Request('http://127.0.0.1/'))).toBeUndefined();
  });
});
