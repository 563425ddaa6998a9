import { describe, expect, it } from 'vitest';
import { IncomingRequests, ResponseError, type DispatchContext, type Dispatcher, type JsonRpcMessage, type JsonRpcRequest } from '../src/index.js';

const request = (id: string | number, method: string, params: Record<string, unknown> = {}): JsonRpcRequest => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

/** A dispatcher whose requests finish when the test says so. */
function controllable() {
  const gates = new Map<string | number, { open: () => void; context: DispatchContext }>();
  const dispatcher: Dispatcher = {
    async dispatch(req, context) {
      if (req.method === 'fast') return { jsonrpc: '2.0', id: req.id, result: { fast: true } };
      if (req.method === 'null') return null;
      if (req.method === 'throw') throw new Error('secret path /etc/shadow');
      if (req.method === 'refuse') throw new ResponseError(-32602, 'Unknown tool: x', { tool: 'x' });
      await new Promise<void>((open) => gates.set(req.id, { open, context }));
      return { jsonrpc: '2.0', id: req.id, result: { done: req.method } };
    },
  };
  return { dispatcher, gates };
}

function host(dispatcher: Dispatcher, maxInFlight?: number) {
  const sent: JsonRpcMessage[] = [];
  const events: string[] = [];
  const errors: unknown[] = [];
  const requests = new IncomingRequests(dispatcher, {
    send: async (message) => {
      sent.push(message);
    },
    transport: { name: 'test' },
    maxInFlight,
    onFull: () => events.push('full'),
    onSpace: () => events.push('space'),
    onError: (error) => errors.push(error),
  });
  return { requests, sent, events, errors };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('IncomingRequests', () => {
  it('handles requests concurrently: a slow one does not hold up the next', async () => {
    const { dispatcher, gates } = controllable();
    const { requests, sent } = host(dispatcher);
    requests.handle(request(1, 'slow'));
    requests.handle(request(2, 'fast'));
    await tick();
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 2, result: { fast: true } }]);
    gates.get(1)!.open();
    await tick();
    expect(sent[1]).toEqual({ jsonrpc: '2.0', id: 1, result: { done: 'slow' } });
    expect(requests.size).toBe(0);
  });

  it('aborted tells a cancelled request without creating its signal', async () => {
    const { dispatcher, gates } = controllable();
    const { requests } = host(dispatcher);
    requests.handle(request('a', 'slow'));
    await tick();
    const { context } = gates.get('a')!;
    expect(context.aborted).toBe(false);
    requests.cancel('a', 'user');
    expect(context.aborted).toBe(true);
    expect(context.signal.aborted).toBe(true); // created afterwards, already aborted
  });

  it('cancel aborts the signal and nothing more is sent for that request', async () => {
    // spec: 2026-07-28/pages/basic/transports/stdio.mdx (after cancellation the server MUST NOT send anything more for it)
    const { dispatcher, gates } = controllable();
    const { requests, sent } = host(dispatcher);
    requests.handle(request('a', 'slow'));
    await tick();
    const { context, open } = gates.get('a')!;
    expect(requests.cancel('a', 'user')).toBe(true);
    expect(context.signal.aborted).toBe(true);
    expect(context.signal.reason).toBe('user');
    await context.notify({ jsonrpc: '2.0', method: 'progress' });
    open();
    await tick();
    expect(sent).toEqual([]);
    expect(requests.cancel('a')).toBe(false);
    expect(requests.cancel('unknown')).toBe(false);
  });

  it('streams notifications before the response, and drops them after it', async () => {
    let saved: DispatchContext | undefined;
    const { requests, sent } = host({
      async dispatch(req, context) {
        saved = context;
        const { notify } = context; // works unbound too
        await notify({ jsonrpc: '2.0', method: 'progress', params: { progress: 1 } });
        return { jsonrpc: '2.0', id: req.id, result: {} };
      },
    });
    requests.handle(request(1, 'm'));
    await tick();
    await saved!.notify({ jsonrpc: '2.0', method: 'progress', params: { progress: 2 } });
    expect(sent).toEqual([
      { jsonrpc: '2.0', method: 'progress', params: { progress: 1 } },
      { jsonrpc: '2.0', id: 1, result: {} },
    ]);
  });

  it('maps a thrown error to -32603 without leaking its message, and a ResponseError to its own code', async () => {
    const { dispatcher } = controllable();
    const { requests, sent, errors } = host(dispatcher);
    requests.handle(request(1, 'throw'));
    requests.handle(request(2, 'refuse'));
    await tick();
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Unknown tool: x', data: { tool: 'x' } } },
    ]);
    expect(JSON.stringify(sent)).not.toContain('shadow');
    expect(errors).toHaveLength(2);
  });

  it('sends nothing when the dispatcher returns null', async () => {
    const { dispatcher } = controllable();
    const { requests, sent } = host(dispatcher);
    requests.handle(request(1, 'null'));
    await tick();
    expect(sent).toEqual([]);
    expect(requests.size).toBe(0);
  });

  it('answers a repeated id of a request still in progress with -32600, and still answers the first', async () => {
    // spec: 2026-07-28/pages/basic/index.mdx (an id must not repeat a request still awaiting its response)
    const { dispatcher, gates } = controllable();
    const { requests, sent } = host(dispatcher);
    requests.handle(request(5, 'slow'));
    requests.handle(request(5, 'slow'));
    await tick();
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'Invalid Request: id 5 is already in use' } }]);
    gates.get(5)!.open();
    await tick();
    expect(sent[1]).toEqual({ jsonrpc: '2.0', id: 5, result: { done: 'slow' } });
  });

  it('calls onFull at maxInFlight and onSpace when a slot frees up', async () => {
    const { dispatcher, gates } = controllable();
    const { requests, events } = host(dispatcher, 2);
    requests.handle(request(1, 'slow'));
    requests.handle(request(2, 'slow'));
    await tick();
    expect(events).toEqual(['full']);
    gates.get(1)!.open();
    await tick();
    expect(events).toEqual(['full', 'space']);
  });

  it('idle() waits for the work in progress; abortAll() ends it at once', async () => {
    const { dispatcher, gates } = controllable();
    const { requests, sent } = host(dispatcher);
    await requests.idle();
    requests.handle(request(1, 'slow'));
    requests.handle(request(2, 'slow'));
    let idle = false;
    void requests.idle().then(() => (idle = true));
    await tick();
    gates.get(1)!.open();
    await tick();
    expect(idle).toBe(false);
    requests.abortAll('shutdown');
    await tick();
    expect(idle).toBe(true);
    expect(gates.get(2)!.context.signal.reason).toBe('shutdown');
    gates.get(2)!.open();
    await tick();
    expect(sent).toHaveLength(1);
  });

  it('gives a signal that is already aborted to a dispatcher that looks only after cancellation', async () => {
    const { dispatcher, gates } = controllable();
    const { requests } = host(dispatcher);
    requests.handle(request(1, 'slow'));
    await tick();
    requests.cancel(1, 'late look');
    const { signal } = gates.get(1)!.context;
    expect([signal.aborted, signal.reason]).toEqual([true, 'late look']);
  });
});
