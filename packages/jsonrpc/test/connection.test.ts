import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CancelledError,
  Connection,
  InFlightLimitError,
  InvalidMessageError,
  LocalError,
  RemoteError,
  RpcError,
  TransportClosedError,
  TransportError,
  type CancelInfo,
  type JsonRpcNotification,
} from '../src/index.js';
import { ScriptedTransport } from './helpers/scripted-transport.js';

function setup(options: ConstructorParameters<typeof Connection>[1] = {}, kind: 'stream' | 'exchange' = 'stream') {
  const transport = new ScriptedTransport(kind);
  const errors: Error[] = [];
  const connection = new Connection(transport, { onError: (e) => errors.push(e), ...options });
  return { transport, connection, errors };
}

/** Lets queued promise callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('Connection: requests and responses', () => {
  it('allocates integer ids, omits absent params, and resolves with the result', async () => {
    const { transport, connection } = setup();
    const a = connection.request('a', { x: 1 });
    const b = connection.request('b');
    await transport.sentCount(2);
    expect(transport.sent).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'a', params: { x: 1 } },
      { jsonrpc: '2.0', id: 2, method: 'b' },
    ]);
    transport.deliver({ jsonrpc: '2.0', id: 2, result: { b: true } });
    transport.deliver({ jsonrpc: '2.0', id: 1, result: { a: true } });
    await expect(a).resolves.toEqual({ a: true });
    await expect(b).resolves.toEqual({ b: true });
    expect(connection.inFlight).toBe(0);
  });

  it('rejects with a RemoteError carrying the peer code, message and data', async () => {
    const { transport, connection } = setup();
    const call = connection.request('tools/call');
    transport.deliver({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Unknown tool', data: { name: 'x' } } });
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).not.toBeInstanceOf(LocalError);
    expect(error).toMatchObject({
      remote: true,
      code: -32602,
      message: 'Unknown tool',
      data: { name: 'x' },
      method: 'tools/call',
      requestId: 1,
    });
  });

  it('matches ids by JSON type: a response to "1" does not answer request 1', async () => {
    // spec: 2026-07-28/pages/basic/index.mdx (request ids are strings or integers; 1 and "1" differ)
    const { transport, connection } = setup();
    const call = connection.begin('m');
    transport.deliver({ jsonrpc: '2.0', id: '1', result: { wrong: true } });
    await settle();
    expect(connection.inFlight).toBe(1);
    transport.deliver({ jsonrpc: '2.0', id: 1, result: { right: true } });
    await expect(call.result).resolves.toEqual({ right: true });
  });

  it('surfaces an error response with id null through onError', async () => {
    const { transport, errors } = setup();
    transport.deliver({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(RemoteError);
    expect(errors[0]).toMatchObject({ code: -32700, requestId: null });
  });

  it('fails a request at once when its response is unusable, instead of letting it time out', async () => {
    const { transport, connection, errors } = setup();
    const call = connection.request('m');
    const broken = new InvalidMessageError('Invalid Request: "result" must be an object', { id: 1 });
    transport.raise(broken);
    await expect(call).rejects.toBe(broken);
    expect(errors).toEqual([broken]);
    expect(connection.inFlight).toBe(0);
  });

  it('fails the request with a TransportError when the transport cannot send it', async () => {
    const { transport, connection } = setup();
    transport.failSends = new Error('EPIPE');
    const error = await connection.request('m').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toMatch(/Could not send m: Error: EPIPE/);
    expect(connection.inFlight).toBe(0);
  });
});

describe('Connection: cancellation', () => {
  it('rejects with CancelledError on abort, tells the peer through onCancel, and drops the late response', async () => {
    // spec: 2026-07-28/pages/basic/patterns/cancellation.mdx (ignore responses that arrive after cancelling)
    const cancels: CancelInfo[] = [];
    const { transport, connection, errors } = setup({
      onCancel: (info): JsonRpcNotification => {
        cancels.push(info);
        return { jsonrpc: '2.0', method: 'cancel', params: { requestId: info.id } };
      },
    });
    const controller = new AbortController();
    const call = connection.request('slow', {}, { signal: controller.signal }).catch((e: unknown) => e);
    await transport.sentCount(1);
    controller.abort('user gave up');
    const error = await call;
    expect(error).toBeInstanceOf(CancelledError);
    expect(error).toMatchObject({ remote: false, reason: 'user gave up', requestId: 1, method: 'slow' });
    expect((error as Error).message).toContain('user gave up');
    expect(cancels).toMatchObject([{ id: 1, method: 'slow', transportKind: 'stream' }]);
    await transport.sentCount(2);
    expect(transport.sent[1]).toEqual({ jsonrpc: '2.0', method: 'cancel', params: { requestId: 1 } });
    transport.deliver({ jsonrpc: '2.0', id: 1, result: { late: true } });
    expect(errors).toEqual([]);
    expect(connection.inFlight).toBe(0);
  });

  it('never sends a request whose signal is already aborted', async () => {
    const { transport, connection } = setup({ onCancel: () => ({ jsonrpc: '2.0', method: 'cancel' }) });
    await expect(connection.request('m', {}, { signal: AbortSignal.abort('no') })).rejects.toBeInstanceOf(CancelledError);
    await settle();
    expect(transport.sent).toEqual([]);
  });

  it('cancel() on the handle works like the signal', async () => {
    const { connection } = setup();
    const call = connection.begin('m');
    call.cancel('changed my mind');
    await expect(call.result).rejects.toMatchObject({ name: 'CancelledError', reason: 'changed my mind' });
  });

  it('on an exchange transport aborts the send signal of the cancelled request', async () => {
    const { transport, connection } = setup({}, 'exchange');
    const call = connection.begin('m', undefined, { headers: { 'Mcp-Method': 'm' } });
    await transport.sentCount(1);
    const signal = transport.sendOptions[0]!.signal!;
    expect(transport.sendOptions[0]!.headers).toEqual({ 'Mcp-Method': 'm' });
    expect(signal.aborted).toBe(false);
    call.cancel();
    await call.result.catch(() => {});
    expect(signal.aborted).toBe(true);
  });

  it('a throwing onCancel hook is reported and the request still ends', async () => {
    const { connection, errors } = setup({
      onCancel: () => {
        throw new Error('hook broke');
      },
    });
    const call = connection.begin('m');
    call.cancel();
    await expect(call.result).rejects.toBeInstanceOf(CancelledError);
    expect(errors.map((e) => e.message)).toEqual(['hook broke']);
  });
});

describe('Connection: timeouts', () => {
  it('times out after timeoutMs, tells the peer, and drops the late response', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const cancels: CancelInfo[] = [];
    const { transport, connection, errors } = setup({
      timeoutMs: 1000,
      onCancel: (info) => {
        cancels.push(info);
        return undefined;
      },
    });
    const call = connection.request('m');
    const outcome = call.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(connection.inFlight).toBe(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(await outcome).toMatchObject({ name: 'TimeoutError', limit: 'idle', timeoutMs: 1000, remote: false });
    expect(cancels[0]!.error.name).toBe('TimeoutError');
    transport.deliver({ jsonrpc: '2.0', id: 1, result: {} });
    expect(errors).toEqual([]);
  });

  it('touch() restarts the idle timeout, but never past the hard maximum', async () => {
    // spec: 2026-07-28/pages/basic/patterns/cancellation.mdx (progress may reset the timeout; keep a maximum)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { connection } = setup();
    const call = connection.begin('m', {}, { timeoutMs: 1000, maxTotalTimeoutMs: 3500 });
    const outcome = call.result.catch((e: unknown) => e);
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(800);
      call.touch();
    }
    // 4000 ms in, touched every 800 ms: the idle limit never expired, the total one did at 3500.
    const error = await outcome;
    expect(error).toMatchObject({ name: 'TimeoutError', limit: 'total', timeoutMs: 3500 });
  });

  it('requests with different timeouts each expire at their own deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { transport, connection } = setup();
    const long = connection.request('long', {}, { timeoutMs: 5000 }).catch((e: unknown) => e);
    const short = connection.request('short', {}, { timeoutMs: 1000 }).catch((e: unknown) => e);
    const answered = connection.request('answered', {}, { timeoutMs: 1000 });
    transport.deliver({ jsonrpc: '2.0', id: 3, result: {} });
    await vi.advanceTimersByTimeAsync(1001);
    expect(await short).toMatchObject({ name: 'TimeoutError', method: 'short', timeoutMs: 1000 });
    await expect(answered).resolves.toEqual({});
    expect(connection.inFlight).toBe(1);
    await vi.advanceTimersByTimeAsync(3998);
    expect(connection.inFlight).toBe(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(await long).toMatchObject({ name: 'TimeoutError', method: 'long', timeoutMs: 5000 });
  });

  it('a queued request times out too: its clock starts at the call', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { transport, connection } = setup({ maxInFlight: 1, timeoutMs: 1000 });
    const first = connection.request('first').catch((e: unknown) => e);
    const queued = connection.request('queued').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1001);
    expect(await first).toMatchObject({ name: 'TimeoutError', method: 'first' });
    expect(await queued).toMatchObject({ name: 'TimeoutError', method: 'queued' });
    expect(transport.sent.map((m) => (m as { method: string }).method)).toEqual(['first']);
  });

  it('its timer keeps the process alive only while requests are pending', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    // Keep the handles the connection gets, to ask each whether it holds the process open (hasRef).
    const fakeSetTimeout = globalThis.setTimeout;
    const handles: NodeJS.Timeout[] = [];
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((...args: Parameters<typeof setTimeout>) => {
      const handle = fakeSetTimeout(...args);
      handles.push(handle);
      return handle;
    }) as typeof setTimeout);
    try {
      const { transport, connection } = setup();
      const call = connection.request('m');
      expect(vi.getTimerCount()).toBe(1);
      expect(handles.at(-1)!.hasRef()).toBe(true);
      transport.deliver({ jsonrpc: '2.0', id: 1, result: {} });
      await call;
      // Still armed for the next request (not torn down and rebuilt), but no longer holding the process.
      expect(vi.getTimerCount()).toBe(1);
      expect(handles.at(-1)!.hasRef()).toBe(false);
      const next = connection.request('m');
      expect(handles.at(-1)!.hasRef()).toBe(true);
      transport.deliver({ jsonrpc: '2.0', id: 2, result: {} });
      await next;
      expect(handles.at(-1)!.hasRef()).toBe(false);
      await connection.close();
    } finally {
      spy.mockRestore();
    }
  });

  it('timeoutMs 0 disables the idle timeout (the hard maximum still applies)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { connection } = setup({ timeoutMs: 0, maxTotalTimeoutMs: 50_000 });
    const outcome = connection.request('m').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(49_999);
    expect(connection.inFlight).toBe(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(await outcome).toMatchObject({ name: 'TimeoutError', limit: 'total' });
  });

  it('a long timeoutMs is not cut by the default hard maximum', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { connection } = setup({ maxTotalTimeoutMs: 1000 });
    const outcome = connection.request('m', {}, { timeoutMs: 5000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(4999);
    expect(connection.inFlight).toBe(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(await outcome).toMatchObject({ name: 'TimeoutError', timeoutMs: 5000 });
  });
});

describe('Connection: in-flight limit', () => {
  it('queues beyond maxInFlight and sends in order as responses free slots', async () => {
    const { transport, connection } = setup({ maxInFlight: 2 });
    const calls = [1, 2, 3, 4].map((n) => connection.request('m', { n }));
    await settle();
    expect(transport.sent.map((m) => (m as { id: number }).id)).toEqual([1, 2]);
    expect([connection.inFlight, connection.queued]).toEqual([2, 2]);
    transport.deliver({ jsonrpc: '2.0', id: 2, result: {} });
    await settle();
    expect(transport.sent.map((m) => (m as { id: number }).id)).toEqual([1, 2, 3]);
    for (const id of [1, 3, 4]) {
      await transport.sentCount(Math.min(id + 1, 4));
      transport.deliver({ jsonrpc: '2.0', id, result: { id } });
    }
    await expect(Promise.all(calls)).resolves.toEqual([{ id: 1 }, {}, { id: 3 }, { id: 4 }]);
  });

  it('a queued request cancelled before its turn is never sent', async () => {
    const { transport, connection } = setup({ maxInFlight: 1 });
    connection.request('first').catch(() => {});
    const queued = connection.begin('second');
    expect(connection.queued).toBe(1);
    queued.cancel();
    await expect(queued.result).rejects.toBeInstanceOf(CancelledError);
    expect(connection.queued).toBe(0);
    transport.deliver({ jsonrpc: '2.0', id: 1, result: {} });
    await settle();
    expect(transport.sent.map((m) => (m as { method: string }).method)).toEqual(['first']);
  });

  it('a request refused for an already aborted signal leaves the queue counts alone', async () => {
    const { transport, connection } = setup({ maxInFlight: 1 });
    await connection.request('never', {}, { signal: AbortSignal.abort('no') }).catch(() => {});
    const first = connection.request('first');
    const second = connection.request('second');
    expect([connection.inFlight, connection.queued]).toEqual([1, 1]);
    transport.deliver({ jsonrpc: '2.0', id: 2, result: { n: 1 } });
    await transport.sentCount(2);
    transport.deliver({ jsonrpc: '2.0', id: 3, result: { n: 2 } });
    await expect(Promise.all([first, second])).resolves.toEqual([{ n: 1 }, { n: 2 }]);
    expect([connection.inFlight, connection.queued]).toEqual([0, 0]);
  });

  it("whenFull 'reject' refuses with InFlightLimitError", async () => {
    const { connection } = setup({ maxInFlight: 1, whenFull: 'reject' });
    connection.request('a').catch(() => {});
    const error = await connection.request('b').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InFlightLimitError);
    expect(error).toMatchObject({ limit: 1, remote: false });
  });
});

describe('Connection: closing', () => {
  it('fails every pending and queued request at once when the transport closes', async () => {
    const { transport, connection } = setup({ maxInFlight: 1 });
    const closed: Error[] = [];
    connection.onClose((e) => closed.push(e));
    const calls = [connection.request('a'), connection.request('b')];
    const cause = new TransportClosedError('server process exited with code 3');
    transport.end({ reason: 'exited', error: cause });
    for (const call of calls) await expect(call).rejects.toBe(cause);
    expect(closed).toEqual([cause]);
    expect(connection.closed).toBe(true);
    await expect(connection.request('c')).rejects.toBe(cause);
    await expect(connection.notify('n')).rejects.toBe(cause);
  });

  it('wraps a close without a TransportClosedError', async () => {
    const { transport, connection } = setup();
    const call = connection.request('a');
    transport.end({ reason: 'socket reset', error: new Error('ECONNRESET') });
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportClosedError);
    expect(error).toMatchObject({ message: 'socket reset', cause: { message: 'ECONNRESET' } });
  });

  it('close() fails pending requests and closes the transport', async () => {
    const { transport, connection } = setup();
    const call = expect(connection.request('a')).rejects.toThrow('Connection closed');
    await connection.close();
    await call;
    expect(transport.closed).toBe(1);
  });
});

describe('Connection: messages from the peer', () => {
  it('routes notifications to the handler; a throwing handler is reported and the connection goes on', async () => {
    const { transport, connection, errors } = setup();
    const seen: string[] = [];
    connection.onNotification((n) => {
      seen.push(n.method);
      if (n.method === 'boom') throw new Error('handler failed');
    });
    transport.deliver({ jsonrpc: '2.0', method: 'boom' });
    transport.deliver({ jsonrpc: '2.0', method: 'progress', params: { progress: 1 } });
    expect(seen).toEqual(['boom', 'progress']);
    expect(errors.map((e) => e.message)).toEqual(['handler failed']);
    const call = connection.request('still-works');
    transport.deliver({ jsonrpc: '2.0', id: 1, result: { ok: true } });
    await expect(call).resolves.toEqual({ ok: true });
  });

  it('answers a request from the peer with -32601 when it has no dispatcher', async () => {
    const { transport } = setup();
    transport.deliver({ jsonrpc: '2.0', id: 'srv-1', method: 'ping' });
    await transport.sentCount(1);
    expect(transport.sent[0]).toEqual({
      jsonrpc: '2.0',
      id: 'srv-1',
      error: { code: -32601, message: 'Method not found: ping' },
    });
  });

  it('answers requests from the peer with its dispatcher, and cancelIncoming aborts one', async () => {
    let seenSignal: AbortSignal | undefined;
    const { transport, connection } = setup({
      dispatcher: {
        async dispatch(request, context) {
          if (request.method === 'ping') return { jsonrpc: '2.0', id: request.id, result: {} };
          seenSignal = context.signal;
          expect(context.peer?.id).toMatch(/^connection-/);
          expect(context.transport.name).toBe('scripted');
          await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
          return { jsonrpc: '2.0', id: request.id, result: { tooLate: true } };
        },
      },
    });
    transport.deliver({ jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: {} });
    transport.deliver({ jsonrpc: '2.0', id: 8, method: 'ping' });
    await transport.sentCount(1);
    expect(transport.sent[0]).toEqual({ jsonrpc: '2.0', id: 8, result: {} });
    expect(connection.cancelIncoming(7, 'server cancelled')).toBe(true);
    expect(seenSignal?.aborted).toBe(true);
    expect(seenSignal?.reason).toBe('server cancelled');
    await settle();
    expect(transport.sent).toHaveLength(1);
    expect(connection.cancelIncoming(7)).toBe(false);
  });
});
