import type { DispatchContext, Dispatcher, JsonRpcRequest, MessageContext } from '@mcpkit/jsonrpc';
import { ResponseError } from '@mcpkit/jsonrpc';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { serveStdio } from '../src/index.js';
import { gate, serveOnPipes, tick } from './helpers/pipes.js';

/** Requests named `wait:<key>` finish when the test opens that gate; others answer at once. */
function gatedDispatcher() {
  const gates = new Map<string, ReturnType<typeof gate>>();
  const contexts = new Map<string | number, DispatchContext>();
  const started: Array<string | number> = [];
  const dispatcher: Dispatcher = {
    async dispatch(request: JsonRpcRequest, context) {
      started.push(request.id);
      contexts.set(request.id, context);
      if (request.method === 'boom') throw new Error('database password is hunter2');
      if (request.method === 'refuse') throw new ResponseError(-32602, 'Unknown tool: nope');
      if (request.method.startsWith('wait:')) {
        const key = request.method.slice(5);
        if (!gates.has(key)) gates.set(key, gate());
        await gates.get(key)!.promise;
        await context.notify({ jsonrpc: '2.0', method: 'notifications/progress', params: { after: key } });
      }
      return { jsonrpc: '2.0', id: request.id, result: { method: request.method, aborted: context.signal.aborted } };
    },
  };
  const open = (key: string) => {
    if (!gates.has(key)) gates.set(key, gate());
    gates.get(key)!.open();
  };
  return { dispatcher, open, contexts, started };
}

const req = (id: string | number, method: string) => ({ jsonrpc: '2.0', id, method, params: {} });

describe('serveStdio', () => {
  it('handles requests concurrently and answers in completion order', async () => {
    const { dispatcher, open } = gatedDispatcher();
    const pipes = serveOnPipes(dispatcher);
    pipes.send(req(1, 'wait:slow'));
    pipes.send(req(2, 'fast'));
    await pipes.receivedCount(1);
    expect(pipes.received[0]).toMatchObject({ id: 2 });
    open('slow');
    await pipes.receivedCount(3);
    expect(pipes.received.slice(1)).toMatchObject([{ method: 'notifications/progress' }, { id: 1 }]);
    expect(pipes.notJsonRpc).toEqual([]);
  });

  it('answers a parse error with -32700 and id null, an invalid message with -32600, and keeps serving', async () => {
    // spec: 2026-07-28/pages/basic/index.mdx (error responses; the id may be missing only when unreadable)
    const pipes = serveOnPipes(gatedDispatcher().dispatcher);
    pipes.write('{"jsonrpc":"2.0","id":1,"method":\n');
    pipes.write('{"jsonrpc":"2.0","id":"q","method":42}\n');
    pipes.write('   \n\n');
    pipes.send(req(3, 'fine'));
    await pipes.receivedCount(3);
    expect(pipes.received[0]).toMatchObject({ id: null, error: { code: -32700 } });
    expect(pipes.received[1]).toEqual({
      jsonrpc: '2.0',
      id: 'q',
      error: { code: -32600, message: 'Invalid Request: "method" must be a string' },
    });
    expect(pipes.received[2]).toMatchObject({ id: 3, result: { method: 'fine' } });
    expect(pipes.errors.map((e) => e.name)).toEqual(['InvalidMessageError', 'InvalidMessageError']);
  });

  it('answers an oversized request with -32600 and its id, and keeps serving', async () => {
    const pipes = serveOnPipes(gatedDispatcher().dispatcher, { maxLineBytes: 1024 });
    pipes.write(`{"jsonrpc":"2.0","id":41,"method":"big","params":{"blob":"${'z'.repeat(100_000)}"}}\n`);
    pipes.send(req(42, 'small'));
    await pipes.receivedCount(2);
    expect(pipes.received).toMatchObject([
      { id: 41, error: { code: -32600, message: 'Invalid Request: message exceeds the limit of 1024 bytes' } },
      { id: 42, result: { method: 'small' } },
    ]);
  });

  it('answers a throwing dispatcher with -32603 without leaking its message, and a ResponseError with its code', async () => {
    const pipes = serveOnPipes(gatedDispatcher().dispatcher);
    pipes.send(req(1, 'boom'));
    pipes.send(req(2, 'refuse'));
    await pipes.receivedCount(2);
    expect(pipes.received).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Unknown tool: nope' } },
    ]);
    expect(pipes.errors.map((e) => e.message)).toEqual(['database password is hunter2', 'Unknown tool: nope']);
  });

  it('notifications/cancelled aborts the request and nothing more is written for it', async () => {
    // spec: 2026-07-28/pages/basic/transports/stdio.mdx (Cancellation: MUST NOT send further messages for it)
    const { dispatcher, open, contexts } = gatedDispatcher();
    const pipes = serveOnPipes(dispatcher);
    pipes.send(req('c1', 'wait:never'));
    pipes.send(req('c2', 'wait:later'));
    await tick();
    pipes.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c1', reason: 'user' } });
    await tick();
    expect(contexts.get('c1')!.signal.aborted).toBe(true);
    expect(contexts.get('c1')!.signal.reason).toBe('user');
    open('never');
    open('later');
    await pipes.receivedCount(2);
    await tick();
    expect(pipes.received).toMatchObject([{ method: 'notifications/progress', params: { after: 'later' } }, { id: 'c2' }]);
  });

  it('ignores malformed and unknown cancellations', async () => {
    // spec: 2026-07-28/pages/basic/patterns/cancellation.mdx (Error Handling: invalid cancellations are ignored)
    const { dispatcher, open, contexts } = gatedDispatcher();
    const pipes = serveOnPipes(dispatcher);
    pipes.send(req(1, 'wait:x'));
    await tick();
    for (const params of [{}, { requestId: null }, { requestId: '1' }, { requestId: 99 }]) {
      pipes.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params });
    }
    pipes.send({ jsonrpc: '2.0', method: 'notifications/cancelled' });
    await tick();
    expect(contexts.get(1)!.signal.aborted).toBe(false);
    open('x');
    await pipes.receivedCount(2);
    expect(pipes.received[1]).toMatchObject({ id: 1, result: { aborted: false } });
    expect(pipes.errors).toEqual([]);
  });

  it('routes other notifications and responses to the dispatcher, with the process-wide peer', async () => {
    const seen: Array<[string, MessageContext]> = [];
    const pipes = serveOnPipes({
      dispatch: async (r) => ({ jsonrpc: '2.0', id: r.id, result: {} }),
      notification: (n, context) => seen.push([n.method, context]),
      response: (r, context) => seen.push([`response ${String(r.id)}`, context]),
    });
    // A legacy session's server-initiated request goes out through the peer channel...
    await pipes.server.peer.send({ jsonrpc: '2.0', id: 's1', method: 'elicitation/create', params: {} });
    await pipes.receivedCount(1);
    expect(pipes.received[0]).toEqual({ jsonrpc: '2.0', id: 's1', method: 'elicitation/create', params: {} });
    // ...and its answer comes back to the dispatcher.
    pipes.send({ jsonrpc: '2.0', id: 's1', result: { action: 'accept' } });
    pipes.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await tick();
    expect(seen.map(([what]) => what)).toEqual(['response s1', 'notifications/initialized']);
    for (const [, context] of seen) {
      expect(context.peer).toBe(pipes.server.peer);
      expect(context.transport.name).toBe('stdio');
    }
  });

  it("answers the requests of one read in writes of 16 lines, each request's notification before its response", async () => {
    const writes: string[] = [];
    const stdin = new PassThrough();
    const stdout = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes.push(chunk.toString());
        callback();
      },
    });
    const server = serveStdio(
      {
        async dispatch(request, context) {
          await context.notify({ jsonrpc: '2.0', method: 'notifications/progress', params: { of: request.id } });
          return { jsonrpc: '2.0', id: request.id, result: {} };
        },
      },
      { stdin, stdout },
    );
    stdin.write(Array.from({ length: 20 }, (_, id) => `${JSON.stringify(req(id, 'work'))}\n`).join(''));
    await tick();
    const lines = writes
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(40);
    expect(writes.map((text) => text.split('\n').length - 1)).toEqual([16, 16, 8]);
    for (let id = 0; id < 20; id++) {
      const notified = lines.findIndex((m) => m.method === 'notifications/progress' && m.params.of === id);
      const answered = lines.findIndex((m) => m.id === id);
      expect(notified).toBeGreaterThanOrEqual(0);
      expect(notified).toBeLessThan(answered);
    }
    stdin.end();
    await server.closed;
  });

  it('pauses reading stdin while maxInFlight requests are in progress', async () => {
    const { dispatcher, open, started } = gatedDispatcher();
    const pipes = serveOnPipes(dispatcher, { maxInFlight: 2 });
    for (let id = 1; id <= 4; id++) {
      pipes.send(req(id, `wait:${id}`));
      await tick();
    }
    expect(started).toEqual([1, 2]);
    open('1');
    await pipes.receivedCount(2);
    await tick();
    expect(started).toEqual([1, 2, 3]);
    for (const key of ['2', '3', '4']) open(key);
    await pipes.receivedCount(8);
    expect(started).toEqual([1, 2, 3, 4]);
  });

  it('on stdin EOF finishes work in progress, writes its answer, then closes', async () => {
    // spec: 2026-07-28/pages/basic/transports/stdio.mdx (Shutdown: exit promptly when stdin is closed)
    const { dispatcher, open } = gatedDispatcher();
    const pipes = serveOnPipes(dispatcher);
    let peerClosed = false;
    pipes.server.peer.onClose(() => (peerClosed = true));
    pipes.send(req(1, 'wait:a'));
    pipes.stdin.end();
    await tick();
    expect(peerClosed).toBe(false);
    open('a');
    await pipes.server.closed;
    expect(peerClosed).toBe(true);
    expect(pipes.received.at(-1)).toMatchObject({ id: 1, result: { aborted: false } });
    expect(pipes.stdout.writableEnded).toBe(true);
  });

  it('aborts work that outlives shutdownTimeoutMs after EOF, and writes nothing for it', async () => {
    const { dispatcher, open, contexts } = gatedDispatcher();
    const pipes = serveOnPipes(dispatcher, { shutdownTimeoutMs: 20 });
    pipes.send(req(1, 'wait:forever'));
    await tick();
    pipes.stdin.end();
    await pipes.server.closed;
    expect(contexts.get(1)!.signal.aborted).toBe(true);
    open('forever');
    await tick();
    expect(pipes.received).toEqual([]);
  });

  it('aborts everything at once when the client stops reading (output broken)', async () => {
    const { dispatcher, contexts } = gatedDispatcher();
    const pipes = serveOnPipes(dispatcher, { shutdownTimeoutMs: 60_000 });
    pipes.send(req(1, 'wait:forever'));
    await tick();
    pipes.stdout.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await pipes.server.closed;
    expect(contexts.get(1)!.signal.aborted).toBe(true);
  });

  it('close() stops reading and drains like EOF', async () => {
    const { dispatcher, open } = gatedDispatcher();
    const pipes = serveOnPipes(dispatcher);
    pipes.send(req(1, 'wait:a'));
    await tick();
    const closing = pipes.server.close();
    open('a');
    await closing;
    expect(pipes.received.at(-1)).toMatchObject({ id: 1 });
  });

  it('on stdin EOF ends a stream that said untilCancelled() at once, and still lets work in progress finish', async () => {
    const { dispatcher, open, contexts } = gatedDispatcher();
    const streaming: Dispatcher = {
      dispatch: (request, context) => {
        if (request.method === 'stream') {
          context.untilCancelled?.();
          contexts.set(request.id, context);
          // Ends only when aborted, as a listen stream does.
          return new Promise((resolve) => context.signal.addEventListener('abort', () => resolve(null), { once: true }));
        }
        return dispatcher.dispatch(request, context);
      },
    };
    const pipes = serveOnPipes(streaming, { shutdownTimeoutMs: 60_000 });
    pipes.send(req(1, 'stream'));
    pipes.send(req(2, 'wait:a'));
    await tick();
    pipes.stdin.end();
    await tick();
    expect(contexts.get(1)!.signal.aborted).toBe(true);
    expect(contexts.get(2)!.signal.aborted).toBe(false);
    open('a');
    await pipes.server.closed;
    expect(pipes.received.map((m) => (m as { id?: unknown }).id).filter((id) => id !== undefined)).toEqual([2]);
  });
});
