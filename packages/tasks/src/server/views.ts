import type { DetailedTask, Task } from '@mcpkit/schema/tasks';
import type { TaskRecord } from '../store/task-store.js';

/** Epoch ms as the ISO 8601 timestamps tasks carry. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** The `Task` fields of a record. */
export function taskFields(record: TaskRecord): Task {
  const task: Task = {
    taskId: record.taskId,
    status: record.status,
    createdAt: iso(record.createdAt),
    lastUpdatedAt: iso(record.lastUpdatedAt),
    ttlMs: record.ttlMs,
    pollIntervalMs: record.pollIntervalMs,
  };
  if (record.statusMessage !== undefined) task.statusMessage = record.statusMessage;
  return task;
}

/**
 * The task with the fields of its status inlined, as `tasks/get` and `notifications/tasks` show it
 * (spec: extensions/tasks/tasks.md "Tasks"): `result` when completed, `error` when failed, the
 * outstanding `inputRequests` when waiting for input.
 */
export function detailedTask(record: TaskRecord): DetailedTask {
  const task = taskFields(record) as DetailedTask & Record<string, unknown>;
  if (record.status === 'completed') task.result = { ...record.result };
  if (record.status === 'failed') task.error = { ...record.error! };
  if (record.status === 'input_required') task.inputRequests = { ...record.inputRequests };
  return task;
}

/** The first answer of a task-augmented call: the task, flat, `resultType: "task"`, nothing inlined. */
export function createTaskBody(record: TaskRecord): Task & Record<string, unknown> {
  return taskFields(record) as Task & Record<string, unknown>;
}

/** Whether a status is terminal (a task never leaves it). */
export const isTerminal = (status: string): boolean => status === 'completed' || status === 'failed' || status === 'cancelled';
