/**
 * Interop with a peer nobody here wrote: the official v1 SDK client (1.32.2) against a dual-era
 * server (examples/everything through `dualEra`) in its own process, over stdio and Streamable HTTP.
 * The modern handlers' `input_required` answers reach the v1 client as real elicitation, sampling
 * and roots requests.
 * spec: 2025-11-25/pages/basic/lifecycle.mdx, basic/utilities/{ping,cancellation}.mdx,
 * client/{elicitation,sampling,roots}.mdx, server/utilities/logging.mdx, server/resources.mdx
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./fixtures/dual-server.mjs', import.meta.url));

type Transport = 'stdio' | 'http';

interface Peer {
  client: Client;
  elicitations: Array<Record<string, unknown>>;
  logs: Array<Record<string, unknown>>;
  updates: string[];
  toolChanges: number;
  /** Set by a test that wants the next elicitation to wait for its cancellation. */
  onElicit?: (signal: AbortSignal) => Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

async function startHttpServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [FIXTURE, 'http'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve((JSON.parse(chunk.toString()) as { url: string }).url));
  });
  return { url, child };
}

async function connect(kind: Transport): Promise<Peer> {
  const client = new Client({ name: 'v1-interop', version: '1.0.0' }, { capabilities: { elicitation: {}, sampling: {}, roots: { listChanged: true } } });
  const peer: Peer = { client, elicitations: [], logs: [], updates: [], toolChanges: 0, close: async () => {} };
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    peer.elicitations.push(request.params as Record<string, unknown>);
    if (peer.onElicit) return peer.onElicit(extra.signal) as never;
    const properties = Object.keys((request.params as { requestedSchema?: { properties?: object } }).requestedSchema?.properties ?? {});
    if (properties.includes('color')) return { action: 'accept', content: { color: 'blue' } };
    if (properties.includes('username')) return { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } };
    return { action: 'accept', content: { name: 'Alice' } };
  });
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
    const first = request.params.messages[0]!.content as { text?: string };
    return { role: 'assistant', model: 'test-model', stopReason: 'endTurn', content: { type: 'text', text: `echo: ${first.text}` } };
  });
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///test/root', name: 'Test Root' }] }));
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void peer.logs.push(n.params as Record<string, unknown>));
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void peer.updates.push(n.params.uri));
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void peer.toolChanges++);

  if (kind === 'stdio') {
    const transport = new StdioClientTransport({ command: process.execPath, args: [FIXTURE, 'stdio'], stderr: 'inherit' });
    await client.connect(transport);
    peer.close = () => client.close();
  } else {
    const { url, child } = await startHttpServer();
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    peer.close = async () => {
      await transport.terminateSession().catch(() => {});
      await client.close();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    };
  }
  return peer;
}

const text = (result: unknown) => (result as { content: Array<{ text?: string }> }).content[0]?.text ?? '';

/** Waits until `check` holds, polling on the event loop; only the test's timeout ends the wait (`what` names it then). */
async function until(check: () => boolean, what: string): Promise<void> {
  onTestFinished(({ task }) => {
    if (task.result?.state === 'fail' && !check()) console.error(`never happened: ${what}`);
  });
  while (!check()) await new Promise((r) => setTimeout(r, 25));
}

describe.each<Transport>(['stdio', 'http'])('official v1 client over %s', (kind) => {
  let peer: Peer;
  // Starting two processes (our server, the official client) is the slow part on a loaded machine.
  beforeAll(async () => {
    peer = await connect(kind);
  }, 600_000);
  afterAll(async () => {
    await peer?.close();
  });

  it('initializes at 2025-11-25 and lists and calls tools in 2025 shape', async () => {
    expect(peer.client.getServerVersion()).toMatchObject({ name: 'mcpkit-everything' });
    expect(peer.client.getServerCapabilities()).toMatchObject({ logging: {}, resources: { subscribe: true } });
    const { tools } = await peer.client.listTools();
    expect(tools.map((t) => t.name)).toContain('test_simple_text');
    const result = await peer.client.callTool({ name: 'test_simple_text' });
    expect(text(result)).toBe('This is a simple text response for testing.');
    expect(result).not.toHaveProperty('resultType');
  });

  it('turns input_required into a real elicitation the client answers', async () => {
    const before = peer.elicitations.length;
    const result = await peer.client.callTool({ name: 'test_elicitation', arguments: { message: 'Please provide your information' } });
    expect(peer.elicitations.length).toBe(before + 1);
    expect(peer.elicitations.at(-1)).toMatchObject({ message: 'Please provide your information' });
    expect(text(result)).toContain('ada@example.com');
  });

  it('runs sampling and roots rounds, several inputs at once, and several rounds with sealed state', async () => {
    expect(text(await peer.client.callTool({ name: 'test_sampling', arguments: { prompt: 'Say hi' } }))).toBe('LLM response: echo: Say hi');
    expect(text(await peer.client.callTool({ name: 'test_input_required_result_list_roots', arguments: {} }))).toBe('Roots: file:///test/root');
    expect(text(await peer.client.callTool({ name: 'test_input_required_result_multiple_inputs', arguments: {} }))).toBe(
      'All inputs received: Alice, 1 root(s)',
    );
    expect(text(await peer.client.callTool({ name: 'test_input_required_result_multi_round', arguments: {} }))).toBe("Alice's favorite color is blue");
    expect(text(await peer.client.getPrompt({ name: 'test_simple_prompt' }).then((r) => ({ content: [r.messages[0]!.content] })))).toContain('simple prompt');
  });

  it('subscribes to a resource and gets notifications/resources/updated', async () => {
    await peer.client.subscribeResource({ uri: 'test://watched-resource' });
    await peer.client.callTool({ name: 'touch_resource', arguments: {} });
    await until(() => peer.updates.includes('test://watched-resource'), 'resources/updated');
    await peer.client.unsubscribeResource({ uri: 'test://watched-resource' });
  });

  it('sends log notifications at the level set with logging/setLevel, and progress', async () => {
    await peer.client.setLoggingLevel('debug');
    const result = await peer.client.callTool({ name: 'test_tool_with_logging', arguments: {} });
    expect(text(result)).not.toBe('');
    expect(peer.logs.map((l) => l.data)).toEqual(['Tool execution started', 'Tool processing data', 'Tool execution completed']);
    const progress: number[] = [];
    await peer.client.callTool({ name: 'test_tool_with_progress', arguments: {} }, undefined, { onprogress: (p) => void progress.push(p.progress) });
    // The v1 client runs notification handlers a microtask after reading them but settles the
    // response at once, so over stdio (one chunk) it may drop the last progress as "unknown token".
    expect(progress.slice(0, 2)).toEqual([0, 50]);
    if (kind === 'http') expect(progress).toEqual([0, 50, 100]);
  });

  it('answers ping, and pings the client', async () => {
    expect(await peer.client.ping()).toEqual({});
    expect(text(await peer.client.callTool({ name: 'ping_client', arguments: {} }))).toBe('pong');
  });

  it('announces tools/list_changed', async () => {
    const before = peer.toolChanges;
    await peer.client.callTool({ name: 'test_trigger_tool_change', arguments: {} });
    await until(() => peer.toolChanges > before, 'tools/list_changed');
  });

  it('cancels a running tool on notifications/cancelled', async () => {
    const controller = new AbortController();
    const call = peer.client.callTool({ name: 'wait_until_cancelled', arguments: {} }, undefined, {
      signal: controller.signal,
      onprogress: () => controller.abort('user gave up'),
    });
    await expect(call).rejects.toThrow();
    let seen = '0';
    for (let i = 0; i < 100 && seen === '0'; i++) seen = text(await peer.client.callTool({ name: 'cancellations', arguments: {} }));
    expect(seen).toBe('1');
  });

  it('cancelling a call cancels the elicitation it is waiting for', async () => {
    const controller = new AbortController();
    let elicitationCancelled!: () => void;
    const sawCancel = new Promise<void>((resolve) => (elicitationCancelled = resolve));
    peer.onElicit = (signal) =>
      new Promise((_, reject) => {
        controller.abort('changed my mind');
        signal.addEventListener('abort', () => {
          elicitationCancelled();
          reject(new Error('cancelled'));
        });
      });
    try {
      const call = peer.client.callTool({ name: 'test_input_required_result_elicitation', arguments: {} }, undefined, { signal: controller.signal });
      await expect(call).rejects.toThrow();
      await sawCancel;
    } finally {
      peer.onElicit = undefined;
    }
    // the session is still usable
    expect(await peer.client.ping()).toEqual({});
  });
});
