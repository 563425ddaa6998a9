import { UnsupportedInEraError, type CallOptions, type CallToolParams, type InputHandlers, type McpClient } from '@mcpkit/client';
import { RemoteError, type JsonObject } from '@mcpkit/jsonrpc';
import type { CallToolResult, Tool } from '@mcpkit/schema';
import { TaskCancelledError, TaskProtocolError } from './errors.js';
import { isTerminal, toTaskInfo, type TaskInfo } from './task-info.js';
import { pause, settleTerminal, waitModern, type WaitSettings } from './wait.js';

/** Options of `TaskClient`. */
export interface TaskClientOptions {
  /** Answer the input requests of 2026-07-28 tasks (a 2025-11-25 session uses the client's own handlers). */
  handlers?: InputHandlers;
  /** Polling interval when the server suggests none, in ms (default 1000). */
  defaultPollIntervalMs?: number;
  /** The shortest interval between two polls, whatever the server suggests, in ms (default 10). */
  minPollIntervalMs?: number;
}

/** Options of `TaskClient.callTool`. */
export interface TaskCallOptions extends CallOptions {
  /** The lifetime to ask for (2025-11-25 `task.ttl`; a 2026-07-28 server decides alone). */
  ttlMs?: number;
}

/** Options of a wait. */
export interface TaskWaitOptions {
  /** Aborting it stops waiting (the task goes on; cancel it with `cancel()`). */
  signal?: AbortSignal;
  /** Told each state seen while waiting. */
  onStatus?: (task: TaskInfo) => void;
}

/** What `callTool` started: a task to follow, or a result the server answered at once. */
export type TaskCall = { readonly kind: 'task'; readonly task: TaskHandle } | { readonly kind: 'result'; readonly result: CallToolResult };

/** One task of one server. */
export interface TaskHandle {
  readonly taskId: string;
  /** The task's first state, as the server answered the call (absent for a handle made from an id). */
  readonly created: TaskInfo | undefined;
  /** Its current state. */
  get(options?: CallOptions): Promise<TaskInfo>;
  /** Waits for its end: the tool's result; a `RemoteError` when it failed, `TaskCancelledError` when cancelled. */
  wait(options?: TaskWaitOptions): Promise<CallToolResult>;
  /** Asks the server to stop it. */
  cancel(options?: CallOptions): Promise<void>;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Tasks from the caller's side, on any `McpClient` (`ModernClient`, the legacy client, the dual-era
 * client of `connect()`): call a tool as a task, follow it at the server's poll interval, answer its
 * input requests, cancel it, list them (2025-11-25), and pick a task up again by id after a restart
 * (keep the id somewhere durable; extensions/tasks/tasks.md "Task Polling"). In the modern era the
 * client must run `tasksExtension()`.
 *
 * @example
 * const tasks = new TaskClient(client, { handlers });
 * const started = await tasks.callTool({ name: 'slow_compute', arguments: { seconds: 30 } });
 * if (started.kind === 'task') console.log(await started.task.wait());
 */
export class TaskClient {
  private readonly settings: Omit<WaitSettings, 'signal' | 'onStatus'>;
  private readonly support = new Map<string, string | undefined>();

  constructor(
    readonly client: McpClient,
    options: TaskClientOptions = {},
  ) {
    this.settings = {
      request: (method, params, callOptions) => client.request(method, params, callOptions),
      handlers: options.handlers ?? {},
      defaultPollIntervalMs: options.defaultPollIntervalMs ?? 1000,
      minPollIntervalMs: options.minPollIntervalMs ?? 10,
    };
  }

  /**
   * Calls a tool as a task. 2026-07-28: the server decides (a declaring client may get the result at
   * once). 2025-11-25: the call is task-augmented when the server and the tool support tasks
   * (`capabilities.tasks.requests.tools.call`, `execution.taskSupport`), and a plain call otherwise.
   */
  async callTool(params: CallToolParams, options: TaskCallOptions = {}): Promise<TaskCall> {
    const { ttlMs, ...callOptions } = options;
    if (this.client.era === 'legacy') {
      if (!(await this.legacySupports(params.name, callOptions))) return { kind: 'result', result: await this.client.callTool(params, callOptions) };
      const created = await this.client.request('tools/call', { ...params, task: ttlMs === undefined ? {} : { ttl: ttlMs } }, callOptions);
      if (!isObject(created.task)) return { kind: 'result', result: created as unknown as CallToolResult };
      return { kind: 'task', task: this.handleFor(toTaskInfo(created.task as JsonObject)) };
    }
    const answer = await this.client.request('tools/call', params as Record<string, unknown>, callOptions);
    if (answer.resultType === 'task') return { kind: 'task', task: this.handleFor(toTaskInfo(answer)) };
    return { kind: 'result', result: answer as unknown as CallToolResult };
  }

  /** A handle on a task known by id (one started earlier, maybe by another process). */
  handle(taskId: string): TaskHandle {
    return this.handleFor(undefined, taskId);
  }

  /** The current state of a task. */
  async get(taskId: string, options?: CallOptions): Promise<TaskInfo> {
    return toTaskInfo(await this.client.request('tasks/get', { taskId }, options));
  }

  /** Waits for a task to end (see `TaskHandle.wait`); works for a task started before a restart. */
  wait(taskId: string, options: TaskWaitOptions = {}): Promise<CallToolResult> {
    return this.waitFor(taskId, undefined, options);
  }

  /**
   * Asks the server to cancel a task. 2026-07-28 acknowledges even an ended task; 2025-11-25 answers
   * `-32602` (a `RemoteError`) for a task that already ended.
   */
  async cancel(taskId: string, options?: CallOptions): Promise<void> {
    await this.client.request('tasks/cancel', { taskId }, options);
  }

  /** One page of the caller's tasks: 2025-11-25 only (the tasks extension has no `tasks/list`; `UnsupportedInEraError`). */
  async list(cursor?: string, options?: CallOptions): Promise<{ tasks: TaskInfo[]; nextCursor?: string }> {
    if (this.client.era !== 'legacy') throw new UnsupportedInEraError('tasks/list', 'modern', this.client.protocolVersion);
    const page = await this.client.request('tasks/list', cursor === undefined ? {} : { cursor }, options);
    const tasks = (page.tasks as JsonObject[]).map(toTaskInfo);
    return typeof page.nextCursor === 'string' ? { tasks, nextCursor: page.nextCursor } : { tasks };
  }

  private handleFor(created: TaskInfo | undefined, taskId = created?.taskId): TaskHandle {
    if (taskId === undefined) throw new TaskProtocolError('A task without an id');
    return {
      taskId,
      created,
      get: (options) => this.get(taskId, options),
      wait: (options) => this.waitFor(taskId, created, options),
      cancel: (options) => this.cancel(taskId, options),
    };
  }

  private async waitFor(taskId: string, created: TaskInfo | undefined, options: TaskWaitOptions = {}): Promise<CallToolResult> {
    const settings = { ...this.settings, signal: options.signal, onStatus: options.onStatus };
    if (this.client.era !== 'legacy') return (await waitModern(taskId, settings, created as unknown as JsonObject | undefined)) as unknown as CallToolResult;
    return this.waitLegacy(taskId, settings);
  }

  /**
   * 2025-11-25 (basic/utilities/tasks.mdx "Result Retrieval"): poll `tasks/get` at the server's
   * `pollInterval` until the task ends or needs input, then `tasks/result`, which blocks until the end
   * while the server asks its questions as requests of the session (answered by the client's handlers).
   */
  private async waitLegacy(taskId: string, settings: WaitSettings): Promise<CallToolResult> {
    for (;;) {
      const task = await this.get(taskId, { signal: settings.signal });
      settings.onStatus?.(task);
      if (task.status === 'cancelled') throw new TaskCancelledError(taskId, task.statusMessage);
      if (isTerminal(task.status) || task.status === 'input_required') {
        try {
          const result = await this.client.request('tasks/result', { taskId }, { signal: settings.signal, timeoutMs: 0, maxTotalTimeoutMs: 0 });
          return result as unknown as CallToolResult;
        } catch (error) {
          if (!(error instanceof RemoteError)) throw error;
          const after = await this.get(taskId, { signal: settings.signal });
          if (after.status === 'cancelled') throw new TaskCancelledError(taskId, after.statusMessage);
          if (after.status === 'failed' && after.error === undefined) throw error;
          if (isTerminal(after.status)) return settleTerminal(after) as unknown as CallToolResult;
          throw error;
        }
      }
      await pause(Math.max(settings.minPollIntervalMs, task.pollIntervalMs ?? settings.defaultPollIntervalMs), settings.signal);
    }
  }

  /** Whether a 2025-11-25 server runs this tool as a task (its capability and the tool's `execution.taskSupport`). */
  private async legacySupports(name: string, options: CallOptions): Promise<boolean> {
    const capabilities = (await this.client.discover(options)).capabilities as { tasks?: { requests?: { tools?: { call?: unknown } } } };
    if (!isObject(capabilities.tasks?.requests?.tools?.call)) return false;
    if (!this.support.has(name)) {
      for await (const tool of this.client.iterateTools(options)) {
        this.support.set(tool.name, (tool as Tool & { execution?: { taskSupport?: string } }).execution?.taskSupport);
      }
    }
    const support = this.support.get(name);
    return support === 'optional' || support === 'required';
  }
}
