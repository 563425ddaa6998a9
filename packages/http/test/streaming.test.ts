// JSON vs SSE replies, keep-alives, and cancellation by disconnect.
// spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Receiving Messages, Cancellation)
import { afterEach, describe, expect, it } from 'vitest';
import { pumpSse, SseParser } from '../src/toolkit.js';
import { fetchLane, headersFor, META, nodeFastLane, nodeGenericLane, post, startLane, toolCall, until } from './helpers.js';

/** Reads an SSE body to its end, returning the parsed data of every event. */
async function readEvents(res: Response): Promise<{ events: any[] }> {
  const events: any[] = [];
  await pumpSse(res.body!, new SseParser((e) => events.push(JSON.parse(e.data))));
  return { events };
}

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

async function start(lane: typeof fetchLane, options = {}) {
  const started = await startLane(lane, options);
  stops.push(started.stop);
  return started;
}

describe.each([fetchLane, nodeFastLane, nodeGenericLane])('replies via $name', (lane) => {
  it('streams notifications then the final response as SSE, and closes the stream after it', async () => {
    const { call } = await start(lane);
    const body = toolCall(1, 'progress', { n: 3 });
    const res = await call(post(body, headersFor(body)));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    // spec: servers SHOULD send X-Accel-Buffering: no on SSE streams
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const { events } = await readEvents(res); // ends: the server closed the stream
    expect(events.map((e) => e.method ?? 'response')).toEqual(['notifications/progress', 'notifications/progress', 'notifications/progress', 'response']);
    expect(events.slice(0, 3).map((e) => e.params.progress)).toEqual([1, 2, 3]);
    expect(events[3]).toEqual({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', content: [{ type: 'text', text: 'done' }] } });
  });

  it('answers plain JSON when the request produced no notification', async () => {
    const { call } = await start(lane);
    const body = toolCall(2, 'progress', { n: 0 });
    const res = await call(post(body, headersFor(body)));
    expect(res.headers.get('content-type')).toBe('application/json');
    expect((await res.json()).result.content[0].text).toBe('done');
  });

  it('keeps a quiet stream alive with SSE comments, and closing it cancels the request', async () => {
    const { call, seen } = await start(lane, { limits: { keepAliveMs: 20 } });
    const body: any = { jsonrpc: '2.0', id: 'l', method: 'subscriptions/listen', params: { notifications: { toolsListChanged: true }, _meta: META } };
    const controller = new AbortController();
    const res = await call({ ...post(body, headersFor(body)), signal: controller.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': keep-alive')) text += decoder.decode((await reader.read()).value, { stream: true });
    expect(text).toContain('notifications/subscriptions/acknowledged');
    controller.abort();
    await reader.cancel().catch(() => {});
    await until(() => seen.aborted.includes('listen'));
  });

  it('cancels a request whose client disconnects before any reply (the handler sees the abort)', async () => {
    const { call, seen } = await start(lane);
    const body = toolCall(3, 'wait');
    const controller = new AbortController();
    const pending = call({ ...post(body, headersFor(body)), signal: controller.signal }).catch((e) => e);
    await until(() => seen.started.includes('wait'));
    controller.abort();
    await pending;
    await until(() => seen.aborted.includes('wait'));
    // Its late notify and result went nowhere, and did not hang the tool.
    await until(() => seen.finished.includes('wait'));
  });

  it('cancels a streaming request whose client closes the response stream', async () => {
    const { call, seen } = await start(lane);
    const body = toolCall(4, 'wait', { notifyFirst: true });
    const res = await call(post(body, headersFor(body)));
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    await until(() => seen.aborted.includes('wait'));
    await until(() => seen.finished.includes('wait'));
  });

  it('cancels a stream whose client stops reading, and keeps serving other clients meanwhile', async () => {
    const { call, seen } = await start(lane, { limits: { stallTimeoutMs: 100 } });
    const body = toolCall(5, 'flood', { size: 64 * 1024 });
    const res = await call(post(body, headersFor(body)));
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    // Read nothing more. Meanwhile the server keeps answering everyone else.
    const echo = toolCall(6, 'echo', { text: 'still here' });
    for (let i = 0; i < 5; i++) expect((await (await call(post(echo, headersFor(echo)))).json()).result.content[0].text).toBe('still here');
    await until(() => seen.aborted.includes('flood'));
    await res.body!.cancel().catch(() => {});
  });
});

describe('a tool that does not wait for notify', () => {
  it('is cut off when its stream buffers more than maxStreamBufferBytes for a client that does not read', async () => {
    const { call, seen } = await start(nodeFastLane, { limits: { maxStreamBufferBytes: 256 * 1024, stallTimeoutMs: 60_000 } });
    const body = toolCall(7, 'flood', { size: 64 * 1024, awaitNotify: false });
    const res = await call(post(body, headersFor(body)));
    await until(() => seen.aborted.includes('flood'));
    await res.body!.cancel().catch(() => {});
  });
});
