import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, killChildren, mcpkit, startExample, type HttpExample } from './helpers.js';

/**
 * `mcpkit tools call --task` and `mcpkit tasks list|get|result|cancel` against `mcpkit serve-example`
 * over HTTP, in both eras: the tasks extension at 2026-07-28, where a task outlives the command that
 * started it, and core tasks at 2025-11-25, where (without authorization) a task belongs to the
 * session that made it, so a later command, a new session, cannot reach it.
 * spec: extensions/tasks/tasks.md
 * spec: 2025-11-25/pages/basic/utilities/tasks.mdx
 */
describe.each(['modern', 'legacy'] as const)('mcpkit task commands, era %s', (era) => {
  let server: HttpExample;
  const target = (): string[] => ['--url', server.endpoint, '--era', era];

  beforeAll(async () => {
    server = await startExample('dual');
  });
  afterAll(async () => {
    await server?.stop();
    killChildren();
  });

  it('tools call --task names the task on stderr and prints its result', async () => {
    const run = await mcpkit(['tools', 'call', 'slow_compute', '--task', '--args', '{"seconds":0.05,"label":"cli"}', ...target()]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Computed cli after 0.05 s');
    const taskId = /task (\S+) \(working\)/.exec(run.stderr)?.[1];
    expect(taskId, run.stderr).toBeDefined();
    const got = await mcpkit(['tasks', 'get', taskId!, '--json', ...target()]);
    if (era === 'legacy') {
      // spec (2025-11-25): tasks of another authorization context are rejected; here, another session.
      expect(json(got)).toMatchObject({ error: { code: -32602 } });
      return;
    }
    expect(json(got)).toMatchObject({ taskId, status: 'completed' });
    const human = await mcpkit(['tasks', 'get', taskId!, ...target()]);
    expect(human.stdout).toMatch(new RegExp(`^${taskId}  completed`, 'm'));
    const again = await mcpkit(['tasks', 'result', taskId!, ...target()]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Computed cli after 0.05 s');
  });

  it.runIf(era === 'modern')('tasks cancel stops a long task started by another command; tasks result then says it was cancelled', async () => {
    // A long task, left running when the first command is killed once it printed the id.
    let taskId: string | undefined;
    await mcpkit(['tools', 'call', 'slow_compute', '--task', '--args', '{"seconds":600}', ...target()], {
      onStderr: (text, child) => {
        taskId ??= /task (\S+) \(working\)/.exec(text)?.[1];
        if (taskId) child.kill('SIGKILL');
      },
    });
    expect(taskId).toBeDefined();
    const cancel = await mcpkit(['tasks', 'cancel', taskId!, ...target()]);
    expect(cancel.code).toBe(0);
    expect(cancel.stdout).toContain(`cancel requested for task ${taskId}`);
    expect(json(await mcpkit(['tasks', 'get', taskId!, '--json', ...target()]))).toMatchObject({ status: 'cancelled' });
    const result = await mcpkit(['tasks', 'result', taskId!, ...target()]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/cancelled/);
  });

  it('tasks get of an unknown id is the server error -32602', async () => {
    // spec: "Invalid or nonexistent taskId ... -32602"
    const run = await mcpkit(['tasks', 'get', 'no-such-task', '--json', ...target()]);
    expect(run.code).not.toBe(0);
    expect(json(run)).toMatchObject({ error: { code: -32602 } });
  });

  it('tasks list lists the tasks of this caller (2025-11-25), and says why it cannot at 2026-07-28', async () => {
    const run = await mcpkit(['tasks', 'list', '--json', ...target()]);
    if (era === 'legacy') {
      expect(run.code).toBe(0);
      expect(Array.isArray(json(run).tasks)).toBe(true);
    } else {
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(/tasks\/list/);
    }
  });
});
