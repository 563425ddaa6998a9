// Copied by tools/codegen from schema/2025-11-25/tasks.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25 (experimental): tasks. The sender of a request (the requestor) may ask the
 * other side (the receiver) to run it as a durable task, then poll its state and fetch its
 * result later. Works in both directions: clients task `tools/call`, servers task
 * `sampling/createMessage` and `elicitation/create`, each only where the receiver declared it.
 *
 * The task methods can be sent by either side, so they carry one `@mcpCapability` per
 * direction: `server.*` applies when the client sends them, `client.*` when the server does.
 *
 * Spec: 2025-11-25/pages/basic/utilities/tasks.mdx
 */

import type { NotificationParams, RequestParams, Result } from './base.js';
import type { JSONRPCNotification, JSONRPCRequest } from './jsonrpc.js';
import type { PaginatedRequest, PaginatedResult } from './pagination.js';

/**
 * Where a task is in its life. It starts `working`, may go to `input_required` and back, and
 * ends in `completed`, `failed` or `cancelled`, which never change again.
 */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** What a requestor puts in a request's `task` field to have it run as a task. */
export interface TaskMetadata {
  /** How long, in milliseconds from creation, the requestor would like the task kept. */
  ttl?: number;
}

/**
 * Ties a message to a task; sent in `_meta` under `io.modelcontextprotocol/related-task` on
 * every request, notification and result that belongs to the task.
 */
export interface RelatedTaskMetadata {
  /** Id of the task the message belongs to. */
  taskId: string;
}

/** The state of one task, as reported by its receiver. */
export interface Task {
  /** Identifier chosen by the receiver, unique among the tasks it holds. */
  taskId: string;
  /** Where the task is in its life. */
  status: TaskStatus;
  /**
   * Human-readable detail on the current status, such as why it was cancelled, a summary of the
   * outcome, or what went wrong.
   */
  statusMessage?: string;
  /** When the task was created, as an ISO 8601 timestamp. */
  createdAt: string;
  /** When the task last changed, as an ISO 8601 timestamp. */
  lastUpdatedAt: string;
  /**
   * How long, in milliseconds from creation, the receiver will keep the task (it may differ
   * from what was asked); `null` means no limit.
   */
  ttl: number | null;
  /** How many milliseconds the requestor should wait between polls. */
  pollInterval?: number;
}

/** Parameters of a request that may be run as a task. */
export interface TaskAugmentedRequestParams extends RequestParams {
  /**
   * Asks for task execution: the receiver answers at once with a `CreateTaskResult` and the real
   * result comes from `tasks/result`. Only where the receiver declared it for this request type.
   */
  task?: TaskMetadata;
}

/** The immediate answer to a request accepted as a task; the real result comes later. */
export interface CreateTaskResult extends Result {
  /** The newly created task, normally `working`. */
  task: Task;
}

/**
 * Asks for the current state of a task; requestors poll with it until the task ends or needs
 * input.
 * @mcpResult GetTaskResult
 * @mcpCapability server.tasks
 * @mcpCapability client.tasks
 */
export interface GetTaskRequest extends JSONRPCRequest {
  /** Always `tasks/get`. */
  method: 'tasks/get';
  /** Which task. */
  params: {
    /** Id of the task to look up. */
    taskId: string;
  };
}

/** The current state of the task asked about. */
export type GetTaskResult = Result & Task;

/**
 * Asks for the outcome of a task. The receiver holds the answer until the task ends, then
 * returns exactly what the original request would have returned, result or error.
 * @mcpResult GetTaskPayloadResult
 * @mcpCapability server.tasks
 * @mcpCapability client.tasks
 */
export interface GetTaskPayloadRequest extends JSONRPCRequest {
  /** Always `tasks/result`. */
  method: 'tasks/result';
  /** Which task. */
  params: {
    /** Id of the task whose outcome is wanted. */
    taskId: string;
  };
}

/**
 * The outcome of a finished task: the result of the original request (for `tools/call`, a
 * `CallToolResult`), with the related-task key in `_meta`.
 */
export interface GetTaskPayloadResult extends Result {
  [key: string]: unknown;
}

/**
 * Asks the receiver to stop a task and mark it `cancelled`. A task already in a final status
 * cannot be cancelled (-32602).
 * @mcpResult CancelTaskResult
 * @mcpCapability server.tasks.cancel
 * @mcpCapability client.tasks.cancel
 */
export interface CancelTaskRequest extends JSONRPCRequest {
  /** Always `tasks/cancel`. */
  method: 'tasks/cancel';
  /** Which task. */
  params: {
    /** Id of the task to cancel. */
    taskId: string;
  };
}

/** The state of the task after cancellation. */
export type CancelTaskResult = Result & Task;

/**
 * Asks for the tasks the requestor may see, one page at a time.
 * @mcpResult ListTasksResult
 * @mcpCapability server.tasks.list
 * @mcpCapability client.tasks.list
 */
export interface ListTasksRequest extends PaginatedRequest {
  /** Always `tasks/list`. */
  method: 'tasks/list';
}

/** One page of tasks. */
export interface ListTasksResult extends PaginatedResult {
  /** The tasks on this page. */
  tasks: Task[];
}

/**
 * Sent by a task's receiver when the task's status changes. Optional: requestors must keep
 * polling rather than rely on it.
 * @mcpCapability server.tasks
 * @mcpCapability client.tasks
 */
export interface TaskStatusNotification extends JSONRPCNotification {
  /** Always `notifications/tasks/status`. */
  method: 'notifications/tasks/status';
  /** The full new state of the task. */
  params: TaskStatusNotificationParams;
}

/** The full state of a task whose status changed. */
export type TaskStatusNotificationParams = NotificationParams & Task;
