// Many clients at once: every request is answered, and the concurrency limit refuses cleanly.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchLane, headersFor, nodeFastLane, post, startLane, toolCall, until } from './helpers.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

describe('load', () => {
  it('answers 500 concurrent requests over 127.0.0.1, each with its own result', { timeout: 180_000 }, async () => {
    const { url, stop } = await startLane(nodeFastLane);
    stops.push(stop);
    {
      // Node's fetch opens as many sockets as needed: these are 500 concurrent HTTP exchanges.
      const replies = await Promise.all(
        Array.from({ length: 500 }, async (_, i) => {
          const body = toolCall(i, i % 10 === 0 ? 'progress' : 'echo', { text: `n${i}`, n: 2 });
          const res = await fetch(url, post(body, headersFor(body)));
          return { i, type: res.headers.get('content-type'), text: await res.text() };
        }),
      );
      for (const { i, type, text } of replies) {
        if (i % 10 === 0) {
          expect(type).toBe('text/event-stream');
          expect(text).toContain(`"id":${i},"result"`);
        } else {
          expect(JSON.parse(text)).toMatchObject({ id: i, result: { content: [{ text: `n${i}` }] } });
        }
      }
    }
  });

  it('refuses requests over maxConcurrent with 503 and Retry-After, and serves again once they finish', async () => {
    const { call, seen, stop } = await startLane(fetchLane, { limits: { maxConcurrent: 2 } });
    stops.push(stop);
    const controllers = [new AbortController(), new AbortController()];
    const waiting = controllers.map((c, i) => {
      const body = toolCall(`w${i}`, 'wait');
      return call({ ...post(body, headersFor(body)), signal: c.signal });
    });
    await until(() => seen.started.length === 2);
    const body = toolCall('x', 'echo');
    const refused = await call(post(body, headersFor(body)));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    for (const c of controllers) c.abort();
    await Promise.all(waiting);
    await until(() => seen.aborted.length === 2 && seen.finished.length === 2);
    expect((await call(post(body, headersFor(body)))).status).toBe(200);
  });
});
