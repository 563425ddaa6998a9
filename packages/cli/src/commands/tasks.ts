import { TaskClient, type TaskInfo } from '@mcpkit/tasks-client';
import { ExitCode } from '../cli/exit-codes.js';
import type { ClientCommand } from '../cli/invocation.js';
import { formatCallResult } from '../output/format-content.js';
import { callOptions, printResult, type CommandContext } from './context.js';

/**
 * The task commands (`tools call --task`, `tasks list|get|result|cancel`) through `TaskClient` of
 * `@mcpkit/tasks-client`, in either era: the tasks extension at 2026-07-28, core tasks at 2025-11-25.
 * A task outlives the command, so these are for HTTP servers (a stdio server ends with the command).
 */

/** A task client answering what a 2026-07-28 task asks with the command's input (prompts or --answers). */
const taskClient = (ctx: CommandContext) => new TaskClient(ctx.client, { handlers: ctx.handlers });

function formatTask(task: TaskInfo): string {
  const lines = [`${task.taskId}  ${task.status}`];
  if (task.statusMessage !== undefined) lines.push(`  ${task.statusMessage}`);
  lines.push(`  created ${task.createdAt}, updated ${task.lastUpdatedAt}`);
  const ttl = task.ttlMs === null ? 'no ttl' : `ttl ${task.ttlMs} ms`;
  lines.push(`  ${task.pollIntervalMs === undefined ? ttl : `${ttl}, poll every ${task.pollIntervalMs} ms`}`);
  return lines.join('\n');
}

/** Waits for a task and prints its result as `tools call` would. */
async function waitAndPrint(ctx: CommandContext, tasks: TaskClient, taskId: string, what: string): Promise<number> {
  const result = await tasks.wait(taskId, { signal: ctx.signal, onStatus: (task) => ctx.progress.start(`${what}: task ${task.status}`) });
  printResult(ctx, result, () => formatCallResult(result, ctx.term.outStyle));
  if (result.isError) {
    ctx.term.err(ctx.term.errStyle.red(`mcpkit: ${what} reported an error (isError)`));
    return ExitCode.ServerError;
  }
  return ExitCode.Ok;
}

/** `mcpkit tools call NAME --task`: prints the task id on stderr at once, then waits for the result. */
export async function callToolAsTask(ctx: CommandContext, command: Extract<ClientCommand, { name: 'tools call' }>): Promise<number> {
  ctx.progress.start(`tools/call ${command.tool} (as a task)`);
  const tasks = taskClient(ctx);
  const started = await tasks.callTool({ name: command.tool, arguments: command.args }, callOptions(ctx));
  if (started.kind === 'result') {
    ctx.progress.clear();
    ctx.term.err(ctx.term.errStyle.dim(`mcpkit: the server answered at once (no task)`));
    printResult(ctx, started.result, () => formatCallResult(started.result, ctx.term.outStyle));
    return started.result.isError ? ExitCode.ServerError : ExitCode.Ok;
  }
  ctx.progress.clear();
  ctx.term.err(
    `mcpkit: task ${started.task.taskId} (${started.task.created?.status ?? 'working'}); \`mcpkit tasks result ${started.task.taskId}\` picks it up again`,
  );
  return waitAndPrint(ctx, tasks, started.task.taskId, `the tool "${command.tool}"`);
}

/** `mcpkit tasks list`. */
export async function listTasks(ctx: CommandContext): Promise<number> {
  ctx.progress.start('tasks/list');
  const tasks = taskClient(ctx);
  const all: TaskInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await tasks.list(cursor, callOptions(ctx));
    all.push(...page.tasks);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  printResult(ctx, { tasks: all }, () => (all.length === 0 ? '(no tasks)' : all.map(formatTask).join('\n')));
  return ExitCode.Ok;
}

/** `mcpkit tasks get ID`. */
export async function getTask(ctx: CommandContext, taskId: string): Promise<number> {
  ctx.progress.start('tasks/get');
  const task = await taskClient(ctx).get(taskId, callOptions(ctx));
  printResult(ctx, task, () => formatTask(task));
  return ExitCode.Ok;
}

/** `mcpkit tasks result ID`. */
export function taskResult(ctx: CommandContext, taskId: string): Promise<number> {
  ctx.progress.start(`task ${taskId}`);
  return waitAndPrint(ctx, taskClient(ctx), taskId, `task ${taskId}`);
}

/** `mcpkit tasks cancel ID`. */
export async function cancelTask(ctx: CommandContext, taskId: string): Promise<number> {
  ctx.progress.start('tasks/cancel');
  await taskClient(ctx).cancel(taskId, callOptions(ctx));
  printResult(ctx, { taskId, cancelled: true }, () => `cancel requested for task ${taskId}`);
  return ExitCode.Ok;
}
