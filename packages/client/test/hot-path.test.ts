import { PassThrough } from 'node:stream';
import { createServer, tool } from '@mcpkit/server';
import { serveStdio, StreamTransport } from '@mcpkit/stdio';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModernClient } from '../src/index.js';

// The sequential stdio path pays only for what a call uses: after the first request (which arms the
// connection's one shared deadline timer), a call schedules no timer and creates no AbortSignal on
// either side unless the caller passes one. Structural, not timed: it counts what gets created.

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await stop?.();
  stop = undefined;
});

function connected(handler: (args: { text: string }, call: { signal: AbortSignal }) => unknown = ({ text }) => ({ content: [{ type: 'text', text }] })) {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createServer({
    info: { name: 'hot', version: '1.0.0' },
    mode: 'production',
    onWarning: () => {},
    tools: [tool({ name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, handler: handler as never })],
  });
  const served = serveStdio(server, { stdin: toServer, stdout: toClient, exitOnClose: false });
  const client = new ModernClient(new StreamTransport(toClient, toServer), { clientInfo: { name: 'hot-client', version: '1.0.0' } });
  stop = async () => {
    await client.close();
    await served.close();
  };
  return client;
}

/** Counts timers and abort signals created while `work` runs. */
async function counting(work: () => Promise<void>): Promise<{ timers: number; signals: number }> {
  const counts = { timers: 0, signals: 0 };
  const count = (key: 'timers' | 'signals') => () => void counts[key]++;
  for (const name of ['setTimeout', 'setInterval', 'setImmediate'] as const) {
    const original = globalThis[name] as (...args: unknown[]) => unknown;
    vi.spyOn(globalThis, name).mockImplementation(((...args: unknown[]) => (count('timers')(), original(...args))) as never);
  }
  const Original = globalThis.AbortController;
  const onSignal = count('signals');
  vi.stubGlobal(
    'AbortController',
    class extends Original {
      constructor() {
        super();
        onSignal();
      }
    },
  );
  vi.spyOn(AbortSignal, 'any').mockImplementation(((signals: AbortSignal[]) => (onSignal(), anyOf(signals))) as never);
  vi.spyOn(AbortSignal, 'timeout').mockImplementation((() => {
    throw new Error('AbortSignal.timeout on the hot path');
  }) as never);
  try {
    await work();
  } finally {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  }
  return counts;
}

function anyOf(signals: AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  for (const signal of signals) signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller.signal;
}

describe('the sequential stdio path', () => {
  it('schedules no timer and creates no AbortSignal per call, on either side, unless the caller passes one', async () => {
    const client = connected();
    await client.callTool({ name: 'echo', arguments: { text: 'warm-up' } });
    const seen: string[] = [];
    const counts = await counting(async () => {
      for (let i = 0; i < 20; i++) {
        const result = await client.callTool({ name: 'echo', arguments: { text: `call ${i}` } });
        seen.push((result.content[0] as { text: string }).text);
      }
    });
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => `call ${i}`));
    expect(counts).toEqual({ timers: 0, signals: 0 });
  });

  it("a caller's signal still cancels the call, and the server's handler sees its own signal", async () => {
    let serverSignal: AbortSignal | undefined;
    let entered!: () => void;
    const reached = new Promise<void>((resolve) => (entered = resolve));
    const client = connected((args, call) => {
      if (args.text === 'warm-up') return { content: [{ type: 'text', text: 'ready' }] };
      serverSignal = call.signal;
      entered();
      return new Promise(() => {});
    });
    await client.callTool({ name: 'echo', arguments: { text: 'warm-up' } });
    const controller = new AbortController();
    // Observed at once: the call must not be an unhandled rejection while the test awaits the handler.
    const call = expect(client.callTool({ name: 'echo', arguments: { text: 'slow' } }, { signal: controller.signal })).rejects.toMatchObject({
      name: 'CancelledError',
    });
    await reached;
    controller.abort('changed my mind');
    await call;
    await vi.waitFor(() => expect(serverSignal?.aborted).toBe(true));
  });

  it('answers concurrent calls each with its own result, in the order their handlers finish', async () => {
    const gates = new Map<string, () => void>();
    const client = connected(({ text }) =>
      text.startsWith('now')
        ? { content: [{ type: 'text', text }] }
        : new Promise((resolve) => gates.set(text, () => resolve({ content: [{ type: 'text', text }] }))),
    );
    const finished: string[] = [];
    const track = (text: string) =>
      client.callTool({ name: 'echo', arguments: { text } }).then((r) => void finished.push((r.content[0] as { text: string }).text));
    const all = Promise.all([track('later-1'), track('later-2'), track('now-3')]);
    await vi.waitFor(() => expect(gates.size).toBe(2));
    await vi.waitFor(() => expect(finished).toEqual(['now-3']));
    gates.get('later-2')!();
    await vi.waitFor(() => expect(finished).toEqual(['now-3', 'later-2']));
    gates.get('later-1')!();
    await all;
    expect(finished).toEqual(['now-3', 'later-2', 'later-1']);
  });
});
