// One principal must not deny tasks to the others (issue 32): per-owner caps on running and stored
// tasks, an eviction that never takes another owner's task, and a "full" answer naming the caller's
// own limit. The README's wiring (createTasksServer + createServer), served over Streamable HTTP on
// 127.0.0.1 with an authenticate hook that names the principal from a header.
// spec: extensions/tasks/tasks.md "Auth binding", "Task Creation"
import { createHttpHandler } from '@mcpkit/http';
import { serveHttp, type HttpServer } from '@mcpkit/http/node';
import { createServer, elicitForm, inputRequired, type McpServer } from '@mcpkit/server';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryTaskStore } from '../src/index.js';
import { createTasksServer, type TasksServerOptions } from '../src/server/index.js';
import { gate, meta } from './helpers/dispatch.js';

const confirmSchema = { type: 'object' as const, properties: { confirm: { type: 'boolean' as const } }, required: ['confirm'] };
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

interface Served {
  url: string;
  /** One JSON-RPC request as `user` (no header: unauthenticated); its `result` or `error`. */
  call(user: string | undefined, method: string, params: Record<string, unknown>): Promise<{ result?: any; error?: any }>;
  release(): void;
}

async function serve(options: TasksServerOptions): Promise<Served> {
  const running = gate();
  const tasks = createTasksServer({ pollIntervalMs: 10, ...options });
  const server: McpServer = createServer({
    info: { name: 'limits', version: '1' },
    extensions: [tasks],
    tools: [
      // Runs until the test releases it.
      tasks.tool({ name: 'run', handler: async () => (await running.promise, { content: [{ type: 'text', text: 'ran' }] }) }),
      // Waits for the client's answer: parked, live, not running.
      tasks.tool({
        name: 'park',
        handler: (_args, ctx) =>
          ctx.input.accepted('confirm', confirmSchema)
            ? { content: [] }
            : inputRequired({ confirm: elicitForm({ message: 'Sure?', requestedSchema: confirmSchema }) }),
      }),
      tasks.tool({ name: 'quick', handler: () => ({ content: [{ type: 'text', text: 'quick result' }] }) }),
    ],
    onWarning: () => {},
    onError: () => {},
  });
  const handler = createHttpHandler(server, {
    authenticate: (request) => {
      const user = request.headers.get('x-user');
      return { principal: user === null ? undefined : { subject: user, issuer: 'https://idp.test', scopes: [] } };
    },
  });
  const node: HttpServer = await serveHttp(handler);
  stops.push(async () => {
    running.open();
    await node.close();
    await server.close();
  });
  let id = 0;
  return {
    url: node.url,
    release: running.open,
    async call(user, method, params) {
      const body = { jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: meta({ tasks: true }) } };
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
      };
      if (method === 'tools/call') headers['mcp-name'] = String(params.name);
      if (typeof params.taskId === 'string') headers['mcp-name'] = params.taskId;
      if (user !== undefined) headers['x-user'] = user;
      const response = await fetch(node.url, { method: 'POST', headers, body: JSON.stringify(body) });
      return (await response.json()) as { result?: any; error?: any };
    },
  };
}

const start = async (s: Served, user: string | undefined, name: string) => {
  const answer = await s.call(user, 'tools/call', { name, arguments: {} });
  return answer;
};
const settled = async (s: Served, user: string, taskId: string, status: string) => {
  for (;;) {
    const { result, error } = await s.call(user, 'tasks/get', { taskId });
    if (error) return { error };
    if (result.status === status) return { result };
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
};

describe('task caps per principal', () => {
  /** Starts `name` as `user` until refused (at most `most` times); the tasks started and the refusal. */
  const untilRefused = async (s: Served, user: string, name: string, most: number) => {
    const started: any[] = [];
    for (let i = 0; i < most; i++) {
      const answer = await start(s, user, name);
      if (answer.error) return { started, refused: answer.error };
      started.push(answer.result);
    }
    return { started, refused: undefined };
  };

  it('one principal running its share leaves the rest of maxRunning to the others, and hears its own limit', async () => {
    const s = await serve({ maxRunning: 10, maxRunningPerOwner: 3 });
    const alice = await untilRefused(s, 'alice', 'run', 20);
    // Everybody else still gets tasks.
    expect(await start(s, 'bob', 'run')).toMatchObject({ result: { resultType: 'task', status: 'working' } });
    expect(await start(s, undefined, 'run')).toMatchObject({ result: { resultType: 'task', status: 'working' } });
    expect(alice.started).toHaveLength(3);
    expect(alice.refused).toMatchObject({ code: -32603, data: { limit: 'maxRunningPerOwner', max: 3 } });
    expect(alice.refused.message).toMatch(/you run 3 tasks already, the most one caller may/i);
  });

  it('one principal parking tasks up to its cap is refused, naming its own limit; nobody else loses a task or a place', async () => {
    const store = new MemoryTaskStore({ maxTasks: 10, maxTasksPerOwner: 4 });
    const s = await serve({ store });
    const bob = (await start(s, 'bob', 'quick')).result;
    await settled(s, 'bob', bob.taskId, 'completed');
    const alice = await untilRefused(s, 'alice', 'park', 20);
    // Bob's completed result (well within its TTL) is still there, and bob still gets tasks.
    expect(await settled(s, 'bob', bob.taskId, 'completed')).toMatchObject({ result: { result: { content: [{ text: 'quick result' }] } } });
    expect(await start(s, 'bob', 'park')).toMatchObject({ result: { resultType: 'task' } });
    expect(alice.started).toHaveLength(4);
    expect(alice.refused).toMatchObject({ code: -32603, data: { limit: 'maxTasksPerOwner', max: 4, held: 4 } });
    expect(alice.refused.message).toMatch(/you hold 4 tasks.*the most one caller may/i);
  });

  it("a full store makes room only from the caller's own ended tasks, never another principal's, and says when it cannot", async () => {
    const store = new MemoryTaskStore({ maxTasks: 6, maxTasksPerOwner: 4 });
    const s = await serve({ store });
    const carol = (await start(s, 'carol', 'quick')).result;
    await settled(s, 'carol', carol.taskId, 'completed');
    const bob = (await start(s, 'bob', 'quick')).result;
    await settled(s, 'bob', bob.taskId, 'completed');
    for (let i = 0; i < 4; i++) expect((await start(s, 'alice', 'park')).result).toMatchObject({ resultType: 'task' });
    expect(store.size).toBe(6);
    // Dave holds nothing to give up: refused, with the store's limit and his own.
    const dave = await start(s, 'dave', 'park');
    expect(dave.error).toMatchObject({ code: -32603, data: { limit: 'maxTasks', max: 6, held: 0, maxTasksPerOwner: 4 } });
    // Bob's next task takes the place of bob's own ended one, not carol's.
    expect((await start(s, 'bob', 'park')).result).toMatchObject({ resultType: 'task' });
    expect((await s.call('bob', 'tasks/get', { taskId: bob.taskId })).error).toMatchObject({ code: -32602 });
    expect((await settled(s, 'carol', carol.taskId, 'completed')).result.status).toBe('completed');
  });
});
