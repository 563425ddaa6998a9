// The body limits of a handler served through serveHttp's generic lane (any `(Request) => Response`
// that is not the handler itself: a wrapper that serves metadata first, dualEra with HTTP+SSE, a
// router), on 127.0.0.1 through raw sockets (issue 32). The handler refuses an oversized body with
// 413 and a slow one with 408; the client must read that reply, not a reset, as on the fast lane:
// the node side drains what the handler left (up to maxDiscardBytes), then keeps the connection.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpHandler, type HttpLimits } from '../src/index.js';
import { serveHttp, type HttpServer } from '../src/node/index.js';
import { fakeDispatcher, toolCall } from './helpers.js';
import { openRaw, postHead, statusOf, turns, untilReal, type RawClient } from './raw-sockets.js';

let clients: RawClient[] = [];
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const client of clients) client.socket.destroy();
  clients = [];
  while (stops.length) await stops.pop()!();
});

async function start(limits: Partial<HttpLimits> = {}): Promise<HttpServer & { port: number }> {
  const handler = createHttpHandler(fakeDispatcher(), { limits });
  // Not the handler itself: serveHttp takes its generic lane (web Request and Response).
  const s = await serveHttp((request) => handler(request));
  stops.push(() => s.close());
  return { ...s, port: Number(new URL(s.url).port) };
}

describe('a handler on the generic lane', () => {
  it('gives a client that sends a 5 MiB body the 413, not a reset, whatever the framing, and serves the next request on the same connection', {
    timeout: 60_000,
  }, async () => {
    const s = await start();
    const body = toolCall(1, 'echo', { text: 'x'.repeat(5 * 1024 * 1024) });
    const text = JSON.stringify(body);
    for (const framing of ['content-length', 'chunked'] as const) {
      const client = await openRaw(s.port);
      clients.push(client);
      let failed: string | undefined;
      client.socket.on('error', (error: NodeJS.ErrnoException) => (failed = error.code));
      const headLine = postHead(body, Buffer.byteLength(text));
      client.socket.write(framing === 'chunked' ? headLine.replace(/content-length: \d+\r\n/, 'transfer-encoding: chunked\r\n') : headLine);
      for (let at = 0; at < text.length && !client.closed(); at += 1 << 16) {
        const piece = text.slice(at, at + (1 << 16));
        const data = framing === 'chunked' ? `${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n` : piece;
        if (!client.socket.write(data)) await new Promise((resolve) => (client.socket.once('drain', resolve), client.socket.once('close', resolve)));
      }
      if (framing === 'chunked' && !client.closed()) client.socket.write('0\r\n\r\n');
      await untilReal(() => /\r\n\r\n[\s\S]*\}/.test(client.received()) || client.closed());
      expect({ framing, status: statusOf(client), failed }).toEqual({ framing, status: 413, failed: undefined });
      expect(client.received()).toContain('"maxBodyBytes":4194304');
      const next = toolCall(2, 'echo', { text: 'same socket' });
      const nextText = JSON.stringify(next);
      client.socket.write(postHead(next, Buffer.byteLength(nextText)) + nextText);
      await untilReal(() => client.received().includes('same socket') || client.closed());
      expect(client.received()).toContain('same socket');
    }
  });

  it('answers 408 to a body that has not arrived bodyTimeoutMs after the request, and the client reads it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const s = await start({ bodyTimeoutMs: 2_000 });
    const client = await openRaw(s.port);
    clients.push(client);
    const body = toolCall(1, 'echo', { text: 'slow' });
    client.socket.write(postHead(body, 1000) + '{"jsonrpc":');
    await turns(50);
    await vi.advanceTimersByTimeAsync(2_000);
    await untilReal(() => /\r\n\r\n[\s\S]*\}/.test(client.received()) || client.closed());
    expect(statusOf(client)).toBe(408);
    expect(client.received()).toContain('"bodyTimeoutMs":2000');
  });
});
