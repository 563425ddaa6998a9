import type { MessageTransport } from '@mcpkit/jsonrpc';
import type { ElicitResult } from '@mcpkit/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModernClient, type InputHandlers, type ListenNotification, type ModernClientOptions, type WireEvent } from '../../src/index.js';
import { httpTransport, SERVERS, startHttpServer, stdioTransport, type HttpServerProcess } from './processes.js';

/**
 * The client against examples/everything in a separate process, over both transports: every
 * method, MRTR rounds of each kind, -32022, listen, progress, logging, cache hits and invalidation.
 */

/** Accepts a form with these values. */
const accept = (content: Record<string, string>): ElicitResult => ({ action: 'accept', content });

const handlers: InputHandlers = {
  elicitation: { form: (params) => accept(params.message.includes('color') ? { color: 'teal' } : { name: 'Ada' }) },
  sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'e2e-model' }),
  roots: () => ({ roots: [{ uri: 'file:///home/ada/project', name: 'project' }] }),
};

type Kind = 'stdio' | 'http';

describe.each(['stdio', 'http'] as const)('examples/everything over %s', (kind: Kind) => {
  let http: HttpServerProcess | undefined;
  const clients: ModernClient[] = [];

  beforeAll(async () => {
    if (kind === 'http') http = await startHttpServer(SERVERS.everythingHttp);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await http?.stop();
  });

  /** A client with a fresh transport; over stdio each one spawns its own server process. */
  function connect(options: ModernClientOptions = {}): { client: ModernClient; wire: WireEvent[] } {
    const transport: MessageTransport = kind === 'stdio' ? stdioTransport(SERVERS.everythingStdio) : httpTransport(http!.endpoint);
    const wire: WireEvent[] = [];
    const client = new ModernClient(transport, { handlers, trace: (e) => wire.push(e), onWarning: () => undefined, ...options });
    clients.push(client);
    return { client, wire };
  }
  const sent = (wire: WireEvent[], method: string) => wire.filter((e) => e.direction === 'send' && 'method' in e.message && e.message.method === method);

  it('discovers the server', async () => {
    const { client } = connect();
    const info = await client.discover();
    expect(info.supportedVersions).toContain('2026-07-28');
    expect(info._meta?.['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'mcpkit-everything' });
    expect(info.capabilities).toMatchObject({ tools: {}, prompts: {}, resources: {} });
  });

  it('calls every method', async () => {
    const { client } = connect();
    const tools: string[] = [];
    for await (const tool of client.iterateTools()) tools.push(tool.name);
    expect(tools).toEqual(expect.arrayContaining(['echo', 'add', 'execute_sql', 'test_input_required_result_multi_round']));
    await expect(client.callTool({ name: 'echo', arguments: { text: 'héllo' } })).resolves.toMatchObject({ content: [{ type: 'text', text: 'héllo' }] });
    await expect(client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).resolves.toMatchObject({ structuredContent: { sum: 5 } });
    const prompts = await client.listPrompts();
    expect(prompts.prompts.map((p) => p.name)).toContain('test_prompt_with_arguments');
    const prompt = await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'a', arg2: 'b' } });
    expect(prompt.messages.length).toBeGreaterThan(0);
    const resources = await client.listResources();
    expect(resources.resources.map((r) => r.uri)).toContain('test://static-text');
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates.map((t) => t.uriTemplate)).toContain('test://template/{id}/data');
    const read = await client.readResource({ uri: 'test://template/123/data' });
    expect(read.contents[0]).toMatchObject({ uri: 'test://template/123/data' });
    const completion = await client.complete({ ref: { type: 'ref/resource', uri: 'test://template/{id}/data' }, argument: { name: 'id', value: '12' } });
    expect(completion.completion.values).toEqual(['123', '124']);
    await expect(client.callTool({ name: 'no_such_tool' })).rejects.toMatchObject({ name: 'RemoteError', code: -32602 });
  });

  it('answers a two-round elicitation (MRTR) with the handlers', async () => {
    const asked: string[] = [];
    const { client, wire } = connect({
      handlers: {
        elicitation: {
          form: (params, context) => {
            asked.push(`${context.round}:${context.key}`);
            return accept(params.message.includes('color') ? { color: 'teal' } : { name: 'Ada' });
          },
        },
      },
    });
    const result = await client.callTool({ name: 'test_input_required_result_multi_round' });
    expect(result.content).toEqual([{ type: 'text', text: "Ada's favorite color is teal" }]);
    expect(asked).toEqual(['1:step1', '2:step2']);
    const rounds = sent(wire, 'tools/call').map((e) => e.message as { id: number; params: Record<string, unknown> });
    expect(rounds).toHaveLength(3);
    expect(new Set(rounds.map((r) => r.id)).size).toBe(3);
    expect(rounds[1]?.params.requestState).toEqual(expect.any(String));
  });

  it('answers a sampling round and a roots round', async () => {
    const { client } = connect();
    await expect(client.callTool({ name: 'test_input_required_result_sampling' })).resolves.toMatchObject({
      content: [{ type: 'text', text: 'The model answered: Paris' }],
    });
    await expect(client.callTool({ name: 'test_input_required_result_list_roots' })).resolves.toMatchObject({
      content: [{ type: 'text', text: 'Roots: file:///home/ada/project' }],
    });
  });

  it('walks the rounds step by step', async () => {
    const { client } = connect();
    let step = await client.step('tools/call', { name: 'test_input_required_result_multi_round' });
    const keys: string[] = [];
    while (step.kind === 'input_required') {
      keys.push(...Object.keys(step.inputRequests));
      step = await step.respond({
        [Object.keys(step.inputRequests)[0]!]: { action: 'accept', content: keys.length === 1 ? { name: 'Lin' } : { color: 'red' } },
      });
    }
    expect(keys).toEqual(['step1', 'step2']);
    expect(step.result.content).toEqual([{ type: 'text', text: "Lin's favorite color is red" }]);
  });

  it('retries with a common version after -32022', async () => {
    const { client, wire } = connect({ protocolVersions: ['2099-01-01', '2026-07-28'] });
    await expect(client.callTool({ name: 'echo', arguments: { text: 'x' } })).resolves.toMatchObject({ content: [{ text: 'x' }] });
    expect(client.protocolVersion).toBe('2026-07-28');
    const versions = sent(wire, 'tools/call').map(
      (e) => (e.message as unknown as { params: { _meta: Record<string, unknown> } }).params._meta['io.modelcontextprotocol/protocolVersion'],
    );
    expect(versions).toEqual(['2099-01-01', '2026-07-28']);
    const errors = wire.filter((e) => e.direction === 'receive' && 'error' in e.message);
    expect(errors.map((e) => (e.message as { error: { code: number } }).error.code)).toEqual([-32022]);
  });

  it('reports progress and opted-in log messages', async () => {
    const logs: string[] = [];
    const { client } = connect({ onLog: (m) => logs.push(String(m.data)) });
    const progress: number[] = [];
    await client.callTool({ name: 'test_tool_with_progress' }, { onProgress: (p) => progress.push(p.progress) });
    expect(progress).toEqual([0, 50, 100]);
    await client.callTool({ name: 'test_tool_with_logging' });
    expect(logs).toEqual([]);
    await client.callTool({ name: 'test_tool_with_logging' }, { logLevel: 'info' });
    expect(logs).toEqual(['Tool execution started', 'Tool processing data', 'Tool execution completed']);
  });

  it('serves cache hits and drops them when a listen stream says the list changed', async () => {
    const { client, wire } = connect();
    await client.discover();
    await client.discover();
    expect(sent(wire, 'server/discover')).toHaveLength(1);
    await client.readResource({ uri: 'test://static-text' });
    await client.readResource({ uri: 'test://static-text' });
    expect(sent(wire, 'resources/read')).toHaveLength(1);

    const before = (await client.listTools()).tools.map((t) => t.name);
    await client.listTools();
    expect(sent(wire, 'tools/list')).toHaveLength(1);
    const stream = client.listen({ toolsListChanged: true, resourceSubscriptions: ['test://watched-resource'] });
    await expect(stream.acknowledged).resolves.toEqual({ granted: { toolsListChanged: true, resourceSubscriptions: ['test://watched-resource'] }, denied: {} });
    const received: ListenNotification[] = [];
    const consumed = (async () => {
      for await (const notification of stream) {
        received.push(notification);
        if (notification.method === 'notifications/resources/updated') break;
      }
    })();
    await client.callTool({ name: 'test_trigger_tool_change' });
    await client.callTool({ name: 'touch_resource' });
    await consumed;
    expect(received.map((n) => n.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
      'notifications/resources/updated',
    ]);
    expect(received[2]?.params).toMatchObject({ uri: 'test://watched-resource' });
    const after = (await client.listTools()).tools.map((t) => t.name);
    expect(sent(wire, 'tools/list')).toHaveLength(2);
    expect(new Set(after).size - new Set(before).size).toBe(after.includes('dynamic_tool') ? 1 : -1);
    await client.callTool({ name: 'test_trigger_tool_change' });
  });

  it('mirrors x-mcp-header arguments of listed tools', async () => {
    const { client, wire } = connect();
    const sql = { name: 'execute_sql', arguments: { query: 'select 1', region: 'eu-west-1', dryRun: true } };
    const direct = await client.callTool(sql);
    await client.listTools();
    await expect(client.callTool(sql)).resolves.toEqual(direct);
    const headers = sent(wire, 'tools/call').map((e) => e.headers);
    if (kind === 'http') {
      // The first call knew no schema: the server refused it (-32020), the client listed the tools and retried.
      const mirrored = { 'Mcp-Param-Region': 'eu-west-1', 'Mcp-Param-Dry-Run': 'true' };
      expect(headers).toEqual([undefined, mirrored, mirrored]);
      expect(sent(wire, 'tools/list').length).toBeGreaterThanOrEqual(1);
    } else {
      expect(headers).toEqual([undefined, undefined]);
    }
  });
});
