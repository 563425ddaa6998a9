/**
 * The HTTP+SSE message endpoint under attack (issue 32), served as the README wires it
 * (`serveHttp(dualEra(server, { http: { sse: {} } }).httpHandler())`) on 127.0.0.1, driven by raw
 * sockets: a body that never finishes is cut at `bodyTimeoutMs` with 408 (as on the Streamable HTTP
 * endpoint; fake clock), an oversized body gets a 413 the client can read (not a reset), and the
 * channel keeps the rules of its era: a modern `_meta` request before `initialize` runs nothing.
 * spec: 2024-11-05 basic/transports.mdx ("HTTP with SSE"); 2025-11-25/pages/basic/lifecycle.mdx ("Initialization")
 */
import { connect, type Socket } from 'node:net';
import { serveHttp, type HttpServer } from '@mcpkit/http/node';
import { createServer, tool } from '@mcpkit/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dualEra, type DualEraServer } from '../../src/index.js';

interface Raw {
  readonly socket: Socket;
  received(): string;
  closed(): boolean;
}

function openRaw(port: number): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let text = '';
    let ended = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => (ended = true));
    socket.on('error', () => (ended = true));
    socket.once('connect', () => resolve({ socket, received: () => text, closed: () => ended }));
    socket.once('error', reject);
  });
}

/** Polls on real I/O turns (works under fake timers); the test's timeout bounds it. */
async function untilReal(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((resolve) => setImmediate(resolve));
}

const statusOf = (raw: Raw): number | undefined => {
  const match = /^HTTP\/1\.1 (\d{3})/.exec(raw.received());
  return match ? Number(match[1]) : undefined;
};

let ran = 0;
const stops: Array<() => Promise<void>> = [];
const raws: Raw[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const raw of raws.splice(0)) raw.socket.destroy();
  while (stops.length) await stops.pop()!();
});

async function start(limits: Record<string, number> = {}): Promise<{ port: number; dual: DualEraServer; server: HttpServer }> {
  const mcp = createServer({
    info: { name: 'sse-limits', version: '1' },
    tools: [tool({ name: 'count', handler: () => (ran++, { content: [{ type: 'text', text: String(ran) }] }) })],
    onWarning: () => {},
  });
  const dual = dualEra(mcp, { http: { sse: {} }, onError: () => {} });
  const server = await serveHttp(dual.httpHandler({ limits }));
  stops.push(async () => {
    await server.close();
    await dual.close();
    await mcp.close();
  });
  return { port: Number(new URL(server.url).port), dual, server };
}

/** Opens the SSE stream on a raw socket; resolves with it and the message path its `endpoint` event names. */
async function openStream(port: number): Promise<{ stream: Raw; endpoint: string }> {
  const stream = await openRaw(port);
  raws.push(stream);
  stream.socket.write('GET /sse HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/event-stream\r\n\r\n');
  await untilReal(() => /event: endpoint\ndata: (\S+)\n/.test(stream.received()));
  return { stream, endpoint: /event: endpoint\ndata: (\S+)\n/.exec(stream.received())![1]! };
}

const head = (endpoint: string, headers: Record<string, string>) =>
  `POST ${endpoint} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

describe('the HTTP+SSE message endpoint', () => {
  it('answers 408 to a body that has not arrived bodyTimeoutMs after the request, as the Streamable HTTP endpoint does', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { port } = await start({ bodyTimeoutMs: 10_000 });
    const { endpoint } = await openStream(port);
    const slow = await openRaw(port);
    raws.push(slow);
    slow.socket.write(head(endpoint, { 'content-length': '1000' }) + '{"jsonrpc":');
    // The request is in (the handler runs): nothing is answered until the deadline.
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(9_999);
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(slow.received()).toBe('');
    await vi.advanceTimersByTimeAsync(1);
    await untilReal(() => statusOf(slow) !== undefined);
    expect(statusOf(slow)).toBe(408);
    expect(slow.received()).toContain('"bodyTimeoutMs":10000');
  });

  it('answers a 5 MiB body with a 413 the client reads once it sent it all, not EPIPE, naming the limit; the session goes on', async () => {
    const { port } = await start();
    const { stream, endpoint } = await openStream(port);
    const total = 5 * 1024 * 1024;
    const piece = 'x'.repeat(64 * 1024);
    for (const framing of ['content-length', 'chunked'] as const) {
      const big = await openRaw(port);
      raws.push(big);
      let failed: string | undefined;
      big.socket.on('error', (error: NodeJS.ErrnoException) => (failed = error.code));
      big.socket.write(head(endpoint, framing === 'chunked' ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(total) }));
      // Like fetch: the whole body goes out before the reply is read.
      for (let sent = 0; sent < total && !big.closed(); sent += piece.length) {
        const data = framing === 'chunked' ? `${piece.length.toString(16)}\r\n${piece}\r\n` : piece;
        if (!big.socket.write(data)) await new Promise((resolve) => (big.socket.once('drain', resolve), big.socket.once('close', resolve)));
      }
      if (framing === 'chunked' && !big.closed()) big.socket.write('0\r\n\r\n');
      await untilReal(() => /\r\n\r\n[\s\S]*\}/.test(big.received()) || big.closed());
      expect({ framing, status: statusOf(big), failed, closed: big.closed() }).toEqual({ framing, status: 413, failed: undefined, closed: false });
      expect(big.received()).toContain('"maxBodyBytes":4194304');
    }
    // The session's stream is still open, and serves the next message.
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 'after', method: 'ping' });
    const next = await openRaw(port);
    raws.push(next);
    next.socket.write(head(endpoint, { 'content-length': String(Buffer.byteLength(ping)) }) + ping);
    await untilReal(() => statusOf(next) !== undefined);
    expect(statusOf(next)).toBe(202);
    expect(stream.closed()).toBe(false);
  });

  it('runs nothing for a modern _meta request before initialize: the channel is 2024-11-05 (and 2025-11-25 sessions) only', async () => {
    const { port } = await start();
    const { stream, endpoint } = await openStream(port);
    const before = ran;
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 'modern',
      method: 'tools/call',
      params: {
        name: 'count',
        arguments: {},
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    });
    const post = await openRaw(port);
    raws.push(post);
    post.socket.write(head(endpoint, { 'content-length': String(Buffer.byteLength(call)) }) + call);
    await untilReal(() => stream.received().includes('"id":"modern"'));
    const reply = JSON.parse(/data: (\{.*"id":"modern".*\})\n/.exec(stream.received())![1]!);
    expect(reply).toMatchObject({ id: 'modern', error: { code: -32600, message: expect.stringMatching(/initialize/) } });
    expect(ran).toBe(before);
  });
});
