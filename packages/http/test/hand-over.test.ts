// What a framework hands over to the handler (its parsed body, its principal), on the web lane
// (`handleRequest`) and on the node fast lane (`handleNodeRequest`), and the Host check adapters use.
import { createServer as createNodeServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHostCheck, createHttpHandler, handleRequest, type HandOver } from '../src/index.js';
import { handleNodeRequest } from '../src/node/index.js';
import { fakeDispatcher, headersFor, newSeen, toolCall } from './helpers.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

/** A node server that reads (and parses) the body itself, as a body-parsing middleware does, then hands over. */
async function parsingServer(handler: ReturnType<typeof createHttpHandler>, given: (req: IncomingMessage, body: unknown) => HandOver) {
  const server = createNodeServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      void handleNodeRequest(handler, req, res, given(req, text === '' ? undefined : JSON.parse(text)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe('handing a request over', () => {
  it('web lane: a parsed body (the stream already used) and the principal reach the dispatcher', async () => {
    const seen = newSeen();
    const handler = createHttpHandler(fakeDispatcher(seen));
    const body = toolCall(1, 'echo', { text: 'pre-parsed' });
    const request = new Request('http://127.0.0.1/mcp', { method: 'POST', headers: headersFor(body), body: JSON.stringify(body) });
    const parsed = await request.json(); // what a framework did: the body stream is now used
    const res = await handleRequest(handler, request, { body: parsed, principal: { subject: 'alice' } });
    expect(res.status).toBe(200);
    expect((await res.json()).result.content[0].text).toBe('pre-parsed');
    expect(seen.contexts[0]!.transport.principal).toEqual({ subject: 'alice' });
  });

  it('node fast lane: a body read by a middleware is used as handed over, with the principal', async () => {
    const seen = newSeen();
    const handler = createHttpHandler(fakeDispatcher(seen));
    const url = await parsingServer(handler, (_req, body) => ({ body, principal: 'bob' }));
    const body = toolCall(2, 'progress', { n: 2 });
    const res = await fetch(url, { method: 'POST', headers: headersFor(body), body: JSON.stringify(body) });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    expect(text.match(/notifications\/progress/g)).toHaveLength(2);
    expect(text).toContain('"done"');
    expect(seen.contexts[0]!.transport.principal).toBe('bob');
  });

  it('node fast lane: a body read upstream and not handed over is a 500 with a reason for onError, not a hang', async () => {
    const errors: unknown[] = [];
    const handler = createHttpHandler(fakeDispatcher(), { onError: (e) => errors.push(e) });
    const url = await parsingServer(handler, () => ({}));
    const body = toolCall(3, 'echo');
    const res = await fetch(url, { method: 'POST', headers: headersFor(body), body: JSON.stringify(body) });
    expect(res.status).toBe(500);
    expect(String(errors[0])).toContain('already read by another middleware');
  });

  it('a handed-over body whose declared size is over the limit is 413', async () => {
    const handler = createHttpHandler(fakeDispatcher(), { limits: { maxBodyBytes: 64 } });
    const body = toolCall(4, 'echo', { text: 'x'.repeat(200) });
    const text = JSON.stringify(body);
    const request = new Request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: { ...headersFor(body), 'content-length': String(text.length) },
      body: text,
    });
    const res = await handleRequest(handler, request, { body });
    expect(res.status).toBe(413);
  });

  it('an authenticate hook still decides when a principal is handed over', async () => {
    const seen = newSeen();
    const handler = createHttpHandler(fakeDispatcher(seen), { authenticate: () => ({ principal: 'from-hook' }) });
    const body = toolCall(5, 'echo');
    await handleRequest(handler, new Request('http://127.0.0.1/', { method: 'POST', headers: headersFor(body), body: JSON.stringify(body) }), {
      principal: 'from-framework',
    });
    expect(seen.contexts[0]!.transport.principal).toBe('from-hook');
  });

  it('serves a plain web handler too (no TypeError): a body the framework parsed reaches it as JSON text', async () => {
    const plain = async (request: Request) => new Response(`${request.method} ${await request.text()}`);
    const request = new Request('http://127.0.0.1/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    await request.text(); // the framework consumed the stream
    const res = await handleRequest(plain, request, { body: { a: 1 }, principal: 'x' });
    expect(await res.text()).toBe('POST {"a":1}');
  });
});

describe('createHostCheck', () => {
  it('allows the local names on any port by default, and nothing else', () => {
    const local = createHostCheck();
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:8080', '[::1]:1', 'LOCALHOST']) expect(local(host), host).toBe(true);
    for (const host of ['evil.test', 'evil.test:3000', '127.0.0.1.evil.test', '', null, undefined]) expect(local(host), String(host)).toBe(false);
  });

  it('takes names (any port) and exact name:port pairs', () => {
    const check = createHostCheck(['mcp.example.com', 'api.example.com:8443']);
    expect(check('MCP.example.com:443')).toBe(true);
    expect(check('api.example.com:8443')).toBe(true);
    expect(check('api.example.com')).toBe(false);
    expect(createHostCheck('*')('anything')).toBe(true);
  });
});
