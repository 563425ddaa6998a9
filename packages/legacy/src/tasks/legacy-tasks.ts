/**
 * 2025-11-25 core tasks (basic/utilities/tasks.mdx) for `dualEra`, served by the same `TasksServer`
 * (`@mcpkit/tasks/server`) as the 2026-07-28 extension: a legacy client augments `tools/call` with
 * `task`, follows the task with `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel`, and
 * answers the task's questions as ordinary server-initiated requests (sent while it waits on
 * `tasks/result`). Tasks belong to the caller's principal, else to the session.
 */
import { JsonRpcErrorCode, ResponseError, type JsonObject, type JsonRpcResponse, type RequestId } from '@mcpkit/jsonrpc';
import { TASKS_EXTENSION_ID } from '@mcpkit/schema/tasks';
import {
  formatErrors,
  validateCancelTaskRequest,
  validateGetTaskPayloadRequest,
  validateGetTaskRequest,
  validateListTasksRequest,
  type Validator,
} from '@mcpkit/schema/2025-11-25';
import type { Principal } from '@mcpkit/server';
import type { TaskRecord } from '@mcpkit/tasks';
import { isTerminal, ownerOf, SERVICES, type TaskService } from '@mcpkit/tasks/internal';
import type { TasksServer } from '@mcpkit/tasks/server';
import type { LegacyExtension, LegacyExtensionCall } from '../server/extension.js';
import { legacyCreated, legacyStatus, legacyTask, RELATED_TASK } from './legacy-task.js';

const ok = (id: RequestId, result: JsonObject): JsonRpcResponse => ({ jsonrpc: '2.0', id, result });
const fail = (id: RequestId, code: number, message: string, data?: unknown): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});
const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);
const PAGE = 50;
const VALIDATORS: Record<string, Validator<unknown>> = {
  'tasks/get': validateGetTaskRequest,
  'tasks/cancel': validateCancelTaskRequest,
  'tasks/result': validateGetTaskPayloadRequest,
  'tasks/list': validateListTasksRequest,
};

/**
 * The 2025-11-25 side of a tasks server, for `dualEra(server, { extensions: [legacyTasks(tasks)] })`.
 *
 * @example
 * const tasks = createTasksServer();
 * const server = createServer({ info, tools: [tasks.tool(config)], extensions: [tasks] });
 * serveStdio(dualEra(server, { extensions: [legacyTasks(tasks)] }));
 */
export function legacyTasks(tasks: TasksServer): LegacyExtension {
  const service = SERVICES.get(tasks);
  if (!service) throw new TypeError('legacyTasks: not a TasksServer of @mcpkit/tasks');
  return {
    capabilities: () => ({ tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } }),
    result: (method, result) => (method === 'tools/list' ? withTaskSupport(tasks, result) : result),
    request: (call) => serve(tasks, service, call),
  };
}

/** `tools/list` with each tool's `execution.taskSupport` (absent means `forbidden`). */
function withTaskSupport(tasks: TasksServer, result: JsonObject): JsonObject {
  if (!Array.isArray(result.tools)) return result;
  const tools = (result.tools as JsonObject[]).map((tool) => {
    const support = tasks.taskSupport(String(tool.name));
    return support === undefined ? tool : { ...tool, execution: { ...(tool.execution as JsonObject | undefined), taskSupport: support } };
  });
  return { ...result, tools };
}

/** The requests this plug-in answers; `undefined` for the others. */
function serve(tasks: TasksServer, service: TaskService, call: LegacyExtensionCall): Promise<JsonRpcResponse | null> | undefined {
  const { method, params } = call.request;
  switch (method) {
    case 'tools/call':
      return callTool(tasks, service, call, params ?? {});
    case 'tasks/get':
    case 'tasks/cancel':
    case 'tasks/result':
    case 'tasks/list':
      return answerTasks(service, call, method, params ?? {});
    default:
      return undefined;
  }
}

/** Who the session's tasks belong to: the principal, else the session. */
function ownerOfCall(call: LegacyExtensionCall): string {
  const principal = call.transport.principal as Principal | undefined;
  return ownerOf(principal && typeof principal.subject === 'string' ? principal : undefined, { session: call.sessionId })!;
}

/**
 * `tools/call`: with `task` (tasks.mdx "Creating Tasks") the modern dispatch runs it as a task of the
 * extension and the task comes back in the 2025-11-25 shape; a tool that does not support tasks is
 * `-32601`, and so is a task-only tool called without `task` ("Tool-Level Negotiation").
 */
function callTool(tasks: TasksServer, service: TaskService, call: LegacyExtensionCall, params: JsonObject): Promise<JsonRpcResponse | null> | undefined {
  const id = call.request.id;
  const support = tasks.taskSupport(String(params.name));
  const augmented = isObject(params.task);
  if (!augmented) {
    return support === 'required'
      ? Promise.resolve(fail(id, JsonRpcErrorCode.MethodNotFound, `Tool ${String(params.name)} runs only as a task: call it with "task"`))
      : undefined;
  }
  if (support === undefined) return Promise.resolve(fail(id, JsonRpcErrorCode.MethodNotFound, `Tool ${String(params.name)} does not run as a task`));
  return (async () => {
    // The modern dispatch carries the session (`TransportInfo.session`): the task's owner when no principal is.
    const controller = new AbortController();
    const onAbort = () => controller.abort(call.signal.reason);
    call.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const { task: _hint, ...rest } = params;
      const response = await call.dispatch('tools/call', rest, { clientExtensions: { [TASKS_EXTENSION_ID]: {} }, signal: controller.signal });
      if (response === null || !('result' in response) || typeof response.result.taskId !== 'string') return response;
      // The task as stored (its ttl and poll interval are the server's: tasks.mdx "receivers MAY override").
      const record = await service.find(response.result.taskId, ownerOfCall(call)).catch(() => undefined);
      return ok(id, { task: record ? legacyTask(record) : legacyCreated(response.result) });
    } finally {
      call.signal.removeEventListener('abort', onAbort);
    }
  })();
}

async function answerTasks(service: TaskService, call: LegacyExtensionCall, method: string, params: JsonObject): Promise<JsonRpcResponse | null> {
  const id = call.request.id;
  const owner = ownerOfCall(call);
  const validator = VALIDATORS[method]!;
  if (!validator({ ...call.request, params }))
    return fail(id, JsonRpcErrorCode.InvalidParams, `Invalid params for ${method}: ${formatErrors(validator.errors)}`);
  const taskId = params.taskId as string;
  // Every refusal of the service (a ResponseError: unknown task, bad cursor) is the answer, on every channel.
  try {
    if (method === 'tasks/list') {
      const page = await service.list(owner, params.cursor as string | undefined, PAGE);
      return ok(id, { tasks: page.records.map(legacyTask), ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }) });
    }
    if (method === 'tasks/get') return ok(id, legacyTask(await service.find(taskId, owner)));
    if (method === 'tasks/cancel') {
      const record = await service.find(taskId, owner);
      // tasks.mdx "Task Cancellation": a terminal task cannot be cancelled (-32602).
      if (isTerminal(record.status))
        return fail(id, JsonRpcErrorCode.InvalidParams, `Cannot cancel task: already in terminal status '${legacyStatus(record)}'`);
      return ok(id, legacyTask(await service.cancel(taskId, owner)));
    }
    return await result(service, call, taskId, owner);
  } catch (error) {
    if (error instanceof ResponseError) return fail(id, error.code, error.message, error.data);
    throw error;
  }
}

/**
 * `tasks/result` (tasks.mdx "Result Retrieval"): blocks until the task ends, asking the client what the
 * task waits for as server-initiated requests (each once, with `related-task`), then answers what the
 * tool call would have: its result, or its JSON-RPC error. A cancelled task has no result (-32602).
 */
async function result(service: TaskService, call: LegacyExtensionCall, taskId: string, owner: string): Promise<JsonRpcResponse | null> {
  const id = call.request.id;
  const asked = new Set<string>();
  for (;;) {
    if (call.signal.aborted) return null;
    const record: TaskRecord = await service.find(taskId, owner);
    if (record.status === 'completed') {
      const { resultType: _type, ...rest } = record.result ?? {};
      return ok(id, { ...rest, _meta: { ...(rest._meta as JsonObject | undefined), [RELATED_TASK]: { taskId } } });
    }
    if (record.status === 'failed')
      return fail(id, record.error?.code ?? JsonRpcErrorCode.InternalError, record.error?.message ?? 'The task failed', record.error?.data);
    if (record.status === 'cancelled') return fail(id, JsonRpcErrorCode.InvalidParams, `Task ${taskId} was cancelled: it has no result`);
    if (record.status === 'input_required') {
      const pending = Object.entries(record.inputRequests ?? {}).filter(([key]) => !asked.has(key));
      if (pending.length > 0) {
        for (const [key] of pending) asked.add(key);
        const answers = await Promise.all(
          pending.map(async ([key, request]) => {
            const params = { ...((request.params ?? {}) as JsonObject) };
            params._meta = { ...(params._meta as JsonObject | undefined), [RELATED_TASK]: { taskId } };
            try {
              return [key, await call.requestClient(request.method, params)] as const;
            } catch {
              // No answer (timeout, refusal): the task keeps waiting; the client may ask again.
              asked.delete(key);
              return undefined;
            }
          }),
        );
        const responses = Object.fromEntries(answers.filter((a) => a !== undefined));
        if (Object.keys(responses).length > 0) await service.update(taskId, owner, responses);
        continue;
      }
    }
    await service.changed(taskId, record.pollIntervalMs, call.signal);
  }
}
