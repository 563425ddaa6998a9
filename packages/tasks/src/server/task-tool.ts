import { ResponseError, type JsonObject } from '@mcpkit/jsonrpc';
import { TASKS_EXTENSION_ID } from '@mcpkit/schema/tasks';
import {
  InputRequired,
  missingClientExtension,
  tool,
  type ArgsOf,
  type JsonSchemaObject,
  type RequestContext,
  type ToolConfig,
  type ToolDefinition,
  type ToolSchema,
} from '@mcpkit/server';
import { extensionResult } from '@mcpkit/server/extension';
import { isTaskLimitError } from '../store/limit-error.js';
import type { TaskRecord } from '../store/task-store.js';
import { ownerOf, storedPrincipal } from './owner.js';
import type { TaskService } from './task-service.js';
import { createTaskBody } from './views.js';

/** How a tool that may run as a task is described: a `ToolConfig` and its task settings. */
export interface TaskToolConfig<S extends ToolSchema = JsonSchemaObject> extends ToolConfig<S> {
  /**
   * `optional` (default): a call becomes a task when its client declared the extension, and runs as a
   * plain call otherwise; `required`: only as a task (a client that did not declare the extension gets
   * `-32021`, extensions/tasks/tasks.md "Capability Negotiation").
   */
  taskSupport?: 'optional' | 'required';
  /**
   * Runs first, inside the `tools/call` request, before any task exists: return `inputRequired(...)`
   * to ask the client through the request itself (MRTR) before committing to a task; its answers (and
   * state) reach the handler as `ctx.input` (and `ctx.state`). Extensions/tasks/tasks.md "Task Creation".
   */
  prepare?: (args: ArgsOf<S>, ctx: RequestContext) => InputRequired | undefined | Promise<InputRequired | undefined>;
  /** This tool's task lifetime from creation in ms (`null`: unlimited); default the server's. */
  ttlMs?: number | null;
  /** The polling interval this tool's tasks suggest, in ms; default the server's. */
  pollIntervalMs?: number;
}

/**
 * Makes the `ToolDefinition` of a task tool: its handler is written once and runs as a task for a
 * client that declared the extension (the call answers the task at once and the handler goes on in
 * the background), or as a plain call otherwise.
 */
export function taskTool<S extends ToolSchema>(service: TaskService, config: TaskToolConfig<S>): ToolDefinition {
  const { taskSupport = 'optional', prepare, ttlMs, pollIntervalMs, handler, ...rest } = config;
  if (taskSupport !== 'optional' && taskSupport !== 'required') throw new TypeError(`Tool "${config.name}": taskSupport must be "optional" or "required"`);
  if (ttlMs !== undefined && ttlMs !== null && !(Number.isInteger(ttlMs) && ttlMs > 0))
    throw new TypeError(`Tool "${config.name}": ttlMs must be a positive integer or null`);
  if (pollIntervalMs !== undefined && !(Number.isInteger(pollIntervalMs) && pollIntervalMs > 0))
    throw new TypeError(`Tool "${config.name}": pollIntervalMs must be a positive integer`);
  if (service.tools.has(config.name)) throw new TypeError(`Tool "${config.name}" is a task tool of this tasks server already`);
  // The plain definition is what a task runs (and what a plain call runs, after `prepare`).
  const plain = tool({ ...rest, handler } as ToolConfig<S>);
  const definition = tool({
    ...rest,
    handler: async (args: ArgsOf<S>, ctx: RequestContext) => {
      const asTask = ctx.clientExtension(TASKS_EXTENSION_ID) !== undefined;
      if (!asTask && taskSupport === 'required') throw missingClientExtension(TASKS_EXTENSION_ID);
      if (prepare) {
        const asked = await prepare(args, ctx);
        if (asked instanceof InputRequired) return asked;
      }
      if (!asTask) return handler(args, ctx);
      const record = await startTask(service, config.name, args as Record<string, unknown>, ctx, ttlMs, pollIntervalMs);
      return extensionResult('task', createTaskBody(record));
    },
  } as ToolConfig<S>);
  service.tools.set(config.name, { definition: plain, support: taskSupport, ttlMs, pollIntervalMs });
  return definition;
}

/**
 * Creates the task of a call (durably: `tasks/get` finds it once this resolves, on any replica) and
 * starts its handler here. The task remembers the call, so the handler can resume anywhere after input.
 */
async function startTask(
  service: TaskService,
  name: string,
  args: Record<string, unknown>,
  ctx: RequestContext,
  toolTtl: number | null | undefined,
  toolPoll: number | undefined,
): Promise<TaskRecord> {
  const { settings, runner } = service;
  const owner = ownerOf(ctx.principal, ctx.transport);
  // The caller's own cap first: it is the answer that tells the caller what to do.
  if (runner.runningFor(owner) >= settings.maxRunningPerOwner) {
    throw new ResponseError(-32603, `You run ${settings.maxRunningPerOwner} tasks already, the most one caller may here: let one finish, then try again`, {
      limit: 'maxRunningPerOwner',
      max: settings.maxRunningPerOwner,
    });
  }
  if (runner.running >= settings.maxRunning) {
    throw new ResponseError(-32603, `This server runs ${settings.maxRunning} tasks already; try again later`, {
      limit: 'maxRunning',
      max: settings.maxRunning,
    });
  }
  const now = service.now;
  const ttlMs = toolTtl === undefined ? settings.ttlMs : toolTtl;
  const principal = storedPrincipal(ctx.principal);
  const record: TaskRecord = {
    taskId: globalThis.crypto.randomUUID(),
    owner,
    status: 'working',
    createdAt: now,
    lastUpdatedAt: now,
    ttlMs,
    pollIntervalMs: toolPoll ?? settings.pollIntervalMs,
    expiresAt: service.expiresAt(now, ttlMs),
    run: {
      tool: name,
      arguments: JSON.parse(JSON.stringify(args)) as JsonObject,
      requestId: ctx.requestId,
      protocolVersion: ctx.meta.protocolVersion,
      clientCapabilities: ctx.meta.clientCapabilities,
      ...(ctx.meta.clientInfo === undefined ? {} : { clientInfo: ctx.meta.clientInfo }),
      ...(principal === undefined ? {} : { principal }),
      answers: { ...ctx.input.all() },
      keys: {},
      issued: [],
      ...(ctx.state === undefined ? {} : { state: ctx.state }),
    },
    lease: runner.lease(),
    version: 1,
  };
  try {
    await settings.store.create(record);
  } catch (error) {
    if (!isTaskLimitError(error)) throw error;
    throw new ResponseError(-32603, error.message, {
      limit: error.limit,
      max: error.max,
      held: error.held,
      ...(error.maxTasksPerOwner === undefined ? {} : { maxTasksPerOwner: error.maxTasksPerOwner }),
    });
  }
  runner.start(record);
  return record;
}
