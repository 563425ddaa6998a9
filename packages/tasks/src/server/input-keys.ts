import { formatErrors, validateInputResponse, type InputRequest } from '@mcpkit/schema';
import { invalidParams } from '@mcpkit/server';
import type { TaskRun } from '../store/task-store.js';

/**
 * The wire keys of a handler's input requests: a key names one request over the whole life of a
 * task and is never reused (extensions/tasks/tasks.md "Task Update Requests"), so a handler that asks
 * `confirm` again gets `confirm#2` on the wire, and still reads the answer as `confirm`.
 */
export function issueKeys(
  run: TaskRun,
  requests: Readonly<Record<string, InputRequest>>,
): { inputRequests: Record<string, InputRequest>; keys: Record<string, string>; issued: string[] } {
  const issued = [...run.issued];
  const inputRequests: Record<string, InputRequest> = {};
  const keys: Record<string, string> = {};
  for (const [key, request] of Object.entries(requests)) {
    let wire = key;
    for (let n = 2; issued.includes(wire); n++) wire = `${key}#${n}`;
    issued.push(wire);
    inputRequests[wire] = request;
    keys[wire] = key;
  }
  return { inputRequests, keys, issued };
}

/**
 * The answers of a `tasks/update` that concern outstanding requests, by the handler's keys, and the
 * wire keys that stay outstanding. Keys not outstanding are ignored (never issued, answered, or
 * superseded); an answer to an outstanding one that is not an input response at all is `-32602`.
 */
export function takeAnswers(
  run: TaskRun,
  responses: Readonly<Record<string, unknown>>,
): { answered: Record<string, unknown>; remaining: Record<string, string> } {
  const answered: Record<string, unknown> = {};
  const remaining: Record<string, string> = { ...run.keys };
  for (const [wire, response] of Object.entries(responses)) {
    const key = run.keys[wire];
    if (key === undefined) continue;
    if (!validateInputResponse(response)) {
      throw invalidParams(`Invalid params for tasks/update: inputResponses["${wire}"] is not an input response: ${formatErrors(validateInputResponse.errors)}`);
    }
    answered[key] = response;
    delete remaining[wire];
  }
  return { answered, remaining };
}
