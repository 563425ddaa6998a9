// Our tasks client against our dual-era server at 2025-11-25 (core tasks: `dualEra` with
// `legacyTasks` of @mcpkit/legacy/tasks), each in its own process, over stdio and Streamable HTTP.
// spec: 2025-11-25/pages/basic/utilities/tasks.mdx
import { fileURLToPath } from 'node:url';
import { connect, type DualEraClient } from '@mcpkit/legacy';
import { RemoteError } from '@mcpkit/jsonrpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskCancelledError, TaskClient } from '../src/index.js';
import { acceptAll, EVERYTHING_HTTP, startHttpServer, type HttpServerProcess } from './helpers.js';

const STDIO = fileURLToPath(new URL('./fixtures/everything-stdio.mjs', import.meta.url));

let http: HttpServerProcess;
beforeAll(async () => {
  http = await startHttpServer(EVERYTHING_HTTP, ['--dual']);
});
afterAll(() => http?.stop());

const targets: Record<string, () => Promise<DualEraClient>> = {
  stdio: () => connect({ command: process.execPath, args: [STDIO], stderr: 'ignore' }, { era: 'legacy', handlers: acceptAll, eraCache: false }),
  http: () => connect(http.endpoint, { era: 'legacy', handlers: acceptAll, eraCache: false }),
};

describe.each(Object.keys(targets))('2025-11-25 tasks over %s', (name) => {
  it('advertises tasks, marks task tools, runs a task-augmented call and lists it', async () => {
    const client = await targets[name]!();
    try {
      expect(client.era).toBe('legacy');
      expect(client.protocolVersion).toBe('2025-11-25');
      const tools = await client.request('tools/list', {});
      const support = Object.fromEntries(
        (tools.tools as { name: string; execution?: { taskSupport?: string } }[]).map((t) => [t.name, t.execution?.taskSupport]),
      );
      // spec: "Tool-Level Negotiation" — absent means forbidden
      expect(support).toMatchObject({ greet: undefined, slow_compute: 'optional', failing_job: 'required' });
      const tasks = new TaskClient(client);
      const started = await tasks.callTool({ name: 'slow_compute', arguments: { seconds: 0.05, label: name } }, { ttlMs: 60_000 });
      if (started.kind !== 'task') throw new Error('expected a task');
      // spec: "Receivers MAY override the requested ttl duration" — ours keeps the server's (1 h by default)
      expect(started.task.created).toMatchObject({ status: 'working', ttlMs: 3_600_000, pollIntervalMs: 250 });
      const result = await started.task.wait();
      expect(result.content).toEqual([{ type: 'text', text: `Computed ${name} after 0.05 s` }]);
      // spec: "The tasks/result operation MUST include this metadata in its response"
      expect(result._meta).toMatchObject({ 'io.modelcontextprotocol/related-task': { taskId: started.task.taskId } });
      const listed = await tasks.list();
      expect(listed.tasks.find((task) => task.taskId === started.task.taskId)?.status).toBe('completed');
      if (name === 'http') {
        // spec: "tasks that do not belong to the same authorization context" — without a principal a
        // task belongs to its session: another session of the same server neither sees nor lists it.
        const other = await targets.http!();
        try {
          await expect(new TaskClient(other).get(started.task.taskId)).rejects.toMatchObject({ code: -32602 });
          await expect(other.request('tasks/result', { taskId: started.task.taskId })).rejects.toMatchObject({ code: -32602 });
          await expect(new TaskClient(other).cancel(started.task.taskId)).rejects.toMatchObject({ code: -32602 });
          expect((await new TaskClient(other).list()).tasks.map((task) => task.taskId)).not.toContain(started.task.taskId);
        } finally {
          await other.close();
        }
      }
    } finally {
      await client.close();
    }
  });

  it("answers a task's elicitation as a server-initiated request while waiting on tasks/result", async () => {
    const client = await targets[name]!();
    try {
      const tasks = new TaskClient(client);
      const started = await tasks.callTool({ name: 'confirm_delete', arguments: { filename: 'b.txt' } });
      if (started.kind !== 'task') throw new Error('expected a task');
      expect((await started.task.wait()).content).toEqual([{ type: 'text', text: 'Deleted b.txt' }]);
    } finally {
      await client.close();
    }
  });

  it('cancels a task, refuses to cancel it again, and reports tool and protocol failures', async () => {
    const client = await targets[name]!();
    try {
      const tasks = new TaskClient(client);
      const started = await tasks.callTool({ name: 'slow_compute', arguments: { seconds: 60 } });
      if (started.kind !== 'task') throw new Error('expected a task');
      await started.task.cancel();
      expect((await started.task.get()).status).toBe('cancelled');
      await expect(started.task.wait()).rejects.toBeInstanceOf(TaskCancelledError);
      // spec: "Receivers MUST reject cancellation requests for tasks already in a terminal status ... -32602"
      await expect(started.task.cancel()).rejects.toMatchObject({ code: -32602 });
      // spec: "Invalid or nonexistent taskId in tasks/get, tasks/result, or tasks/cancel: -32602"
      await expect(tasks.get('no-such-task')).rejects.toMatchObject({ code: -32602 });
      await expect(client.request('tasks/result', { taskId: 'no-such-task' })).rejects.toMatchObject({ code: -32602 });
      // spec: a tool error (isError) fails the task in 2025-11-25; tasks/result returns the tool result itself
      const failing = await tasks.callTool({ name: 'failing_job' });
      if (failing.kind !== 'task') throw new Error('expected a task');
      expect(await failing.task.wait()).toMatchObject({ isError: true });
      expect((await failing.task.get()).status).toBe('failed');
      // spec: "tasks/result MUST return that same JSON-RPC error"
      const crashing = await tasks.callTool({ name: 'protocol_error_job' });
      if (crashing.kind !== 'task') throw new Error('expected a task');
      const error = await crashing.task.wait().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RemoteError);
      expect(error).toMatchObject({ code: -32603, message: 'The job crashed inside the server' });
    } finally {
      await client.close();
    }
  });

  it('answers a bad tasks/list cursor with -32602, not -32603', async () => {
    // spec: 2025-11-25/pages/basic/utilities/tasks.mdx "Invalid or nonexistent cursor in tasks/list: -32602"
    const client = await targets[name]!();
    try {
      const error = await client.request('tasks/list', { cursor: 'no-such-cursor' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RemoteError);
      expect(error).toMatchObject({ code: -32602, message: expect.stringMatching(/cursor/i) });
      // The session goes on.
      expect(Array.isArray((await new TaskClient(client).list()).tasks)).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('answers -32601 for a task-augmented call of a tool without task support, and for a task-only tool called plainly', async () => {
    const client = await targets[name]!();
    try {
      // spec: "Servers SHOULD return a -32601 (Method not found) error if a client attempts to do so"
      await expect(client.request('tools/call', { name: 'greet', arguments: { name: 'x' }, task: {} })).rejects.toMatchObject({ code: -32601 });
      // spec: "Servers MUST return a -32601 (Method not found) error if a client does not attempt to do so"
      await expect(client.request('tools/call', { name: 'failing_job', arguments: {} })).rejects.toMatchObject({ code: -32601 });
    } finally {
      await client.close();
    }
  });
});
