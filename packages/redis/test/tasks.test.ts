/**
 * The tasks extension across three replicas of examples/everything sharing a `RedisTaskStore`
 * (`@mcpkit/redis/tasks`) and a real redis-server: a task started through one replica is awaited
 * and cancelled through the others, and a task waiting for input outlives the replica that started it.
 * spec: extensions/tasks/tasks.md
 */
import { ModernClient, type InputHandlers } from '@mcpkit/client';
import { HttpClientTransport } from '@mcpkit/http';
import { generateStateKey } from '@mcpkit/server/state';
import { TaskCancelledError, TaskClient, tasksExtension } from '@mcpkit/tasks-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from './helpers/redis-server.js';
import { startReplicas, type Replica } from './helpers/replicas.js';

const handlers: InputHandlers = { elicitation: { form: async () => ({ action: 'accept', content: { confirm: true } }) } };

describe('tasks on three replicas sharing Redis', () => {
  let redis: RedisServer;
  let replicas: Replica[];
  const clients: ModernClient[] = [];
  /** A task client on replica `n` (1-based). */
  const on = (n: number) => {
    const client = new ModernClient(new HttpClientTransport(replicas[n - 1]!.endpoint), {
      extensions: [tasksExtension()],
      handlers,
      onWarning: () => undefined,
    });
    clients.push(client);
    return new TaskClient(client, { handlers });
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    replicas = await startReplicas(3, { REDIS_URL: redis.url, MCPKIT_STATE_KEYS: generateStateKey('k1') });
  }, 600_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all((replicas ?? []).map((r) => r.stop()));
    await redis?.dispose();
  }, 600_000);

  it('starts a task through replica 1, awaits it through replica 3, and cancels another through replica 2', async () => {
    const started = await on(1).callTool({ name: 'slow_compute', arguments: { seconds: 0.1, label: 'shared' } });
    if (started.kind !== 'task') throw new Error('expected a task');
    expect(started.task.created).toMatchObject({ status: 'working', pollIntervalMs: 50 });
    const result = await on(3).wait(started.task.taskId);
    expect(result.content).toEqual([{ type: 'text', text: 'Computed shared after 0.1 s' }]);

    const long = await on(1).callTool({ name: 'slow_compute', arguments: { seconds: 600 } });
    if (long.kind !== 'task') throw new Error('expected a task');
    // Observed from the start: on a slow machine the cancellation rejects wait() before cancel() returns.
    const waiting = expect(on(3).wait(long.task.taskId)).rejects.toBeInstanceOf(TaskCancelledError);
    await on(2).cancel(long.task.taskId);
    await waiting;
    // Replica 1 ran the handler: the cancellation written through replica 2 reached it (the task stays cancelled).
    expect((await on(1).get(long.task.taskId)).status).toBe('cancelled');
    expect(replicas[0]!.log.filter((line) => line.includes('internal error'))).toEqual([]);
  });

  it('keeps a task that waits for input when the replica that started it is killed; another replica resumes it', async () => {
    const first = on(1);
    const started = await first.callTool({ name: 'confirm_delete', arguments: { filename: 'kept.txt' } });
    if (started.kind !== 'task') throw new Error('expected a task');
    const taskId = started.task.taskId;
    // The handler asks at once; wait until the task says so (it has nothing running on replica 1 then).
    let status = started.task.created?.status;
    while (status !== 'input_required') status = (await on(2).get(taskId)).status;
    await replicas[0]!.kill();
    // spec: the answer goes in tasks/update, through any replica; replica 2 runs the handler again with it.
    const result = await on(2).wait(taskId);
    expect(result.content).toEqual([{ type: 'text', text: 'Deleted kept.txt' }]);
    expect((await on(3).get(taskId)).status).toBe('completed');
  });
});
