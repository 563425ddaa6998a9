// Our tasks client against our server (examples/everything with @mcpkit/tasks/server), each in its
// own process, over stdio and Streamable HTTP, at 2026-07-28 (the tasks extension).
// spec: extensions/tasks/tasks.md
import { ModernClient } from '@mcpkit/client';
import { HttpClientTransport } from '@mcpkit/http';
import { RemoteError, type MessageTransport } from '@mcpkit/jsonrpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskCancelledError, TaskClient, tasksExtension } from '../src/index.js';
import { acceptAll, EVERYTHING_HTTP, everythingStdio, startHttpServer, type HttpServerProcess } from './helpers.js';

let http: HttpServerProcess;
beforeAll(async () => {
  http = await startHttpServer(EVERYTHING_HTTP);
});
afterAll(() => http?.stop());

const transports: Record<string, () => MessageTransport> = {
  stdio: () => everythingStdio(),
  http: () => new HttpClientTransport(http.endpoint),
};

describe.each(Object.keys(transports))('tasks over %s', (name) => {
  const open = () => new ModernClient(transports[name]!(), { extensions: [tasksExtension()], handlers: acceptAll, onWarning: () => {} });

  it('calls a tool as a task, follows it at the poll interval the server gives, and gets its result', async () => {
    const client = open();
    try {
      const tasks = new TaskClient(client, { handlers: acceptAll });
      const started = await tasks.callTool({ name: 'slow_compute', arguments: { seconds: 0.05, label: name } });
      expect(started.kind).toBe('task');
      if (started.kind !== 'task') return;
      expect(started.task.created).toMatchObject({ status: 'working', pollIntervalMs: 250 });
      const seen: string[] = [];
      const result = await started.task.wait({ onStatus: (task) => seen.push(task.status) });
      expect(result.content).toEqual([{ type: 'text', text: `Computed ${name} after 0.05 s` }]);
      expect(seen.at(-1)).toBe('completed');
      expect((await tasks.get(started.task.taskId)).status).toBe('completed');
    } finally {
      await client.close();
    }
  });

  it("waits transparently in a plain callTool, and answers the task's input requests with the handlers", async () => {
    const client = open();
    try {
      expect(await client.callTool({ name: 'slow_compute', arguments: { seconds: 0 } })).toMatchObject({
        resultType: 'complete',
        content: [{ text: 'Computed result after 0 s' }],
      });
      expect(await client.callTool({ name: 'confirm_delete', arguments: { filename: 'a.txt' } })).toMatchObject({ content: [{ text: 'Deleted a.txt' }] });
      // MRTR before the task (the name), then the task.
      expect(await client.callTool({ name: 'test_tool_with_task' })).toMatchObject({ content: [{ text: 'Hello, Ada! (from a task)' }] });
    } finally {
      await client.close();
    }
  });

  it('cancels a task, and reports a failed one with its JSON-RPC error', async () => {
    const client = open();
    try {
      const tasks = new TaskClient(client);
      const started = await tasks.callTool({ name: 'slow_compute', arguments: { seconds: 60 } });
      if (started.kind !== 'task') throw new Error('expected a task');
      await started.task.cancel();
      expect((await started.task.get()).status).toBe('cancelled');
      await expect(started.task.wait()).rejects.toBeInstanceOf(TaskCancelledError);
      const failing = await tasks.callTool({ name: 'protocol_error_job' });
      if (failing.kind !== 'task') throw new Error('expected a task');
      const error = await failing.task.wait().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RemoteError);
      expect(error).toMatchObject({ code: -32603, message: 'The job crashed inside the server' });
      // spec: "Invalid or nonexistent taskId: -32602"
      await expect(tasks.get('no-such-task')).rejects.toMatchObject({ code: -32602 });
      await expect(tasks.list()).rejects.toThrow(/tasks\/list does not exist in the modern era/);
    } finally {
      await client.close();
    }
  });
});

describe('resuming', () => {
  it('picks up a task by id from a new client after the first one went away', async () => {
    const first = new ModernClient(new HttpClientTransport(http.endpoint), { extensions: [tasksExtension()] });
    const started = await new TaskClient(first).callTool({ name: 'slow_compute', arguments: { seconds: 0.2, label: 'resumed' } });
    await first.close();
    if (started.kind !== 'task') throw new Error('expected a task');
    const second = new ModernClient(new HttpClientTransport(http.endpoint), { extensions: [tasksExtension()] });
    try {
      expect((await new TaskClient(second).wait(started.task.taskId)).content).toEqual([{ type: 'text', text: 'Computed resumed after 0.2 s' }]);
    } finally {
      await second.close();
    }
  });

  it('gets no task from a client that does not declare the extension', async () => {
    const plain = new ModernClient(new HttpClientTransport(http.endpoint));
    try {
      const started = await new TaskClient(plain).callTool({ name: 'slow_compute', arguments: { seconds: 0 } });
      expect(started.kind).toBe('result');
      // Without the extension the client does not know that tasks/get mirrors taskId into Mcp-Name,
      // which HTTP requires (extensions/tasks/tasks.md "Streamable HTTP: Routing Headers"): -32020.
      await expect(plain.request('tasks/get', { taskId: 'x' })).rejects.toMatchObject({ code: -32020 });
    } finally {
      await plain.close();
    }
  });
});
