/**
 * The tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) on MCP 2026-07-28: a server may
 * answer a `tools/call` with a task handle instead of the result, and the client follows the task
 * with `tasks/get`, answers its input requests with `tasks/update` and stops it with `tasks/cancel`.
 *
 * Source: `extensions/tasks/tasks.md`, `extensions/tasks/schema.json`. The server alone decides
 * whether a request becomes a task; it may only do so for a request whose client capabilities
 * declared the extension. There is no `tasks/list` and no `tasks/result`: a finished task carries
 * its result (or error) inline.
 */

import type { NotificationParams, RequestParams, Result } from '../../2026-07-28/base.js';
import type { Error as JSONRPCErrorObject, JSONRPCNotification, JSONRPCRequest } from '../../2026-07-28/jsonrpc.js';
import type { InputRequests, InputResponses } from '../../2026-07-28/mrtr.js';

/**
 * Where a task stands. `completed`, `failed` and `cancelled` are terminal: a task never leaves them.
 */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/**
 * What every view of a task carries: its identity, status and timing.
 */
export interface Task {
  /** Identifier minted by the server; unguessable, since it may be all a caller needs to reach the task. */
  taskId: string;
  /** Where the task stands now. */
  status: TaskStatus;
  /** Human-readable words on the current state (progress, what it waits for, why it failed...). */
  statusMessage?: string;
  /** When the task was created (ISO 8601). */
  createdAt: string;
  /** When the task last changed (ISO 8601). */
  lastUpdatedAt: string;
  /**
   * Milliseconds from creation after which the server may discard the task; `null` for no limit.
   * It may change over the task's life.
   */
  ttlMs: number | null;
  /** How often, in milliseconds, the server suggests polling `tasks/get`. It may change too. */
  pollIntervalMs?: number;
}

/** A task that is still running. */
export interface WorkingTask extends Task {
  /** Always `"working"`. */
  status: 'working';
}

/** A task waiting for the client to answer the requests it lists. */
export interface InputRequiredTask extends Task {
  /** Always `"input_required"`. */
  status: 'input_required';
  /**
   * Every request still waiting for an answer, by key. A key names one request for the whole life
   * of the task and is never reused; answers go back in `tasks/update` under the same keys.
   */
  inputRequests: InputRequests;
}

/** A task that finished with a result (a tool result with `isError: true` included). */
export interface CompletedTask extends Task {
  /** Always `"completed"`. */
  status: 'completed';
  /** What the original request would have returned, e.g. a `CallToolResult`. */
  result: { [key: string]: unknown };
}

/** A task whose request ended in a JSON-RPC error. */
export interface FailedTask extends Task {
  /** Always `"failed"`. */
  status: 'failed';
  /** The JSON-RPC error the request ended with. */
  error: JSONRPCErrorObject;
}

/** A task that was cancelled before it finished. */
export interface CancelledTask extends Task {
  /** Always `"cancelled"`. */
  status: 'cancelled';
}

/**
 * A task with the fields of its status inlined: what `tasks/get` returns and what
 * `notifications/tasks` carries.
 */
export type DetailedTask = WorkingTask | InputRequiredTask | CompletedTask | FailedTask | CancelledTask;

/**
 * The answer to a request the server chose to run as a task: the task's first state, flat (no
 * wrapper), with `resultType: "task"`. The task exists (a `tasks/get` finds it) once this is sent.
 */
export type CreateTaskResult = Result &
  Task & {
    /** Always `"task"`. */
    resultType: 'task';
  };

/**
 * Parameters naming one task.
 */
export interface TaskRequestParams extends RequestParams {
  /** The task, as `CreateTaskResult.taskId` named it. */
  taskId: string;
}

/**
 * Asks for the current state of a task.
 * @mcpResult GetTaskResult
 * @mcpName params.taskId
 */
export interface GetTaskRequest extends JSONRPCRequest {
  /** Always `"tasks/get"`. */
  method: 'tasks/get';
  /** Which task. */
  params: TaskRequestParams;
}

/**
 * The state of a task, with its result, error or pending input requests inlined.
 */
export type GetTaskResult = Result &
  DetailedTask & {
    /** Always `"complete"`. */
    resultType: 'complete';
  };

/**
 * Parameters of `tasks/update`.
 */
export interface UpdateTaskRequestParams extends TaskRequestParams {
  /** Answers to outstanding `inputRequests` of the task, by their keys; unknown keys are ignored. */
  inputResponses: InputResponses;
}

/**
 * Answers some or all of the input requests a task waits for.
 * @mcpResult UpdateTaskResult
 * @mcpName params.taskId
 */
export interface UpdateTaskRequest extends JSONRPCRequest {
  /** Always `"tasks/update"`. */
  method: 'tasks/update';
  /** The task and the answers. */
  params: UpdateTaskRequestParams;
}

/**
 * The empty acknowledgement of `tasks/update`; the task's new state shows in the next `tasks/get`.
 */
export type UpdateTaskResult = Result & {
  /** Always `"complete"`. */
  resultType: 'complete';
};

/**
 * Asks the server to stop a task. Cooperative: the task may still finish another way.
 * @mcpResult CancelTaskResult
 * @mcpName params.taskId
 */
export interface CancelTaskRequest extends JSONRPCRequest {
  /** Always `"tasks/cancel"`. */
  method: 'tasks/cancel';
  /** Which task. */
  params: TaskRequestParams;
}

/**
 * The empty acknowledgement of `tasks/cancel` (also for a task that already ended).
 */
export type CancelTaskResult = Result & {
  /** Always `"complete"`. */
  resultType: 'complete';
};

/**
 * Parameters of `notifications/tasks`: the whole task as `tasks/get` would show it now.
 */
export type TaskStatusNotificationParams = NotificationParams & DetailedTask;

/**
 * Tells a listener that a task changed. Sent only on a `subscriptions/listen` stream that named the
 * task in `taskIds`; never `notifications/progress` or `notifications/message` for a task.
 */
export interface TaskStatusNotification extends JSONRPCNotification {
  /** Always `"notifications/tasks"`. */
  method: 'notifications/tasks';
  /** The task's current state. */
  params: TaskStatusNotificationParams;
}

/**
 * What the extension adds to a `subscriptions/listen` filter (and to its acknowledgement).
 */
export interface TaskSubscriptionNotifications {
  /** The tasks to receive `notifications/tasks` for (granted: the ones the server agreed to). */
  taskIds?: string[];
}

/**
 * The settings of the extension in `capabilities.extensions`: none are defined, `{}` declares support.
 */
export interface TasksExtensionCapability {}

/**
 * Every request the extension lets a client send.
 */
export type TasksClientRequest = GetTaskRequest | UpdateTaskRequest | CancelTaskRequest;

/**
 * Every notification the extension lets a server send.
 */
export type TasksServerNotification = TaskStatusNotification;
