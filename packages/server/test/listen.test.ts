import { describe, expect, it } from 'vitest';
import { createServer, resource, tool } from '../src/index.js';
import { MemoryEventBus, type EventBus, type ServerEvent } from '../src/events-api.js';
import { failure, meta, quiet, send, TestContext } from './helpers.js';

const handler = () => ({ content: [] });
function makeServer(events?: EventBus) {
  return createServer({
    info: { name: 'listen', version: '1' },
    tools: [tool({ name: 'a', handler })],
    resources: [resource({ uri: 'file:///project/config.json', name: 'config', read: () => ({ contents: [{ text: '{}' }] }) })],
    capabilities: { prompts: { listChanged: false } },
    events,
    ...quiet,
  });
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const ID = 'io.modelcontextprotocol/subscriptionId';

// spec: 2026-07-28/pages/basic/patterns/subscriptions.mdx
describe('subscriptions/listen', () => {
  it('acknowledges the granted subset first, then streams tagged notifications', async () => {
    const server = makeServer();
    const context = new TestContext();
    const pending = send(
      server,
      'subscriptions/listen',
      {
        notifications: { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ['file:///project'] },
      },
      { context, id: 1 },
    );
    await context.waitFor(1);
    expect(context.notifications[0]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      // prompts.listChanged is not advertised, so it is left out of the grant.
      params: { _meta: { [ID]: 1 }, notifications: { toolsListChanged: true, resourceSubscriptions: ['file:///project'] } },
    });
    await server.update((draft) => draft.addTool(tool({ name: 'b', handler })));
    await server.resourceUpdated('file:///project/config.json');
    await server.resourceUpdated('file:///projects-other/x');
    await server.resourcesChanged();
    await server.promptsChanged();
    await context.waitFor(3);
    await tick();
    expect(context.notifications.slice(1)).toEqual([
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [ID]: 1 } } },
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { _meta: { [ID]: 1 }, uri: 'file:///project/config.json' } },
    ]);
    await server.close();
    // Graceful end: a final result tagged with the subscription id.
    expect(await pending).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'listen', version: '1' }, [ID]: 1 } },
    });
  });

  it('keeps the JSON type of the id: 1 and "1" are different subscriptions', async () => {
    const server = makeServer();
    const numeric = new TestContext();
    const text = new TestContext();
    void send(server, 'subscriptions/listen', { notifications: { toolsListChanged: true } }, { context: numeric, id: 1 });
    void send(server, 'subscriptions/listen', { notifications: { toolsListChanged: true } }, { context: text, id: '1' });
    await numeric.waitFor(1);
    await text.waitFor(1);
    await server.toolsChanged();
    await numeric.waitFor(2);
    await text.waitFor(2);
    expect((numeric.notifications[1]!.params as any)._meta[ID]).toBe(1);
    expect((text.notifications[1]!.params as any)._meta[ID]).toBe('1');
    await server.close();
  });

  it('never sends a type the client did not request', async () => {
    const server = makeServer();
    const context = new TestContext();
    void send(server, 'subscriptions/listen', { notifications: { resourcesListChanged: true } }, { context });
    await context.waitFor(1);
    await server.toolsChanged();
    await server.resourceUpdated('file:///project/config.json');
    await server.resourcesChanged();
    await context.waitFor(2);
    await tick();
    expect(context.notifications.map((n) => n.method)).toEqual(['notifications/subscriptions/acknowledged', 'notifications/resources/list_changed']);
    await server.close();
  });

  it('stops at once when the client goes away, and answers nothing', async () => {
    const server = makeServer();
    const context = new TestContext();
    const pending = send(server, 'subscriptions/listen', { notifications: { toolsListChanged: true } }, { context });
    await context.waitFor(1);
    context.controller.abort();
    expect(await pending).toBeNull();
    await server.toolsChanged();
    await tick();
    expect(context.notifications).toHaveLength(1);
  });

  // spec: 2026-07-28/pages/basic/patterns/cancellation.mdx (server MUST send notifications/cancelled for a torn-down listen); DIGEST §24.1
  it('on a multiplexed transport (stdio, a WebSocket), says notifications/cancelled for the listen id before the final result', async () => {
    const server = makeServer();
    const context = new TestContext({ transport: 'ws', multiplexed: true });
    const pending = send(server, 'subscriptions/listen', { notifications: { toolsListChanged: true } }, { context, id: 'L' });
    await context.waitFor(1);
    await server.close();
    const response = await pending;
    expect(context.notifications.at(-1)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { _meta: { [ID]: 'L' }, requestId: 'L', reason: 'The server closed the subscription' },
    });
    expect(response).toMatchObject({ id: 'L', result: { resultType: 'complete' } });
  });

  it('decides by what the transport declares, not by its name: a transport named stdio that is not multiplexed gets no notifications/cancelled', async () => {
    const server = makeServer();
    const context = new TestContext({ transport: 'stdio' });
    const pending = send(server, 'subscriptions/listen', { notifications: { toolsListChanged: true } }, { context, id: 'L' });
    await context.waitFor(1);
    await server.close();
    expect(await pending).toMatchObject({ id: 'L', result: { resultType: 'complete' } });
    expect(context.notifications.map((n) => n.method)).not.toContain('notifications/cancelled');
  });

  it('coalesces events that pile up on a slow stream', async () => {
    const server = makeServer();
    let unblock!: () => void;
    const gate = new Promise<void>((r) => (unblock = r));
    const sent: string[] = [];
    const context = new TestContext();
    const slow = {
      ...context,
      signal: context.signal,
      transport: context.transport,
      notify: async (n: any) => {
        sent.push(n.method);
        if (sent.length === 2) await gate;
      },
    };
    void server.dispatch({ jsonrpc: '2.0', id: 9, method: 'subscriptions/listen', params: { _meta: meta(), notifications: { toolsListChanged: true } } }, slow);
    await tick();
    for (let i = 0; i < 50; i++) await server.toolsChanged();
    unblock();
    await tick();
    await tick();
    expect(sent.filter((m) => m === 'notifications/tools/list_changed').length).toBeLessThanOrEqual(2);
    await server.close();
  });

  it('works over an asynchronous bus shared by replicas (each replica hears the other)', async () => {
    // A bus that delivers later, as Redis pub/sub does.
    class AsyncBus implements EventBus {
      private readonly inner = new MemoryEventBus();
      async publish(event: ServerEvent) {
        await new Promise((r) => setTimeout(r, 1));
        await this.inner.publish(event);
      }
      async subscribe(listener: (event: ServerEvent) => void) {
        await new Promise((r) => setTimeout(r, 1));
        return this.inner.subscribe(listener);
      }
    }
    const bus = new AsyncBus();
    const replicaA = makeServer(bus);
    const replicaB = makeServer(bus);
    const context = new TestContext();
    void send(replicaA, 'subscriptions/listen', { notifications: { resourceSubscriptions: ['file:///project/config.json'] } }, { context });
    await context.waitFor(1);
    await replicaB.resourceUpdated('file:///project/config.json');
    await context.waitFor(2);
    expect(context.notifications[1]).toMatchObject({ method: 'notifications/resources/updated', params: { uri: 'file:///project/config.json' } });
    await replicaA.close();
  });

  it('is not offered by a server with nothing to announce', async () => {
    const server = createServer({
      info: { name: 'n', version: '1' },
      tools: [tool({ name: 'a', handler })],
      capabilities: { tools: { listChanged: false } },
      ...quiet,
    });
    expect((await failure(server, 'subscriptions/listen', { notifications: { toolsListChanged: true } })).code).toBe(-32601);
  });

  it('refuses a listen without its filter with -32602', async () => {
    expect((await failure(makeServer(), 'subscriptions/listen', {})).code).toBe(-32602);
  });
});

/** A bus shared over a network that can go down: subscriptions can be lost, or refused. */
class FlakyBus implements EventBus {
  private readonly inner = new MemoryEventBus();
  private readonly lostListeners = new Set<(error: Error) => void>();
  reachable = true;
  subscriptions = 0;

  async publish(event: ServerEvent) {
    if (!this.reachable) throw new Error('bus unreachable');
    await this.inner.publish(event);
  }

  async subscribe(listener: (event: ServerEvent) => void, onLost?: (error: Error) => void) {
    if (!this.reachable) throw new Error('bus unreachable');
    this.subscriptions++;
    const stop = await this.inner.subscribe(listener);
    if (onLost) this.lostListeners.add(onLost);
    return () => {
      if (onLost) this.lostListeners.delete(onLost);
      return stop();
    };
  }

  /** The connection drops: every subscriber that asked is told, once. */
  lose() {
    this.reachable = false;
    const listeners = [...this.lostListeners];
    this.lostListeners.clear();
    for (const onLost of listeners) onLost(new Error('connection lost'));
  }
}

describe('subscriptions/listen over a bus that fails', () => {
  it('ends every open stream with an error saying to listen again when the bus is lost', async () => {
    const bus = new FlakyBus();
    const errors: unknown[] = [];
    const server = createServer({ ...makeServerOptions(), events: bus, onError: (e) => errors.push(e) });
    const first = new TestContext();
    const second = new TestContext();
    const a = send(server, 'subscriptions/listen', { notifications: { toolsListChanged: true } }, { context: first, id: 'a' });
    const b = send(server, 'subscriptions/listen', { notifications: { toolsListChanged: true } }, { context: second, id: 'b' });
    await Promise.all([first.waitFor(1), second.waitFor(1)]);
    bus.lose();
    const [endA, endB] = await Promise.all([a, b]);
    for (const [end, id] of [
      [endA, 'a'],
      [endB, 'b'],
    ] as const) {
      expect(end).toMatchObject({ id, error: { code: -32603, message: expect.stringContaining('listen again') } });
    }
    // A listen while the bus is down is refused at once with a clear error, and no acknowledgment.
    const refused = new TestContext();
    const down = await send(server, 'subscriptions/listen', { notifications: { toolsListChanged: true } }, { context: refused });
    expect(down).toMatchObject({ error: { code: -32603, message: expect.stringContaining('cannot reach its event bus') } });
    expect(refused.notifications).toEqual([]);
    expect(errors).toEqual([new Error('bus unreachable')]);
    // Back up: the next listen subscribes afresh and hears changes again.
    bus.reachable = true;
    const again = new TestContext();
    const c = send(server, 'subscriptions/listen', { notifications: { toolsListChanged: true } }, { context: again, id: 'c' });
    await again.waitFor(1);
    await server.toolsChanged();
    await again.waitFor(2);
    expect(again.notifications[1]).toMatchObject({ method: 'notifications/tools/list_changed', params: { _meta: { [ID]: 'c' } } });
    expect(bus.subscriptions).toBe(2);
    await server.close();
    expect(await c).toMatchObject({ id: 'c', result: { resultType: 'complete' } });
  });

  it('keeps serving other requests while the bus is down', async () => {
    const bus = new FlakyBus();
    bus.reachable = false;
    const server = createServer({ ...makeServerOptions(), events: bus, onError: () => undefined });
    expect(await send(server, 'tools/call', { name: 'a' })).toMatchObject({ result: { resultType: 'complete' } });
    expect(await send(server, 'tools/list')).toMatchObject({ result: { tools: [{ name: 'a' }] } });
  });
});

function makeServerOptions() {
  return {
    info: { name: 'listen', version: '1' },
    tools: [tool({ name: 'a', handler })],
    ...quiet,
  };
}
