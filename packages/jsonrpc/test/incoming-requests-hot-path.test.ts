import { describe, expect, it } from 'vitest';
import { IncomingRequests, type Dispatcher, type JsonRpcMessage, type JsonRpcRequest, type JsonRpcResponse } from '../src/index.js';

// `IncomingRequests.run` answers with promise callbacks instead of an async function (one fewer frame
// per request): these pin the behaviours the async version had for the shapes a dispatcher may take.

const request = (id: number, method = 'm'): JsonRpcRequest => ({ jsonrpc: '2.0', id, method, params: {} });
const ok = (id: number | string, value: unknown): JsonRpcResponse => ({ jsonrpc: '2.0', id, result: { value } as never });
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function host(dispatcher: Dispatcher, send?: (message: JsonRpcMessage) => Promise<void>) {
  const sent: JsonRpcMessage[] = [];
  const errors: unknown[] = [];
  const requests = new IncomingRequests(dispatcher, {
    send:
      send ??
      (async (message) => {
        sent.push(message);
      }),
    transport: { name: 'test' },
    onError: (error) => errors.push(error),
  });
  return { requests, sent, errors };
}

describe('IncomingRequests: the shapes of a dispatcher', () => {
  it('answers a dispatcher that returns a plain value instead of a promise', async () => {
    const dispatcher = { dispatch: (req: JsonRpcRequest) => ok(req.id, 'plain') } as unknown as Dispatcher;
    const { requests, sent } = host(dispatcher);
    requests.handle(request(1));
    await requests.idle();
    expect(sent).toEqual([ok(1, 'plain')]);
  });

  it('answers a dispatcher that throws synchronously with -32603 and reports it', async () => {
    const dispatcher: Dispatcher = {
      dispatch: () => {
        throw new Error('broken before any await');
      },
    };
    const { requests, sent, errors } = host(dispatcher);
    requests.handle(request(7));
    await requests.idle();
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'Internal error' } }]);
    expect(errors).toHaveLength(1);
  });

  it('keeps a request in flight until its answer was handed off (backpressure), then frees the slot', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const { requests } = host({ dispatch: async (req) => ok(req.id, 'x') }, () => slow);
    requests.handle(request(1));
    await tick();
    expect(requests.size).toBe(1);
    release();
    await requests.idle();
    expect(requests.size).toBe(0);
  });

  it('frees the slot when the send fails, whether it rejects or throws', async () => {
    const rejecting = host({ dispatch: async (req) => ok(req.id, 'x') }, () => Promise.reject(new Error('closed')));
    rejecting.requests.handle(request(1));
    await rejecting.requests.idle();
    const throwing = host({ dispatch: async (req) => ok(req.id, 'x') }, () => {
      throw new Error('closed, synchronously');
    });
    throwing.requests.handle(request(2));
    await throwing.requests.idle();
    expect([rejecting.requests.size, throwing.requests.size]).toEqual([0, 0]);
  });

  it('answers concurrent requests in the order they finish, each with its own id', async () => {
    const gates = new Map<number, () => void>();
    const dispatcher: Dispatcher = {
      dispatch: (req) => {
        if (req.method === 'now') return Promise.resolve(ok(req.id, 'now'));
        return new Promise((resolve) => gates.set(req.id as number, () => resolve(ok(req.id, `later-${req.id}`))));
      },
    };
    const { requests, sent } = host(dispatcher);
    requests.handle(request(1, 'later'));
    requests.handle(request(2, 'later'));
    requests.handle(request(3, 'now'));
    await tick();
    gates.get(2)!();
    await tick();
    gates.get(1)!();
    await requests.idle();
    expect(sent).toEqual([ok(3, 'now'), ok(2, 'later-2'), ok(1, 'later-1')]);
  });

  it('sends nothing for a request cancelled while its dispatcher was still working', async () => {
    let finish!: () => void;
    const { requests, sent } = host({ dispatch: (req) => new Promise((resolve) => (finish = () => resolve(ok(req.id, 'late')))) });
    requests.handle(request(1));
    await tick();
    expect(requests.cancel(1)).toBe(true);
    finish();
    await tick();
    expect(sent).toEqual([]);
    expect(requests.size).toBe(0);
  });
});
