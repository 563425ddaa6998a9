// One principal must not take every place of a shared RedisTaskStore (issue 32): the store caps the
// tasks of each owner, makes room only from the owner's own ended tasks, and the refusal names the
// caller's limit. The tasks README's wiring on a real redis-server, served over Streamable HTTP on
// 127.0.0.1, principals named by a header through the authenticate hook.
// spec: extensions/tasks/tasks.md "Auth binding", "Task Creation"
import { createHttpHandler } from '@mcpkit/http';
import { serveHttp } from '@mcpkit/http/node';
import { createServer, elicitForm, inputRequired } from '@mcpkit/server';
import { createTasksServer } from '@mcpkit/tasks/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisConnection } from '../src/index.js';
import { RedisTaskStore } from '../src/tasks/index.js';
import { startRedisServer, type RedisServer } from './helpers/redis-server.js';

const confirmSchema = { type: 'object' as const, properties: { confirm: { type: 'boolean' as const } }, required: ['confirm'] };
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'limits', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
};

let redis: RedisServer;
const stops: Array<() => Promise<void>> = [];
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  while (stops.length) await stops.pop()!();
  await redis?.dispose();
});

async function serve(prefix: string, maxTasksPerOwner: number) {
  const connection = new RedisConnection({ url: redis.url, prefix, log: () => undefined });
  await connection.whenReady();
  const tasks = createTasksServer({ store: new RedisTaskStore(connection, { maxTasksPerOwner }), pollIntervalMs: 10 });
  const server = createServer({
    info: { name: 'limits', version: '1' },
    extensions: [tasks],
    tools: [
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
  const node = await serveHttp(
    createHttpHandler(server, {
      authenticate: (request) => ({ principal: { subject: request.headers.get('x-user') ?? 'nobody', issuer: 'https://idp.test', scopes: [] } }),
    }),
  );
  stops.push(async () => {
    await node.close();
    await server.close();
    await connection.close();
  });
  let id = 0;
  const call = async (user: string, method: string, params: Record<string, unknown>): Promise<{ result?: any; error?: any }> => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      'mcp-name': String(params.name ?? params.taskId),
      'x-user': user,
    };
    const body = { jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: META } };
    return (await (await fetch(node.url, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as { result?: any; error?: any };
  };
  const start = (user: string, name: string) => call(user, 'tools/call', { name, arguments: {} });
  const completed = async (user: string, taskId: string) => {
    for (;;) {
      const answer = await call(user, 'tasks/get', { taskId });
      if (answer.error || answer.result.status === 'completed') return answer;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  return { call, start, completed };
}

describe('RedisTaskStore caps per owner', () => {
  it('refuses an owner at its cap with its own limit; another owner keeps its result and its place', async () => {
    const s = await serve('caps-1:', 4);
    const bob = (await s.start('bob', 'quick')).result;
    await s.completed('bob', bob.taskId);
    const parked: string[] = [];
    let refused: any;
    for (let i = 0; i < 20 && refused === undefined; i++) {
      const answer = await s.start('alice', 'park');
      if (answer.error) refused = answer.error;
      else parked.push(answer.result.taskId);
    }
    expect(parked).toHaveLength(4);
    expect(refused).toMatchObject({ code: -32603, data: { limit: 'maxTasksPerOwner', max: 4, held: 4 } });
    expect(refused.message).toMatch(/you hold 4 tasks.*the most one caller may/i);
    expect((await s.completed('bob', bob.taskId)).result.result).toMatchObject({ content: [{ text: 'quick result' }] });
    expect((await s.start('bob', 'park')).result).toMatchObject({ resultType: 'task' });
  });

  it("makes room from the owner's own oldest ended task, and from nobody else's", async () => {
    const s = await serve('caps-2:', 2);
    const carol = (await s.start('carol', 'quick')).result;
    await s.completed('carol', carol.taskId);
    const first = (await s.start('alice', 'quick')).result;
    await s.completed('alice', first.taskId);
    const second = (await s.start('alice', 'park')).result;
    // At her cap, with one ended task: it makes room for the next one.
    expect((await s.start('alice', 'park')).result).toMatchObject({ resultType: 'task' });
    expect((await s.call('alice', 'tasks/get', { taskId: first.taskId })).error).toMatchObject({ code: -32602 });
    expect((await s.call('alice', 'tasks/get', { taskId: second.taskId })).result).toMatchObject({ status: 'input_required' });
    // Now both of hers are live: refused; carol's result is untouched.
    expect((await s.start('alice', 'park')).error).toMatchObject({ data: { limit: 'maxTasksPerOwner', max: 2, held: 2 } });
    expect((await s.completed('carol', carol.taskId)).result.status).toBe('completed');
  });
});
