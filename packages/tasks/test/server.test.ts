// The server half of the tasks extension, in process: one handler, run as a task or not; the life
// cycle, errors, cancellation, input requests, scoping, TTL and leases, with an injected clock.
// spec: extensions/tasks/tasks.md
import { ResponseError } from '@mcpkit/jsonrpc';
import { createServer, elicitForm, inputRequired, tool, type McpServer } from '@mcpkit/server';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryTaskStore, type TaskStore } from '../src/index.js';
import { createTasksServer, type TasksServerOptions } from '../src/server/index.js';
import { Context, err, gate, ok, send, TASKS, until } from './helpers/dispatch.js';

const quiet = { onWarning: () => {}, onError: () => {} };
const servers: McpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const confirmSchema = { type: 'object' as const, properties: { confirm: { type: 'boolean' as const } }, required: ['confirm'] };
const nameSchema = { type: 'object' as const, properties: { name: { type: 'string' as const } }, required: ['name'] };

function make(options: TasksServerOptions & { release?: Promise<void> } = {}) {
  const tasks = createTasksServer({ pollIntervalMs: 10, ...options });
  const release = options.release ?? Promise.resolve();
  const server = createServer({
    info: { name: 'tasks-test', version: '1' },
    extensions: [tasks],
    tools: [
      tool({ name: 'plain', handler: () => ({ content: [{ type: 'text', text: 'plain' }] }) }),
      tasks.tool({
        name: 'work',
        inputSchema: { type: 'object', properties: { n: { type: 'number' } } },
        handler: async ({ n }, ctx) => {
          await Promise.race([release, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve))]);
          if (ctx.signal.aborted) throw new Error('stopped');
          return { content: [{ type: 'text', text: `done ${String(n ?? 0)}` }] };
        },
      }),
      tasks.tool({ name: 'only_task', taskSupport: 'required', handler: () => ({ content: [{ type: 'text', text: 'tasked' }] }) }),
      tasks.tool({
        name: 'tool_error',
        handler: () => {
          throw new Error('disk full');
        },
      }),
      tasks.tool({
        name: 'protocol_error',
        handler: () => {
          throw new ResponseError(-32603, 'backend gone', { retry: false });
        },
      }),
      tasks.tool({
        name: 'confirm',
        handler: (_args, ctx) => {
          const answer = ctx.input.accepted('confirm', confirmSchema);
          if (!answer?.confirm) return inputRequired({ confirm: elicitForm({ message: 'Sure?', requestedSchema: confirmSchema }) });
          return { content: [{ type: 'text', text: 'confirmed' }] };
        },
      }),
      tasks.tool({
        name: 'two',
        handler: (_args, ctx) => {
          const a = ctx.input.accepted('a', confirmSchema);
          const b = ctx.input.accepted('b', confirmSchema);
          if (!a || !b)
            return inputRequired({
              a: elicitForm({ message: 'A?', requestedSchema: confirmSchema }),
              b: elicitForm({ message: 'B?', requestedSchema: confirmSchema }),
            });
          return { content: [{ type: 'text', text: 'both' }] };
        },
      }),
      tasks.tool({
        name: 'hello',
        taskSupport: 'required',
        prepare: (_args, ctx) =>
          ctx.input.accepted('user_name', nameSchema)
            ? undefined
            : inputRequired({
                user_name: elicitForm({ message: 'Name?', requestedSchema: nameSchema }),
              }),
        handler: (_args, ctx) => ({ content: [{ type: 'text', text: `Hello, ${String(ctx.input.accepted('user_name', nameSchema)?.name)}!` }] }),
      }),
    ],
    ...quiet,
  });
  servers.push(server);
  return { server, tasks };
}

const elicitAccept = (content: Record<string, unknown>) => ({ action: 'accept', content });

describe('the tasks extension on the server', () => {
  it('advertises itself, and runs a task tool as a plain call for a client that did not declare it', async () => {
    const { server } = make();
    expect((await ok(server, 'server/discover', {})).capabilities.extensions).toEqual({ [TASKS]: {} });
    const result = await ok(server, 'tools/call', { name: 'work', arguments: { n: 1 } });
    expect(result).toMatchObject({ resultType: 'complete', content: [{ text: 'done 1' }] });
    expect(result.taskId).toBeUndefined();
  });

  it('refuses a task-only tool with -32021 naming the extension, and runs a plain tool plainly for a declaring client', async () => {
    // spec: extensions/tasks/tasks.md "Capability Negotiation" (-32021 when only a task would do)
    const { server } = make();
    const refused = await err(server, 'tools/call', { name: 'only_task' });
    expect(refused).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [TASKS]: {} } } } });
    expect(await ok(server, 'tools/call', { name: 'plain' }, { tasks: true })).toMatchObject({ resultType: 'complete', content: [{ text: 'plain' }] });
  });

  it('answers a declaring client with the task at once, flat, and inlines the result when it completes', async () => {
    const release = gate();
    const { server } = make({ release: release.promise });
    const created = await ok(server, 'tools/call', { name: 'work', arguments: { n: 2 } }, { tasks: true });
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 3_600_000, pollIntervalMs: 10 });
    expect(created.taskId).toMatch(/^[0-9a-f-]{36}$/);
    for (const key of ['task', 'result', 'error', 'inputRequests', 'requestState', 'ttl', 'pollInterval']) expect(created).not.toHaveProperty(key);
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    // spec: "MUST NOT return CreateTaskResult until the task is durably created"
    expect(await ok(server, 'tasks/get', { taskId: created.taskId }, { tasks: true })).toMatchObject({
      resultType: 'complete',
      taskId: created.taskId,
      status: 'working',
    });
    release.open();
    const done = await until(server, created.taskId, (t) => t.status === 'completed');
    expect(done.result).toMatchObject({ content: [{ type: 'text', text: 'done 2' }] });
    expect(done.result._meta?.['io.modelcontextprotocol/related-task']).toBeUndefined();
  });

  it('completes with isError for a tool error, and fails with the JSON-RPC error for a protocol error', async () => {
    // spec: extensions/tasks/tasks.md "Task Execution Errors"
    const { server } = make();
    const toolError = await ok(server, 'tools/call', { name: 'tool_error' }, { tasks: true });
    expect(await until(server, toolError.taskId, (t) => t.status !== 'working')).toMatchObject({
      status: 'completed',
      result: { isError: true, content: [{ text: 'disk full' }] },
    });
    const protocolError = await ok(server, 'tools/call', { name: 'protocol_error' }, { tasks: true });
    const failed = await until(server, protocolError.taskId, (t) => t.status !== 'working');
    expect(failed).toMatchObject({ status: 'failed', error: { code: -32603, message: 'backend gone', data: { retry: false } } });
    expect(failed.result).toBeUndefined();
  });

  it('cancels a running task: the handler is aborted, the task stays cancelled, and a second cancel is the same ack', async () => {
    const { server } = make({ release: new Promise(() => {}) });
    const created = await ok(server, 'tools/call', { name: 'work' }, { tasks: true });
    expect(await ok(server, 'tasks/cancel', { taskId: created.taskId }, { tasks: true })).toEqual({
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'tasks-test', version: '1' } },
    });
    const task = await ok(server, 'tasks/get', { taskId: created.taskId }, { tasks: true });
    expect(task).toMatchObject({ status: 'cancelled' });
    expect(task.result).toBeUndefined();
    expect(await ok(server, 'tasks/cancel', { taskId: created.taskId }, { tasks: true })).toMatchObject({ resultType: 'complete' });
    // The aborted handler's own ending ("stopped") does not overwrite the status.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await ok(server, 'tasks/get', { taskId: created.taskId }, { tasks: true })).status).toBe('cancelled');
  });

  it('names the errors of bad task requests', async () => {
    // spec: extensions/tasks/tasks.md "Protocol Errors"; "Removed" tasks/result and tasks/list
    const { server } = make();
    expect(await err(server, 'tasks/get', { taskId: 'nope' }, { tasks: true })).toMatchObject({
      code: -32602,
      message: expect.stringContaining('Task not found'),
    });
    expect(await err(server, 'tasks/cancel', { taskId: 'nope' }, { tasks: true })).toMatchObject({ code: -32602 });
    expect(await err(server, 'tasks/update', { taskId: 'nope', inputResponses: {} }, { tasks: true })).toMatchObject({ code: -32602 });
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      expect(await err(server, method, { taskId: 'nope', inputResponses: {} })).toMatchObject({ code: -32021 });
    }
    expect(await err(server, 'tasks/get', { taskId: 7 }, { tasks: true })).toMatchObject({ code: -32602 });
    expect(await err(server, 'tasks/update', { taskId: 'x', inputResponses: 3 }, { tasks: true })).toMatchObject({ code: -32602 });
    expect(await err(server, 'tasks/result', { taskId: 'x' }, { tasks: true })).toMatchObject({ code: -32601 });
    expect(await err(server, 'tasks/list', {}, { tasks: true })).toMatchObject({ code: -32601 });
  });

  it('surfaces input requests, takes partial answers, never reuses a key, and resumes the handler', async () => {
    // spec: extensions/tasks/tasks.md "Task Update Requests"
    const { server } = make();
    const two = await ok(server, 'tools/call', { name: 'two' }, { tasks: true });
    const waiting = await until(server, two.taskId, (t) => t.status === 'input_required');
    expect(Object.keys(waiting.inputRequests)).toEqual(['a', 'b']);
    expect(waiting.inputRequests.a).toMatchObject({ method: 'elicitation/create', params: { message: 'A?' } });
    const ack = await ok(
      server,
      'tasks/update',
      { taskId: two.taskId, inputResponses: { a: elicitAccept({ confirm: true }), bogus: { ignored: true } } },
      { tasks: true },
    );
    expect(ack).toMatchObject({ resultType: 'complete' });
    expect(ack.taskId).toBeUndefined();
    const partial = await ok(server, 'tasks/get', { taskId: two.taskId }, { tasks: true });
    expect(partial.status).toBe('input_required');
    expect(Object.keys(partial.inputRequests)).toEqual(['b']);
    // An answer to an outstanding key that is no input response at all is refused, and changes nothing.
    expect(await err(server, 'tasks/update', { taskId: two.taskId, inputResponses: { b: 42 } }, { tasks: true })).toMatchObject({ code: -32602 });
    await ok(server, 'tasks/update', { taskId: two.taskId, inputResponses: { b: elicitAccept({ confirm: true }) } }, { tasks: true });
    expect(await until(server, two.taskId, (t) => t.status === 'completed')).toMatchObject({ result: { content: [{ text: 'both' }] } });

    const confirm = await ok(server, 'tools/call', { name: 'confirm' }, { tasks: true });
    await until(server, confirm.taskId, (t) => t.status === 'input_required');
    await ok(server, 'tasks/update', { taskId: confirm.taskId, inputResponses: { confirm: { action: 'decline' } } }, { tasks: true });
    const again = await until(server, confirm.taskId, (t) => t.status === 'input_required' && !('confirm' in t.inputRequests));
    expect(Object.keys(again.inputRequests)).toEqual(['confirm#2']);
    // The answered key is not outstanding any more: answering it again is ignored.
    await ok(server, 'tasks/update', { taskId: confirm.taskId, inputResponses: { confirm: elicitAccept({ confirm: true }) } }, { tasks: true });
    expect((await ok(server, 'tasks/get', { taskId: confirm.taskId }, { tasks: true })).status).toBe('input_required');
    await ok(server, 'tasks/update', { taskId: confirm.taskId, inputResponses: { 'confirm#2': elicitAccept({ confirm: true }) } }, { tasks: true });
    expect(await until(server, confirm.taskId, (t) => t.status === 'completed')).toMatchObject({ result: { content: [{ text: 'confirmed' }] } });
  });

  it('resolves input asked before the task through the request itself (MRTR), then creates the task', async () => {
    // spec: extensions/tasks/tasks.md "Task Creation" (resolve MRTR synchronously before CreateTaskResult)
    const { server } = make();
    const first = await ok(server, 'tools/call', { name: 'hello' }, { tasks: true, elicitation: true });
    expect(first.resultType).toBe('input_required');
    expect(first.taskId).toBeUndefined();
    const second = await ok(
      server,
      'tools/call',
      { name: 'hello', inputResponses: { user_name: elicitAccept({ name: 'Alice' }) }, ...(first.requestState ? { requestState: first.requestState } : {}) },
      { tasks: true, elicitation: true },
    );
    expect(second).toMatchObject({ resultType: 'task' });
    expect(second.requestState).toBeUndefined();
    expect(await until(server, second.taskId, (t) => t.status === 'completed')).toMatchObject({ result: { content: [{ text: 'Hello, Alice!' }] } });
  });

  it('keeps a task to the principal that created it', async () => {
    // spec: extensions/tasks/tasks.md "Security Considerations" (auth binding)
    const { server } = make();
    const alice = { subject: 'alice', issuer: 'https://idp' };
    const created = await ok(server, 'tools/call', { name: 'tool_error' }, { tasks: true, principal: alice });
    await until(server, created.taskId, (t) => t.status === 'completed', alice);
    for (const principal of [{ subject: 'mallory', issuer: 'https://idp' }, { subject: 'alice', issuer: 'https://other' }, undefined]) {
      expect(await err(server, 'tasks/get', { taskId: created.taskId }, { tasks: true, principal })).toMatchObject({
        code: -32602,
        message: expect.stringContaining('Task not found'),
      });
      expect(await err(server, 'tasks/cancel', { taskId: created.taskId }, { tasks: true, principal })).toMatchObject({ code: -32602 });
    }
  });

  it('expires a task after its TTL (injected clock), then forgets it', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const clock = () => now;
    const { server } = make({ now: clock, ttlMs: 60_000, retentionMs: 1_000, store: new MemoryTaskStore({ now: clock }) });
    const created = await ok(server, 'tools/call', { name: 'tool_error' }, { tasks: true });
    expect(created.createdAt).toBe('2026-01-01T00:00:00.000Z');
    await until(server, created.taskId, (t) => t.status === 'completed');
    now += 59_999;
    // spec: "A task MUST remain accessible via tasks/get for the duration of its ttlMs"
    expect((await ok(server, 'tasks/get', { taskId: created.taskId }, { tasks: true })).status).toBe('completed');
    now += 1;
    expect(await err(server, 'tasks/get', { taskId: created.taskId }, { tasks: true })).toMatchObject({
      code: -32602,
      message: expect.stringContaining('expired'),
    });
    now += 1_000;
    expect(await err(server, 'tasks/get', { taskId: created.taskId }, { tasks: true })).toMatchObject({
      code: -32602,
      message: expect.stringContaining('not found'),
    });
  });

  it('fails a running task whose replica stopped renewing its lease, when another replica reads it', async () => {
    let now = 1_000_000;
    const clock = () => now;
    const store: TaskStore = new MemoryTaskStore({ now: clock });
    const first = make({ now: clock, store, leaseMs: 30_000, release: new Promise(() => {}) });
    const second = make({ now: clock, store, leaseMs: 30_000 });
    const created = await ok(first.server, 'tools/call', { name: 'work' }, { tasks: true });
    now += 29_000;
    expect((await ok(second.server, 'tasks/get', { taskId: created.taskId }, { tasks: true })).status).toBe('working');
    // The first replica is gone (no renewal ran for longer than the lease).
    now += 2_000;
    const failed = await ok(second.server, 'tasks/get', { taskId: created.taskId }, { tasks: true });
    expect(failed).toMatchObject({ status: 'failed', error: { code: -32603, message: expect.stringContaining('stopped before it finished') } });
  });

  it('sends notifications/tasks on listen streams that follow the task, to declaring clients only', async () => {
    // spec: extensions/tasks/tasks.md "Task Status Notifications"
    const release = gate();
    const { server } = make({ release: release.promise });
    expect(await err(server, 'subscriptions/listen', { notifications: { taskIds: ['x'] } })).toMatchObject({ code: -32021 });
    const created = await ok(server, 'tools/call', { name: 'work' }, { tasks: true });
    const context = new Context();
    const listening = send(server, 'subscriptions/listen', { notifications: { taskIds: [created.taskId, 'unknown-task'] } }, { tasks: true, context, id: 'L' });
    await context.waitFor(1);
    expect(context.notifications[0]?.params).toMatchObject({ notifications: { taskIds: [created.taskId] } });
    release.open();
    await context.waitFor(2);
    expect(context.notifications[1]).toMatchObject({
      method: 'notifications/tasks',
      params: {
        taskId: created.taskId,
        status: 'completed',
        result: { content: [{ text: 'done 0' }] },
        _meta: { 'io.modelcontextprotocol/subscriptionId': 'L' },
      },
    });
    await server.close();
    expect(await listening).toMatchObject({ id: 'L', result: { resultType: 'complete' } });
  });
});
