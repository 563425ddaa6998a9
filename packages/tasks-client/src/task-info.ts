import type { JsonObject } from '@mcpkit/jsonrpc';
import type { InputRequests } from '@mcpkit/schema';
import type { TaskStatus } from '@mcpkit/schema/tasks';
import { TaskProtocolError } from './errors.js';

/**
 * A task as a `TaskClient` reports it, whatever the era: the fields of a 2026-07-28 task
 * (`ttlMs`, `pollIntervalMs`; a 2025-11-25 server's `ttl` and `pollInterval` are renamed), plus what
 * the server inlined for its status (2026-07-28 only: `result`, `error`, `inputRequests`).
 */
export interface TaskInfo {
  readonly taskId: string;
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  readonly createdAt: string;
  readonly lastUpdatedAt: string;
  readonly ttlMs: number | null;
  readonly pollIntervalMs?: number;
  readonly result?: JsonObject;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
  readonly inputRequests?: InputRequests;
}

/** Whether a status is terminal. */
export const isTerminal = (status: string): boolean => status === 'completed' || status === 'failed' || status === 'cancelled';

/** A task object of either era (already checked against its schema) as a `TaskInfo`. */
export function toTaskInfo(task: JsonObject): TaskInfo {
  if (typeof task.taskId !== 'string') throw new TaskProtocolError('The server sent a task without a taskId');
  const info: Record<string, unknown> = {
    taskId: task.taskId,
    status: task.status,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: 'ttlMs' in task ? task.ttlMs : (task.ttl ?? null),
  };
  const poll = task.pollIntervalMs ?? task.pollInterval;
  if (typeof poll === 'number') info.pollIntervalMs = poll;
  for (const key of ['statusMessage', 'result', 'error', 'inputRequests'] as const) if (task[key] !== undefined) info[key] = task[key];
  return info as unknown as TaskInfo;
}
