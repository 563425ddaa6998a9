import { afterEach, describe, expect, it } from 'vitest';
import { RemoteError, TransportError, type ListenNotification, type ModernClient } from '../src/index.js';
import { cacheable, connect } from './helpers/fake-server.js';
import { ListenServer } from './helpers/listen-server.js';

// spec: 2026-07-28/pages/basic/patterns/subscriptions.mdx

const SID = 'io.modelcontextprotocol/subscriptionId';
let client: ModernClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function take(stream: AsyncIterator<ListenNotification>, n: number): Promise<ListenNotification[]> {
  const out: ListenNotification[] = [];
  while (out.length < n) {
    const next = await stream.next();
    if (next.done) break;
    out.push(next.value);
  }
  return out;
}

describe('listen', () => {
  it('delivers the acknowledgement, then the notifications, each tagged with the listen id', async () => {
    const server = new ListenServer();
    ({ client } = connect(server));
    const stream = client.listen({ toolsListChanged: true, resourceSubscriptions: ['file:///p/config.json'] });
    const open = await server.stream(0);
    await open.notify('notifications/tools/list_changed');
    await open.notify('notifications/resources/updated', { uri: 'file:///p/config.json' });
    const got = await take(stream, 3);
    expect(got.map((n) => n.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
      'notifications/resources/updated',
    ]);
    expect(got.every((n) => n.params?._meta?.[SID] === open.id)).toBe(true);
    await expect(stream.acknowledged).resolves.toEqual({
      granted: { toolsListChanged: true, resourceSubscriptions: ['file:///p/config.json'] },
      denied: {},
    });
  });

  // "The client SHOULD check the acknowledged filter against what it requested"
  it('compares the acknowledgement with the request and delivers only what was granted', async () => {
    const server = new ListenServer(() => ({ toolsListChanged: true, promptsListChanged: true }));
    let warnings: string[];
    ({ client, warnings } = connect(server));
    const stream = client.listen({ toolsListChanged: true, resourcesListChanged: true });
    await expect(stream.acknowledged).resolves.toEqual({ granted: { toolsListChanged: true }, denied: { resourcesListChanged: true } });
    const open = await server.stream(0);
    await open.notify('notifications/resources/list_changed');
    await open.notify('notifications/prompts/list_changed');
    await open.notify('notifications/tools/list_changed');
    const got = await take(stream, 2);
    expect(got.map((n) => n.method)).toEqual(['notifications/subscriptions/acknowledged', 'notifications/tools/list_changed']);
    expect(warnings).toEqual([
      'The server acknowledged what the listen did not ask for (promptsListChanged); ignored',
      'Ignored notifications/resources/list_changed: the listen was not granted it',
      'Ignored notifications/prompts/list_changed: the listen was not granted it',
    ]);
  });

  it('ignores notifications sent before the acknowledgement', async () => {
    const server = new ListenServer(() => undefined);
    let warnings: string[];
    ({ client, warnings } = connect(server));
    const stream = client.listen({ toolsListChanged: true });
    const open = await server.stream(0);
    await open.notify('notifications/tools/list_changed');
    await open.notify('notifications/subscriptions/acknowledged', { notifications: { toolsListChanged: true } });
    await open.notify('notifications/tools/list_changed');
    expect((await take(stream, 2)).map((n) => n.method)).toEqual(['notifications/subscriptions/acknowledged', 'notifications/tools/list_changed']);
    expect(warnings).toEqual(['Ignored notifications/tools/list_changed that arrived before the listen was acknowledged']);
  });

  it('accepts updates of sub-resources of a subscribed URI', async () => {
    const server = new ListenServer();
    ({ client } = connect(server));
    const stream = client.listen({ resourceSubscriptions: ['file:///dir'] });
    const open = await server.stream(0);
    await open.notify('notifications/resources/updated', { uri: 'file:///directory' });
    await open.notify('notifications/resources/updated', { uri: 'file:///dir/a.txt' });
    const got = await take(stream, 2);
    expect(got[1]?.params).toMatchObject({ uri: 'file:///dir/a.txt' });
  });

  // "Multiple Concurrent Subscriptions": clients demultiplex by subscriptionId
  it('keeps concurrent subscriptions on one channel apart', async () => {
    const server = new ListenServer();
    ({ client } = connect(server));
    const tools = client.listen({ toolsListChanged: true });
    const prompts = client.listen({ promptsListChanged: true });
    const [a, b] = [await server.stream(0), await server.stream(1)];
    await b.notify('notifications/prompts/list_changed');
    await a.notify('notifications/tools/list_changed');
    expect((await take(tools, 2)).map((n) => n.method)).toEqual(['notifications/subscriptions/acknowledged', 'notifications/tools/list_changed']);
    expect((await take(prompts, 2)).map((n) => n.method)).toEqual(['notifications/subscriptions/acknowledged', 'notifications/prompts/list_changed']);
  });

  // "Graceful Closure": the final listen result ends the stream cleanly
  it('ends cleanly when the server sends the final listen result', async () => {
    const server = new ListenServer();
    ({ client } = connect(server));
    const stream = client.listen({ toolsListChanged: true });
    const open = await server.stream(0);
    await open.notify('notifications/tools/list_changed');
    open.end();
    const all: string[] = [];
    for await (const n of stream) all.push(n.method);
    expect(all).toEqual(['notifications/subscriptions/acknowledged', 'notifications/tools/list_changed']);
  });

  // spec: 2026-07-28/pages/basic/patterns/cancellation.mdx (a server ends a listen stream with notifications/cancelled)
  it('ends cleanly when the server cancels the stream on stdio, without cancelling back', async () => {
    const server = new ListenServer();
    let transport;
    ({ client, transport } = connect(server, { kind: 'stream' }));
    const stream = client.listen({ toolsListChanged: true });
    const open = await server.stream(0);
    await open.context.notify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: open.id, reason: 'shutdown' } });
    expect((await take(stream, 5)).map((n) => n.method)).toEqual(['notifications/subscriptions/acknowledged']);
    expect(transport.sent.filter((m) => 'method' in m && m.method === 'notifications/cancelled')).toEqual([]);
  });

  // "Cancellation": stdio sends notifications/cancelled for the listen id; HTTP closes the stream
  it.each(['stream', 'exchange'] as const)('close() ends the subscription on the server (%s)', async (kind) => {
    const server = new ListenServer();
    let transport;
    ({ client, transport } = connect(server, { kind }));
    const stream = client.listen({ toolsListChanged: true });
    const open = await server.stream(0);
    await stream.acknowledged;
    stream.close();
    expect(await stream.next()).toEqual({ value: undefined, done: true });
    expect(transport.cancelled).toEqual([open.id]);
    expect(open.context.signal.aborted).toBe(true);
    const sentCancel = transport.sent.some((m) => 'method' in m && m.method === 'notifications/cancelled');
    expect(sentCancel).toBe(kind === 'stream');
  });

  it('stops when the caller breaks out of the loop', async () => {
    const server = new ListenServer();
    let transport;
    ({ client, transport } = connect(server));
    for await (const n of client.listen({ toolsListChanged: true })) if (n.method.endsWith('acknowledged')) break;
    expect(transport.cancelled).toEqual([(await server.stream(0)).id]);
  });

  it('fails the iteration on an unexpected drop when not asked to reconnect', async () => {
    const server = new ListenServer();
    let transport;
    ({ client, transport } = connect(server, { kind: 'exchange' }));
    const stream = client.listen({ toolsListChanged: true });
    const open = await server.stream(0);
    await take(stream, 1);
    transport.drop(open.id);
    await expect(stream.next()).rejects.toBeInstanceOf(TransportError);
  });

  it('listens again with a new request after an unexpected drop when asked to, and drops what it may have missed', async () => {
    const server = new ListenServer();
    server.on('tools/list', () => cacheable({ tools: [] }, 60_000));
    let transport;
    ({ client, transport } = connect(server, { kind: 'exchange' }));
    const attempts: number[] = [];
    const stream = client.listen({ toolsListChanged: true }, { reconnect: { initialDelayMs: 1, onReconnect: (n) => attempts.push(n) } });
    const first = await server.stream(0);
    await take(stream, 1);
    await client.listTools();
    transport.drop(first.id);
    const second = await server.stream(1);
    expect(second.id).not.toBe(first.id);
    await second.notify('notifications/tools/list_changed');
    expect((await take(stream, 2)).map((n) => n.method)).toEqual(['notifications/subscriptions/acknowledged', 'notifications/tools/list_changed']);
    expect(attempts).toEqual([1]);
    expect(server.received('subscriptions/listen')).toHaveLength(2);
    await client.listTools();
    expect(server.received('tools/list')).toHaveLength(2);
  });

  it('listens again when the server ends an acknowledged stream with an internal error (it lost its event bus)', async () => {
    const server = new ListenServer();
    ({ client } = connect(server, { kind: 'exchange' }));
    const stream = client.listen({ toolsListChanged: true }, { reconnect: { initialDelayMs: 1 } });
    const first = await server.stream(0);
    await take(stream, 1);
    first.fail(-32603, 'Change notifications may have been missed: listen again');
    const second = await server.stream(1);
    await second.notify('notifications/tools/list_changed');
    expect((await take(stream, 2)).map((n) => n.method)).toEqual(['notifications/subscriptions/acknowledged', 'notifications/tools/list_changed']);
    expect(server.received('subscriptions/listen')).toHaveLength(2);
  });

  it('does not reconnect when the server refuses the listen', async () => {
    const server = new ListenServer();
    server.on('subscriptions/listen', () => Promise.reject(new Error('boom')));
    ({ client } = connect(server));
    const stream = client.listen({ toolsListChanged: true }, { reconnect: true });
    await expect(stream.next()).rejects.toBeInstanceOf(RemoteError);
    await expect(stream.acknowledged).rejects.toMatchObject({ code: -32603 });
    expect(server.received('subscriptions/listen')).toHaveLength(1);
  });

  it('ends every stream cleanly when the client closes', async () => {
    const server = new ListenServer();
    ({ client } = connect(server));
    const stream = client.listen({ toolsListChanged: true });
    await server.stream(0);
    await take(stream, 1);
    const pending = stream.next();
    await client.close();
    await expect(pending).resolves.toEqual({ value: undefined, done: true });
  });

  it('closes at once when given an aborted signal', async () => {
    const server = new ListenServer();
    ({ client } = connect(server));
    const stream = client.listen({ toolsListChanged: true }, { signal: AbortSignal.abort() });
    expect(await stream.next()).toEqual({ value: undefined, done: true });
    expect(server.received('subscriptions/listen')).toHaveLength(0);
  });
});

// spec: 2026-07-28/pages/server/utilities/caching.mdx ("Interaction with Notifications": invalidates at once)
describe('cache invalidation by listen notifications', () => {
  it('drops cached lists on list_changed and reads on resources/updated, at once', async () => {
    let n = 0;
    const server = new ListenServer();
    server.on('tools/list', () => cacheable({ tools: [{ name: `v${++n}`, inputSchema: { type: 'object' } }] }, 60_000));
    server.on('prompts/list', () => cacheable({ prompts: [{ name: `v${++n}` }] }, 60_000));
    server.on('resources/read', (params) => cacheable({ contents: [{ uri: params.uri, text: `v${++n}` }] }, 60_000));
    ({ client } = connect(server));
    await client.listTools();
    await client.listPrompts();
    await client.readResource({ uri: 'file:///dir/a' });
    await client.readResource({ uri: 'file:///dir' });
    await client.readResource({ uri: 'file:///other' });
    const stream = client.listen({ toolsListChanged: true, resourceSubscriptions: ['file:///dir'] });
    const open = await server.stream(0);
    await open.notify('notifications/tools/list_changed');
    await open.notify('notifications/resources/updated', { uri: 'file:///dir/a' });
    await take(stream, 3);
    await client.listTools();
    await client.listPrompts();
    await client.readResource({ uri: 'file:///dir/a' });
    await client.readResource({ uri: 'file:///dir' });
    await client.readResource({ uri: 'file:///other' });
    expect(server.received('tools/list')).toHaveLength(2);
    expect(server.received('prompts/list')).toHaveLength(1);
    expect(server.received('resources/read').map((r) => r.params.uri)).toEqual([
      'file:///dir/a',
      'file:///dir',
      'file:///other',
      'file:///dir/a',
      'file:///dir',
    ]);
  });

  it('forgets tools’ output schemas when the tool list changes', async () => {
    const server = new ListenServer();
    server.on('tools/list', () => cacheable({ tools: [{ name: 'w', inputSchema: { type: 'object' }, outputSchema: { type: 'string' } }] }));
    server.on('tools/call', () => ({ resultType: 'complete', content: [], structuredContent: 42 }));
    ({ client } = connect(server));
    await client.listTools();
    await expect(client.callTool({ name: 'w' })).rejects.toThrow(/must be string/);
    const stream = client.listen({ toolsListChanged: true });
    await (await server.stream(0)).notify('notifications/tools/list_changed');
    await take(stream, 2);
    await expect(client.callTool({ name: 'w' })).resolves.toMatchObject({ structuredContent: 42 });
  });
});
