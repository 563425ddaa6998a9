import { InvalidResultError } from '@mcpkit/client';
import type { JsonObject } from '@mcpkit/jsonrpc';
import {
  formatErrors,
  validateCallToolResult,
  validateCancelTaskResult,
  validateCreateTaskResult,
  validateGetTaskResult,
  validateListTasksResult,
  validateCompleteResult,
  validateEmptyResult,
  validateGetPromptResult,
  validateListPromptsResult,
  validateListResourcesResult,
  validateListResourceTemplatesResult,
  validateListToolsResult,
  validateReadResourceResult,
  validateResult,
  type Validator,
} from '@mcpkit/schema/2025-11-25';

/**
 * Results of a legacy session, checked where they enter with the 2025-11-25 validators and then
 * given the modern shape the common `McpClient` promises: `resultType: "complete"` (a missing
 * `resultType` means complete, 2026-07-28 basic/index.mdx), and on the cacheable methods `ttlMs: 0`
 * and `cacheScope: "private"`, which is how absent hints read (server/utilities/caching.mdx): a
 * legacy result is never served from a cache. What the client assumes is not enumerable, so a
 * result serialises as the server sent it.
 */

const VALIDATORS: Record<string, Validator<unknown>> = {
  'tools/list': validateListToolsResult,
  'tools/call': validateCallToolResult,
  'prompts/list': validateListPromptsResult,
  'prompts/get': validateGetPromptResult,
  'resources/list': validateListResourcesResult,
  'resources/templates/list': validateListResourceTemplatesResult,
  'resources/read': validateReadResourceResult,
  'completion/complete': validateCompleteResult,
  ping: validateEmptyResult,
  'logging/setLevel': validateEmptyResult,
  'resources/subscribe': validateEmptyResult,
  'resources/unsubscribe': validateEmptyResult,
  // 2025-11-25/pages/basic/utilities/tasks.mdx; `tasks/result` answers what the task's request would have.
  'tasks/get': validateGetTaskResult,
  'tasks/list': validateListTasksResult,
  'tasks/cancel': validateCancelTaskResult,
};

const CACHEABLE = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read']);

/**
 * Checks a legacy result of `method` and returns it in the modern shape, or throws
 * `InvalidResultError` (the request fails, the session stays usable).
 *
 * @example checkLegacyResult('tools/list', { tools: [] }).resultType // 'complete' (JSON.stringify still gives {"tools":[]})
 */
export function checkLegacyResult(method: string, result: JsonObject, validate = true): JsonObject {
  if (validate) {
    // A task-augmented request (params.task) is answered with the task (tasks.mdx "Creating Tasks").
    const created = method === 'tools/call' && result.task !== null && typeof result.task === 'object' && !('content' in result);
    const validator = created ? validateCreateTaskResult : (VALIDATORS[method] ?? validateResult);
    if (!validator(result)) throw new InvalidResultError(method, formatErrors(validator.errors), result);
  }
  assume(result, 'resultType', 'complete');
  if (CACHEABLE.has(method)) {
    assume(result, 'ttlMs', 0);
    assume(result, 'cacheScope', 'private');
  }
  return result;
}

/**
 * Gives an absent field the value its absence means, as a non-enumerable property: code reads
 * `result.resultType === 'complete'`, while `JSON.stringify(result)` (what `mcpkit --json` prints)
 * and `Object.keys` still show exactly what the server sent.
 */
function assume(result: JsonObject, key: string, value: string | number): void {
  if (result[key] !== undefined) return;
  Object.defineProperty(result, key, { value, enumerable: false, writable: true, configurable: true });
}
