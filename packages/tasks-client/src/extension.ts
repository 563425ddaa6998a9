import type { ClientExtension } from '@mcpkit/client';
import { TASKS_EXTENSION_ID, validateCancelTaskResult, validateCreateTaskResult, validateGetTaskResult, validateUpdateTaskResult } from '@mcpkit/schema/tasks';
import { waitModern } from './wait.js';

/** Options of `tasksExtension`. */
export interface TasksExtensionOptions {
  /** Polling interval when the server suggests none, in ms (default 1000). */
  defaultPollIntervalMs?: number;
  /** The shortest interval between two polls whatever the server says, in ms (default 10). */
  minPollIntervalMs?: number;
}

/**
 * The tasks extension (`io.modelcontextprotocol/tasks`) for a `ModernClient` (`extensions: [tasksExtension()]`):
 * the client declares it on every request, accepts a task in answer to `tools/call`, checks the
 * results of `tasks/get`, `tasks/update` and `tasks/cancel`, and sends their `Mcp-Name` on HTTP. A
 * plain `callTool()` answered with a task waits for it (polling at the server's interval, answering its
 * input requests with the client's handlers) and returns the tool's result, so code written for plain
 * calls needs no change; `TaskClient` gives the task itself.
 *
 * @example const client = new ModernClient(transport, { extensions: [tasksExtension()], handlers });
 */
export function tasksExtension(options: TasksExtensionOptions = {}): ClientExtension {
  const timing = { defaultPollIntervalMs: options.defaultPollIntervalMs ?? 1000, minPollIntervalMs: options.minPollIntervalMs ?? 10 };
  return {
    id: TASKS_EXTENSION_ID,
    methods: {
      'tasks/get': { result: validateGetTaskResult, nameSource: 'taskId' },
      'tasks/update': { result: validateUpdateTaskResult, nameSource: 'taskId' },
      'tasks/cancel': { result: validateCancelTaskResult, nameSource: 'taskId' },
    },
    resultTypes: {
      'tools/call': {
        task: {
          validate: validateCreateTaskResult,
          settle: (created, call) =>
            waitModern(String(created.taskId), { request: call.request, handlers: call.handlers, signal: call.options?.signal, ...timing }, created),
        },
      },
    },
  };
}
