import { answerInputRequests, type CallOptions, type InputHandlers } from '@mcpkit/client';
import { RemoteError, type JsonObject } from '@mcpkit/jsonrpc';
import type { InputRequests } from '@mcpkit/schema';
import { TaskCancelledError } from './errors.js';
import { isTerminal, toTaskInfo, type TaskInfo } from './task-info.js';

/** How a wait polls and answers. */
export interface WaitSettings {
  readonly request: (method: string, params: Record<string, unknown>, options?: CallOptions) => Promise<JsonObject>;
  readonly handlers: InputHandlers;
  readonly signal?: AbortSignal;
  readonly defaultPollIntervalMs: number;
  readonly minPollIntervalMs: number;
  /** Told each state seen (status changes, input requests). */
  readonly onStatus?: (task: TaskInfo) => void;
}

/** Resolves after `ms`, rejects when `signal` aborts first. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The final result of a terminal task: its result, the JSON-RPC error it failed with, or `TaskCancelledError`. */
export function settleTerminal(task: TaskInfo, method = 'tools/call'): JsonObject {
  if (task.status === 'completed') return { ...(task.result ?? {}), resultType: 'complete' };
  if (task.status === 'failed') {
    const error = task.error ?? { code: -32603, message: task.statusMessage ?? 'The task failed' };
    throw new RemoteError(error as { code: number; message: string }, task.taskId, method);
  }
  throw new TaskCancelledError(task.taskId, task.statusMessage);
}

/**
 * Follows a 2026-07-28 task to its end (extensions/tasks/tasks.md "Task Polling"): `tasks/get` at the
 * server's `pollIntervalMs` (it may change on every answer), answering each input request once with
 * the handlers (keys already answered are not presented again, "Task Update Requests"), and resolves
 * the task's result; a failed task rejects with the JSON-RPC error as a `RemoteError`, a cancelled
 * one with `TaskCancelledError`.
 */
export async function waitModern(taskId: string, settings: WaitSettings, first?: JsonObject): Promise<JsonObject> {
  const answered = new Set<string>();
  let task = first === undefined ? undefined : toTaskInfo(first);
  for (let round = 1; ; round++) {
    if (task !== undefined) {
      settings.onStatus?.(task);
      if (isTerminal(task.status)) return settleTerminal(task);
      if (task.status === 'input_required') {
        const fresh = Object.fromEntries(Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key))) as InputRequests;
        if (Object.keys(fresh).length > 0) {
          const controller = new AbortController();
          const stop = () => controller.abort(settings.signal?.reason);
          settings.signal?.addEventListener('abort', stop, { once: true });
          try {
            const responses = await answerInputRequests(settings.handlers, fresh, { signal: controller.signal, method: 'tools/call', round });
            await settings.request('tasks/update', { taskId, inputResponses: responses }, { signal: settings.signal });
          } finally {
            settings.signal?.removeEventListener('abort', stop);
          }
          for (const key of Object.keys(fresh)) answered.add(key);
          task = undefined;
          continue;
        }
      }
      await pause(Math.max(settings.minPollIntervalMs, task.pollIntervalMs ?? settings.defaultPollIntervalMs), settings.signal);
    }
    task = toTaskInfo(await settings.request('tasks/get', { taskId }, { signal: settings.signal }));
  }
}
