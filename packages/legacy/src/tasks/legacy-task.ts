/**
 * A task in the 2025-11-25 shape (basic/utilities/tasks.mdx "Task"): `ttl` and `pollInterval`
 * instead of `ttlMs` and `pollIntervalMs`, nothing inlined, and a tool result with `isError: true`
 * shown as `failed` ("Task Execution Errors": 2025-11-25 fails such a task, 2026-07-28 completes it).
 */
import type { JsonObject } from '@mcpkit/jsonrpc';
import type { TaskRecord } from '@mcpkit/tasks';
import { iso } from '@mcpkit/tasks/internal';

/** The 2025-11-25 `related-task` metadata key. */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** The 2025-11-25 status of a task (an `isError` result is `failed` there). */
export function legacyStatus(record: TaskRecord): string {
  return record.status === 'completed' && record.result?.isError === true ? 'failed' : record.status;
}

/** The 2025-11-25 `Task` of a record. */
export function legacyTask(record: TaskRecord): JsonObject {
  const task: JsonObject = {
    taskId: record.taskId,
    status: legacyStatus(record),
    createdAt: iso(record.createdAt),
    lastUpdatedAt: iso(record.lastUpdatedAt),
    ttl: record.ttlMs,
    pollInterval: record.pollIntervalMs,
  };
  const message = record.statusMessage ?? (legacyStatus(record) === 'failed' && record.status === 'completed' ? 'The tool reported an error' : undefined);
  if (message !== undefined) task.statusMessage = message;
  return task;
}

/** The 2026-07-28 task fields of a `CreateTaskResult` (as the modern dispatch answered) in the 2025-11-25 shape. */
export function legacyCreated(created: JsonObject): JsonObject {
  const task: JsonObject = {
    taskId: created.taskId,
    status: created.status,
    createdAt: created.createdAt,
    lastUpdatedAt: created.lastUpdatedAt,
    ttl: created.ttlMs ?? null,
  };
  if (created.pollIntervalMs !== undefined) task.pollInterval = created.pollIntervalMs;
  if (created.statusMessage !== undefined) task.statusMessage = created.statusMessage;
  return task;
}
