import type { JsonObject } from '@mcpkit/jsonrpc';
import { TASKS_EXTENSION_ID, validateTaskRequestParams } from '@mcpkit/schema/tasks';
import type { JsonSchemaObject, ToolDefinition, ToolSchema } from '@mcpkit/server';
import type { ExtensionHost, ExtensionMethod, ServerExtension } from '@mcpkit/server/extension';
import { MemoryTaskStore } from '../store/memory-store.js';
import type { TaskStore } from '../store/task-store.js';
import { ownerOf } from './owner.js';
import { TaskService } from './task-service.js';
import { taskTool, type TaskToolConfig } from './task-tool.js';
import { detailedTask } from './views.js';

/** Options of `createTasksServer`. */
export interface TasksServerOptions {
  /** Where tasks live (default a `MemoryTaskStore`: one replica). Replicas share one, e.g. `RedisTaskStore`. */
  store?: TaskStore;
  /** The clock (default `Date.now`); tests inject their own. */
  now?: () => number;
  /** Lifetime of a task from creation, in ms; `null` for unlimited (default one hour). */
  ttlMs?: number | null;
  /** The polling interval tasks suggest, in ms (default 1000). */
  pollIntervalMs?: number;
  /** How long past its TTL an expired task is still told apart from an unknown one before the store forgets it (default 10 min). */
  retentionMs?: number;
  /** How long a replica's claim on a running task lasts without renewal (default 30 s); see README, "Replicas". */
  leaseMs?: number;
  /** Handlers running as tasks at once in this process before new task calls are refused with `-32603` (default 1000). */
  maxRunning?: number;
  /**
   * Of those, how many one owner (a principal, a legacy session without one, or all unauthenticated
   * callers together) may run at once before its new task calls are refused with `-32603` naming
   * this limit (default a tenth of `maxRunning`, at least 1).
   */
  maxRunningPerOwner?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const positive = (name: string, value: number): number => {
  if (!Number.isInteger(value) || value <= 0) throw new RangeError(`createTasksServer: ${name} must be a positive integer, got ${value}`);
  return value;
};

/** The services of task servers, for the 2025-11-25 plug-in of this package (not part of the API). */
export const SERVICES = new WeakMap<TasksServer, TaskService>();

/**
 * The tasks extension (`io.modelcontextprotocol/tasks`) of a server: pass it to `createServer({ extensions })`
 * and make its tools with `tool()`. It serves `tasks/get`, `tasks/update` and `tasks/cancel` (each
 * only to clients that declared the extension, `-32021` otherwise), and `notifications/tasks` on
 * listen streams that name tasks in `taskIds`. Tasks belong to the principal that created them.
 */
export class TasksServer implements ServerExtension {
  readonly id = TASKS_EXTENSION_ID;
  readonly settings = {};
  readonly resultTypes = { 'tools/call': ['task'] };
  readonly methods: Readonly<Record<string, ExtensionMethod>>;
  readonly listen;
  private readonly service: TaskService;

  /** @internal Made one way: `createTasksServer(options)`. */
  constructor(options: TasksServerOptions = {}) {
    const maxRunning = positive('maxRunning', options.maxRunning ?? 1000);
    const ttlMs = options.ttlMs === undefined ? 3_600_000 : options.ttlMs === null ? null : positive('ttlMs', options.ttlMs);
    this.service = new TaskService({
      store: options.store ?? new MemoryTaskStore({ now: options.now }),
      now: options.now ?? Date.now,
      ttlMs,
      pollIntervalMs: positive('pollIntervalMs', options.pollIntervalMs ?? 1000),
      retentionMs: positive('retentionMs', options.retentionMs ?? 600_000),
      leaseMs: positive('leaseMs', options.leaseMs ?? 30_000),
      maxRunning,
      maxRunningPerOwner: positive('maxRunningPerOwner', options.maxRunningPerOwner ?? Math.max(1, Math.ceil(maxRunning / 10))),
    });
    SERVICES.set(this, this.service);
    const service = this.service;
    const owner = (ctx: Parameters<ExtensionMethod['handle']>[1]) => ownerOf(ctx.principal, ctx.transport);
    // spec: extensions/tasks/tasks.md "Protocol Errors" — each method is -32021 for a non-declaring client.
    this.methods = {
      'tasks/get': {
        validate: validateTaskRequestParams,
        requiresClientExtension: true,
        nameSource: 'taskId',
        handle: async (params, ctx) => detailedTask(await service.find(params.taskId as string, owner(ctx))) as unknown as JsonObject,
      },
      'tasks/update': {
        // Answers under keys that are not outstanding are ignored, so only the shape of the map is
        // checked here; each answer that matters is checked as an input response by the service.
        validate: Object.assign((params: unknown) => validateTaskRequestParams(params) && isObject((params as { inputResponses?: unknown }).inputResponses), {
          get errors() {
            return (
              validateTaskRequestParams.errors ?? [{ instancePath: '/inputResponses', keyword: 'type', params: { type: 'object' }, message: 'must be object' }]
            );
          },
        }),
        requiresClientExtension: true,
        nameSource: 'taskId',
        handle: async (params, ctx) => {
          await service.update(params.taskId as string, owner(ctx), params.inputResponses as Record<string, unknown>);
          return {};
        },
      },
      'tasks/cancel': {
        validate: validateTaskRequestParams,
        requiresClientExtension: true,
        nameSource: 'taskId',
        handle: async (params, ctx) => {
          await service.cancel(params.taskId as string, owner(ctx));
          return {};
        },
      },
    };
    this.listen = {
      filterKey: 'taskIds',
      requiresClientExtension: true,
      grant: async (topics: readonly string[], ctx: Parameters<ExtensionMethod['handle']>[1]) => {
        const granted: string[] = [];
        for (const taskId of new Set(topics)) {
          try {
            await service.find(taskId, owner(ctx));
            granted.push(taskId);
          } catch {
            // Unknown, expired or someone else's: not granted (and nothing said about which).
          }
        }
        return granted;
      },
    };
  }

  /**
   * A tool that runs as a task when its client declared the extension (and as a plain call otherwise,
   * unless `taskSupport: 'required'`). Register it with the server like any tool.
   *
   * @example const slow = tasks.tool({ name: 'render', taskSupport: 'optional', handler: async (args, ctx) => render(args, ctx.signal) });
   */
  tool<S extends ToolSchema = JsonSchemaObject>(config: TaskToolConfig<S>): ToolDefinition {
    return taskTool(this.service, config);
  }

  /** How a tool of this server supports tasks: `optional`, `required`, or `undefined` for a tool made elsewhere. */
  taskSupport(toolName: string): 'optional' | 'required' | undefined {
    return this.service.tools.get(toolName)?.support;
  }

  /** Called by `createServer`. */
  attach(host: ExtensionHost): void {
    if (this.service.host) throw new TypeError('This tasks server is attached to a server already: make one per server');
    this.service.host = host;
  }

  /** Called by the server's `close()`: the handlers still running here are aborted and their tasks failed. */
  close(): Promise<void> {
    return this.service.runner.close();
  }
}

/**
 * The tasks extension for a server.
 *
 * @example
 * const tasks = createTasksServer({ store: new MemoryTaskStore() });
 * const server = createServer({ info, tools: [tasks.tool({ name: 'slow', handler })], extensions: [tasks] });
 */
export function createTasksServer(options?: TasksServerOptions): TasksServer {
  return new TasksServer(options);
}
