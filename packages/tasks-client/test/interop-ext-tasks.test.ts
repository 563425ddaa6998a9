// The official tasks client (@modelcontextprotocol/ext-tasks 0.2.2 on @modelcontextprotocol/client
// 2.4.0, dev dependencies of this test only) against our dual-era server (examples/everything with
// @mcpkit/tasks/server and @mcpkit/legacy/tasks) in another process, over Streamable HTTP, in both
// eras: the official Client's default 2025-11-25 session (core tasks), and 2026-07-28 (the tasks
// extension) through the raw request path ext-tasks asks its host for.
// spec: 2025-11-25/pages/basic/utilities/tasks.mdx
// spec: extensions/tasks/tasks.md
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTaskSessionFromClient, resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING_HTTP, startHttpServer, type HttpServerProcess } from './helpers.js';

let http: HttpServerProcess;
beforeAll(async () => {
  http = await startHttpServer(EVERYTHING_HTTP, ['--dual']);
});
afterAll(() => http?.stop());

describe('the official ext-tasks client against our server at 2025-11-25 (core tasks)', () => {
  it('drives one task to completion and cancels another', async () => {
    const client = new Client({ name: 'ext-tasks-interop', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.endpoint)));
    const session = createTaskSessionFromClient(client, { endpointId: 'mcpkit-everything' });
    try {
      const done = await session.callTool('slow_compute', { seconds: 0.05, label: 'official' }, { task: { preference: 'require' } });
      expect(done.kind).toBe('task');
      const { outcome } = await done.settle();
      expect(outcome.status).toBe('completed');
      expect((resultFromTaskOutcome(outcome) as { content: unknown }).content).toEqual([{ type: 'text', text: 'Computed official after 0.05 s' }]);

      const long = await session.callTool('slow_compute', { seconds: 600 }, { task: { preference: 'require' } });
      expect(long.kind).toBe('task');
      await long.cancel();
      expect((await long.settle()).outcome.status).toBe('cancelled');
      // What the server lists (tasks/list), outside the execution's own bookkeeping.
      const listed = await session.listTasks();
      const status = Object.fromEntries(listed.tasks.map((task) => [task.taskId, task.status]));
      expect(status).toEqual({ [done.handle!.taskId]: 'completed', [long.handle!.taskId]: 'cancelled' });
    } finally {
      await session.close();
      await client.close();
    }
  });
});

/**
 * The raw request path ext-tasks asks of its host for 2026-07-28 (the SDK Client's codecs do not
 * carry task results): one POST per message, headers as basic/transports.mdx requires.
 * spec: 2026-07-28/pages/basic/transports.mdx
 */
function rawDispatch(endpoint: string) {
  let nextId = 0;
  return async (message: unknown) => {
    // ext-tasks hands over the method and params; the host numbers the request.
    const request = { jsonrpc: '2.0', id: `raw-${++nextId}`, ...(message as { method: string; params?: Record<string, unknown> }) };
    const { method, params } = request as { method: string; params?: Record<string, unknown> };
    const name = method === 'tools/call' ? params?.name : params?.taskId;
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      },
      body: JSON.stringify(request),
    });
    const text = await response.text();
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return JSON.parse(text);
    // The response is the last `data:` event of the stream (notifications may come before it).
    const events = text.split('\n').filter((line) => line.startsWith('data:'));
    return JSON.parse(events.at(-1)!.slice(5));
  };
}

describe('the official ext-tasks client against our server at 2026-07-28 (the tasks extension)', () => {
  it('drives one task to completion and cancels another', async () => {
    const client = new Client({ name: 'ext-tasks-interop', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
    await client.connect(new StreamableHTTPClientTransport(new URL(http.endpoint)));
    const session = createTaskSessionFromClient(client, {
      endpointId: 'mcpkit-everything-modern',
      rawDispatch: rawDispatch(http.endpoint) as never,
      v2RequestFraming: {
        protocolVersion: '2026-07-28',
        clientInfo: { name: 'ext-tasks-interop', version: '1.0.0' },
        clientCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
      },
    });
    try {
      const done = await session.callTool('slow_compute', { seconds: 0.05, label: 'modern' }, { task: { preference: 'require' } });
      expect(done.kind).toBe('task');
      const { outcome } = await done.settle();
      expect(outcome.status).toBe('completed');
      expect((resultFromTaskOutcome(outcome) as { content: unknown }).content).toEqual([{ type: 'text', text: 'Computed modern after 0.05 s' }]);

      const long = await session.callTool('slow_compute', { seconds: 600 }, { task: { preference: 'require' } });
      expect(long.kind).toBe('task');
      await long.cancel();
      expect((await long.settle()).outcome.status).toBe('cancelled');
    } finally {
      await session.close();
      await client.close();
    }
  });
});
