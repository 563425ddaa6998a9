import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CancelledError,
  OutgoingRequests,
  RemoteError,
  TimeoutError,
  TransportClosedError,
  TransportError,
  type JsonRpcMessage,
  type JsonRpcNotification,
} from '../src/index.js';

/** A channel that records what it was given; `fail` makes its sends reject. */
function channel(kind: 'stream' | 'exchange' = 'stream') {
  const sent: JsonRpcMessage[] = [];
  let fail: Error | undefined;
  return {
    sent,
    failWith(error: Error) {
      fail = error;
    },
    kind,
    send(message: JsonRpcMessage): Promise<void> {
      if (fail) return Promise.reject(fail);
      sent.push(message);
      return Promise.resolve();
    },
  };
}

const cancelled = (requestId: unknown, reason: string): JsonRpcNotification => ({ jsonrpc: '2.0', method: 'cancelled', params: { requestId, reason } });

afterEach(() => {
  vi.useRealTimers();
});

// The table a server keeps to ask its client things (a legacy session's server-initiated requests).
describe('OutgoingRequests on their own', () => {
  it('takes ids from nextId, resolves with the result a response carries, and tells whether one was waiting', async () => {
    const out = channel();
    let n = 0;
    const table = new OutgoingRequests(out, { nextId: () => `srv-${++n}` });
    const answer = table.request('roots/list', {});
    expect(out.sent).toEqual([{ jsonrpc: '2.0', id: 'srv-1', method: 'roots/list', params: {} }]);
    expect(table.inFlight).toBe(1);
    expect(table.settle({ jsonrpc: '2.0', id: 'srv-1', result: { roots: [] } })).toBe(true);
    await expect(answer).resolves.toEqual({ roots: [] });
    expect(table.settle({ jsonrpc: '2.0', id: 'srv-1', result: {} })).toBe(false);
    expect(table.inFlight).toBe(0);
  });

  it("rejects with the peer's error as a RemoteError naming the method", async () => {
    const table = new OutgoingRequests(channel());
    const answer = table.request('sampling/createMessage', {});
    table.settle({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'User rejected' } });
    await expect(answer).rejects.toMatchObject({ name: 'RemoteError', code: -1, method: 'sampling/createMessage' });
    await expect(answer).rejects.toBeInstanceOf(RemoteError);
  });

  it('sends a request with `via` on its own channel, and its cancellation there too', async () => {
    const main = channel();
    const side = channel();
    const table = new OutgoingRequests(main, { onCancel: ({ id, error }) => cancelled(id, error.message) });
    const controller = new AbortController();
    const answer = table.request('elicitation/create', { message: 'Name?' }, { signal: controller.signal, via: (m) => side.send(m) });
    expect(main.sent).toEqual([]);
    expect(side.sent).toEqual([{ jsonrpc: '2.0', id: 1, method: 'elicitation/create', params: { message: 'Name?' } }]);
    controller.abort('the request it served was cancelled');
    await expect(answer).rejects.toBeInstanceOf(CancelledError);
    await Promise.resolve();
    expect(side.sent.at(-1)).toMatchObject({ method: 'cancelled', params: { requestId: 1 } });
    expect(main.sent).toEqual([]);
  });

  it('times out an unanswered request, tells the peer, and drops the late answer', async () => {
    vi.useFakeTimers();
    const out = channel();
    const table = new OutgoingRequests(out, { onCancel: ({ id }) => cancelled(id, 'timed out'), maxTotalTimeoutMs: 0 });
    const answer = table.request('ping', undefined, { timeoutMs: 5000 });
    const outcome = answer.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(4999);
    expect(table.inFlight).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ method: 'ping', timeoutMs: 5000, limit: 'idle' });
    expect(out.sent.at(-1)).toMatchObject({ method: 'cancelled', params: { requestId: 1 } });
    expect(table.settle({ jsonrpc: '2.0', id: 1, result: {} })).toBe(false);
  });

  it('fails a request whose send failed with a TransportError, and every later one after failAll', async () => {
    const out = channel();
    const table = new OutgoingRequests(out);
    out.failWith(new Error('stream gone'));
    await expect(table.request('roots/list')).rejects.toBeInstanceOf(TransportError);
    const waiting = channel();
    const other = new OutgoingRequests(waiting);
    const pending = other.request('roots/list');
    const gone = new TransportClosedError('The legacy session ended');
    other.failAll(gone);
    await expect(pending).rejects.toBe(gone);
    await expect(other.request('roots/list')).rejects.toBe(gone);
    expect(waiting.sent).toHaveLength(1);
  });

  it('reports a throwing onCancel to onError and still ends the request', async () => {
    const errors: Error[] = [];
    const table = new OutgoingRequests(channel(), {
      onCancel: () => {
        throw new Error('hook broke');
      },
      onError: (error) => errors.push(error),
    });
    const pending = table.begin('roots/list');
    pending.cancel('no longer needed');
    await expect(pending.result).rejects.toBeInstanceOf(CancelledError);
    expect(errors.map((e) => e.message)).toEqual(['hook broke']);
  });
});
