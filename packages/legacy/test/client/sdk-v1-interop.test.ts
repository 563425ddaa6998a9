import { CancelledError, UnsupportedInEraError, type InputContext, type InputHandlers } from '@mcpkit/client';
import type { LoggingMessageNotificationParams } from '@mcpkit/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DualEraClient } from '../../src/index.js';
import type { HttpExchangeInfo } from '@mcpkit/http';
import { node, SERVERS, startHttpServer, text, type HttpServerProcess } from './helpers.js';

/**
 * Interop with a peer no one here wrote: our dual-era client against a 2025-11-25 server built with
 * the official SDK v1 (1.32.2), in its own process, over stdio and over Streamable HTTP.
 */

const contexts: InputContext[] = [];
const handlers: InputHandlers = {
  elicitation: { form: (_params, context) => (contexts.push(context), { action: 'accept', content: { name: 'Ada' } }) },
  sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'test-model' }),
  roots: () => ({ roots: [{ uri: 'file:///home/ada/project', name: 'project' }] }),
};

describe.each(['stdio', 'http'] as const)('the official SDK v1 server over %s', (kind) => {
  let server: HttpServerProcess | undefined;
  const clients: DualEraClient[] = [];
  const exchanges: HttpExchangeInfo[] = [];
  const logs: LoggingMessageNotificationParams[] = [];

  beforeAll(async () => {
    if (kind === 'http') server = await startHttpServer(SERVERS.sdkV1, ['--http']);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function open(): Promise<Extract<DualEraClient, { era: 'legacy' }>> {
    const target = kind === 'stdio' ? node(SERVERS.sdkV1) : (server as HttpServerProcess).endpoint;
    const client = await connect(target, {
      handlers,
      eraCache: false,
      probeTimeoutMs: 600_000, // beyond the test's timeout: the verdict comes from the server's answer, however slow its start
      onLog: (message) => logs.push(message),
      http: { onExchange: (exchange) => exchanges.push(exchange), reconnectDelayMs: 50 },
    });
    clients.push(client);
    if (client.era !== 'legacy') throw new Error(`the probe found ${client.era}: ${client.verdict.reason}`);
    return client;
  }

  it('is found legacy by the probe and handshakes at 2025-11-25', async () => {
    const client = await open();
    expect(client.era).toBe('legacy');
    expect(client.verdict.source).toBe('probe');
    expect(client.protocolVersion).toBe('2025-11-25');
    const info = await client.discover();
    expect(info._meta?.['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'sdk-v1-peer' });
    expect(info.capabilities).toMatchObject({ tools: { listChanged: true }, resources: { subscribe: true } });
  });

  it('lists, calls and reads', async () => {
    const client = await open();
    const names = [];
    for await (const tool of client.iterateTools()) names.push(tool.name);
    expect(names).toContain('ask_name');
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'over the wire' } }))).toBe('over the wire');
    const read = await client.readResource({ uri: 'test://watched' });
    expect(read.contents[0]).toMatchObject({ uri: 'test://watched', text: 'watched content' });
  });

  it('answers a server-initiated elicitation, sampling and roots/list with the input handlers', async () => {
    const client = await open();
    expect(text(await client.callTool({ name: 'ask_name' }))).toBe('Hello, Ada');
    expect(contexts.at(-1)).toMatchObject({ method: 'elicitation/create', round: 0 });
    expect(text(await client.callTool({ name: 'sample' }))).toBe('test-model: Paris');
    expect(text(await client.callTool({ name: 'list_roots' }))).toBe('file:///home/ada/project');
  });

  it('answers a ping from the server and pings it', async () => {
    const client = await open();
    expect(text(await client.callTool({ name: 'ping_client' }))).toBe('the client answered ping');
    await expect(client.ping()).resolves.toBeUndefined();
  });

  it('sets the session log level and receives the messages at or above it', async () => {
    const client = await open();
    logs.length = 0;
    await client.setLoggingLevel('info');
    await client.callTool({ name: 'log' });
    await expect.poll(() => logs.map((message) => message.level)).toEqual(['info', 'warning']);
  });

  it('subscribes to a resource, receives its update, and unsubscribes', async () => {
    const client = await open();
    const stream = client.listen({ resourceSubscriptions: ['test://watched'], toolsListChanged: true });
    expect(await stream.acknowledged).toEqual({ granted: { toolsListChanged: true, resourceSubscriptions: ['test://watched'] }, denied: {} });
    expect((await stream.next()).value?.method).toBe('notifications/subscriptions/acknowledged');
    expect(JSON.parse(text(await client.callTool({ name: 'subscriptions' })))).toEqual(['test://watched']);
    expect(text(await client.callTool({ name: 'touch', arguments: { uri: 'test://watched' } }))).toBe('touched');
    expect((await stream.next()).value).toMatchObject({ method: 'notifications/resources/updated', params: { uri: 'test://watched' } });
    await client.callTool({ name: 'change_tools' });
    expect((await stream.next()).value?.method).toBe('notifications/tools/list_changed');
    stream.close();
    await expect.poll(async () => text(await client.callTool({ name: 'subscriptions' }))).toBe('[]');
  });

  it('cancels a request with notifications/cancelled, and the server stops it', async () => {
    const client = await open();
    const controller = new AbortController();
    const before = Number(text(await client.callTool({ name: 'cancellations' })));
    const started = Number(text(await client.callTool({ name: 'slow_started' })));
    const slow = expect(client.callTool({ name: 'slow' }, { signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
    // Cancel once the server runs it (not after a guessed delay).
    await expect.poll(async () => Number(text(await client.callTool({ name: 'slow_started' })))).toBe(started + 1);
    controller.abort('no longer needed');
    await slow;
    await expect.poll(async () => Number(text(await client.callTool({ name: 'cancellations' })))).toBe(before + 1);
  });

  it('lacks what the legacy era does not have: no step(), and request() of a modern method names the era', async () => {
    const client = await open();
    expect('step' in client).toBe(false);
    await expect(client.request('subscriptions/listen', { notifications: {} })).rejects.toBeInstanceOf(UnsupportedInEraError);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'still usable' } }))).toBe('still usable');
  });

  it.runIf(kind === 'http')('resumes a dropped response stream with Last-Event-ID, and ends the session with DELETE', async () => {
    const client = await open();
    expect(text(await client.callTool({ name: 'drop_stream' }))).toBe('answered after the stream was dropped');
    const resumed = exchanges.find((e) => e.method === 'GET' && e.requestHeaders['last-event-id'] !== undefined);
    expect(resumed?.status).toBe(200);
    const session = resumed?.requestHeaders['mcp-session-id'];
    await client.close();
    expect(exchanges.at(-1)).toMatchObject({ method: 'DELETE', status: 200, requestHeaders: { 'mcp-session-id': session } });
  });
});
