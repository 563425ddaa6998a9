import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelledError, TimeoutError, TransportClosedError, type ModernClient, type WireEvent } from '../src/index.js';
import { connect, FakeServer, text } from './helpers/fake-server.js';

// spec: 2026-07-28/pages/basic/patterns/cancellation.mdx, 2026-07-28/pages/basic/patterns/progress.mdx

let client: ModernClient | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await client?.close();
  client = undefined;
});

// The loopback transport delivers with microtasks, so the clocks behind timeouts and progress can be fake.
const fakeClocks = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'] });

/** Resolves once `condition` holds, checking after each turn of the event loop (the client sends once it has started). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/** A tool that never answers on its own; it resolves with "no response" once cancelled. */
function hanging(): FakeServer {
  return new FakeServer({
    'tools/call': (_params, ctx) => new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve(null))),
  });
}

describe('cancellation and timeouts', () => {
  // "stdio: The client MUST send a notifications/cancelled notification referencing the request ID"
  it('stdio: aborting sends notifications/cancelled for the request, and the server stops', async () => {
    const server = hanging();
    let transport;
    ({ client, transport } = connect(server, { kind: 'stream' }));
    const controller = new AbortController();
    const call = client.callTool({ name: 'slow' }, { signal: controller.signal }).catch((e: unknown) => e);
    await until(() => server.received('tools/call').length > 0);
    controller.abort('user pressed stop');
    const error = await call;
    expect(error).toBeInstanceOf(CancelledError);
    const id = server.received('tools/call')[0]!.id;
    expect(transport.sent.at(-1)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id, reason: expect.stringContaining('user pressed stop') },
    });
    expect(transport.cancelled).toEqual([id]);
    expect(transport.inProgress).toBe(0);
  });

  // "Streamable HTTP: Closing the SSE response stream is the cancellation signal ... No notifications/cancelled"
  it('HTTP: aborting ends the exchange and sends no notification', async () => {
    const server = hanging();
    let transport;
    ({ client, transport } = connect(server, { kind: 'exchange' }));
    const controller = new AbortController();
    const call = expect(client.callTool({ name: 'slow' }, { signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
    await until(() => server.received('tools/call').length > 0);
    controller.abort();
    await call;
    expect(transport.cancelled).toEqual([server.received('tools/call')[0]!.id]);
    expect(transport.sent.some((m) => 'method' in m && m.method === 'notifications/cancelled')).toBe(false);
  });

  it('times out per request, cancels on the server, and stays usable', async () => {
    const server = hanging();
    server.on('completion/complete', () => ({ resultType: 'complete', completion: { values: [] } }));
    let transport;
    fakeClocks();
    ({ client, transport } = connect(server));
    let settled = false;
    const outcome = client
      .callTool({ name: 'slow' }, { timeoutMs: 20 })
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(19);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    const error = await outcome;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ remote: false, limit: 'idle', timeoutMs: 20 });
    expect(transport.cancelled).toHaveLength(1);
    await expect(client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } })).resolves.toBeDefined();
  });

  it('enforces the hard maximum even while progress keeps arriving', async () => {
    const server = new FakeServer({
      'tools/call': (params, ctx) =>
        new Promise((resolve) => {
          let n = 0;
          const timer = setInterval(() => {
            void ctx.notify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: params._meta.progressToken, progress: ++n } });
          }, 5);
          ctx.signal.addEventListener('abort', () => (clearInterval(timer), resolve(null)));
        }),
    });
    fakeClocks();
    ({ client } = connect(server));
    const seen: number[] = [];
    // Progress every 5 ms against a 30 ms idle limit; the total limit is four idle periods.
    let settled = false;
    const outcome = client
      .callTool({ name: 'chatty' }, { timeoutMs: 30, maxTotalTimeoutMs: 120, onProgress: (p) => seen.push(p.progress) })
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    // Progress kept the idle timeout from firing: the call is alive after three idle periods...
    await vi.advanceTimersByTimeAsync(3 * 30);
    expect(settled).toBe(false);
    // ...and the hard maximum ends it at 120 ms all the same.
    await vi.advanceTimersByTimeAsync(31);
    expect(settled).toBe(true);
    expect(await outcome).toMatchObject({ name: 'TimeoutError', limit: 'total', timeoutMs: 120 });
    expect(seen.length).toBeGreaterThanOrEqual(20);
  });

  it('fails pending calls with TransportClosedError when the server goes away', async () => {
    const server = hanging();
    let transport;
    ({ client, transport } = connect(server));
    const call = expect(client.callTool({ name: 'slow' })).rejects.toBeInstanceOf(TransportClosedError);
    await until(() => server.received('tools/call').length > 0);
    transport.crash();
    await call;
    await expect(client.callTool({ name: 'again' })).rejects.toBeInstanceOf(TransportClosedError);
  });
});

describe('progress', () => {
  it('delivers progress with a token unique to the request, and drops stale or foreign updates', async () => {
    const server = new FakeServer({
      'tools/call': async (params, ctx) => {
        const token = params._meta.progressToken;
        const send = (progressToken: unknown, progress: number) =>
          ctx.notify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress, total: 10 } });
        await send(token, 1);
        await send(token, 1);
        await send('someone-else', 5);
        await send(token, 7.5);
        return text('done');
      },
    });
    let warnings: string[];
    ({ client, warnings } = connect(server));
    const seen: unknown[] = [];
    await client.callTool({ name: 'x' }, { onProgress: (p) => seen.push([p.progress, p.total]) });
    await client.callTool({ name: 'x' }, { onProgress: () => undefined });
    expect(seen).toEqual([
      [1, 10],
      [7.5, 10],
    ]);
    const tokens = server.received('tools/call').map((r) => r.params._meta.progressToken);
    expect(new Set(tokens).size).toBe(2);
    expect(warnings.filter((w) => w.includes('did not increase'))).toHaveLength(2);
  });

  it('sends no progressToken unless asked', async () => {
    const server = new FakeServer({ 'tools/call': () => text('ok') });
    ({ client } = connect(server));
    await client.callTool({ name: 'x' });
    expect(server.received('tools/call')[0]?.params._meta).not.toHaveProperty('progressToken');
  });
});

describe('wire trace', () => {
  it('sees every message sent and received, in order', async () => {
    const events: WireEvent[] = [];
    const server = new FakeServer({
      'tools/call': async (params, ctx) => {
        await ctx.notify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: params._meta.progressToken, progress: 1 } });
        return text('ok');
      },
    });
    ({ client } = connect(server, { trace: (e) => events.push(e) }));
    await client.callTool({ name: 'x' }, { onProgress: () => undefined });
    expect(events.map((e) => `${e.direction} ${'method' in e.message ? e.message.method : 'response'}`)).toEqual([
      'send tools/call',
      'receive notifications/progress',
      'receive response',
    ]);
  });

  it('survives a trace hook that throws', async () => {
    const server = new FakeServer({ 'tools/call': () => text('ok') });
    ({ client } = connect(server, {
      trace: () => {
        throw new Error('broken hook');
      },
    }));
    await expect(client.callTool({ name: 'x' })).resolves.toBeDefined();
  });
});
