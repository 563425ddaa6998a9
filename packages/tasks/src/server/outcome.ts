import { ResponseError } from '@mcpkit/jsonrpc';
import { InputRequired, type ToolResult } from '@mcpkit/server';
import { ExtensionResult } from '@mcpkit/server/extension';
import type { InputRequest } from '@mcpkit/schema';
import type { TaskError } from '../store/task-store.js';

/** How one run of a task's handler ended. */
export type RunOutcome =
  | { readonly kind: 'completed'; readonly result: Record<string, unknown> }
  | { readonly kind: 'failed'; readonly error: TaskError; readonly message: string }
  | { readonly kind: 'input'; readonly requests: Readonly<Record<string, InputRequest>>; readonly state: unknown };

/**
 * A tool result as `tools/call` would have returned it (`resultType: "complete"`; `structuredContent`
 * also as a text block when `content` is absent, as @mcpkit/server does).
 */
export function completeResult(out: ToolResult): Record<string, unknown> {
  const content = out.content ?? (out.structuredContent === undefined ? [] : [{ type: 'text', text: JSON.stringify(out.structuredContent) }]);
  return { ...out, resultType: 'complete', content };
}

/** What a handler's return value means for its task. */
export function outcomeOf(out: unknown): RunOutcome {
  if (out instanceof InputRequired) {
    if (!out.inputRequests) return failedWith(-32603, 'The tool asked for input without any input request (state alone cannot resume a task)');
    return { kind: 'input', requests: out.inputRequests, state: out.hasState ? out.state : undefined };
  }
  if (out instanceof ExtensionResult) return failedWith(-32603, `The tool answered resultType "${out.resultType}" from inside a task`);
  if (out === null || typeof out !== 'object' || Array.isArray(out)) return failedWith(-32603, 'The tool returned no result object');
  return { kind: 'completed', result: completeResult(out as ToolResult) };
}

/**
 * What a handler's exception means: a `ResponseError` is the JSON-RPC error the call would have
 * answered (the task fails, extensions/tasks/tasks.md "Task Execution Errors"); anything else is a
 * tool execution error, an `isError` result, as in a plain call (the task completes).
 */
export function outcomeOfError(error: unknown): RunOutcome {
  if (error instanceof ResponseError) {
    const taskError: TaskError =
      error.data === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, data: error.data };
    return { kind: 'failed', error: taskError, message: `The tool failed: ${error.message}` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'completed', result: { resultType: 'complete', content: [{ type: 'text', text: message }], isError: true } };
}

/** A failed outcome with this JSON-RPC error. */
export function failedWith(code: number, message: string): RunOutcome {
  return { kind: 'failed', error: { code, message }, message };
}
