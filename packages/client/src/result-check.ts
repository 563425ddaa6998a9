import type { JsonObject } from '@mcpkit/jsonrpc';
import { CACHEABLE_METHODS, formatErrors, INPUT_REQUIRED_METHODS } from '@mcpkit/schema/2026-07-28/core';
import { InvalidResultError } from './errors.js';
import type { ClientExtensions } from './extensions.js';
import type { ResultSchemas } from './validator-set.js';

/**
 * Results are checked where they enter: a `resultType` the client does not know is invalid, an
 * absent one means `complete` (basic/index.mdx "ResultType"), `input_required` is allowed only on
 * the three MRTR methods (basic/patterns/mrtr.mdx "Supported Requests"), and every result must
 * match its method's schema.
 */

/** The methods whose complete results carry `ttlMs` and `cacheScope` (from the schema's catalogue). */
const CACHEABLE: ReadonlySet<string> = new Set(CACHEABLE_METHODS);
/** The methods that may answer `input_required` (from the schema's catalogue). */
const MRTR_METHODS: ReadonlySet<string> = new Set(INPUT_REQUIRED_METHODS);

/**
 * Checks one result of `method` as received from the server. Returns it (with `resultType` filled in
 * when it was absent) or throws `InvalidResultError`. Without `schemas` only the `resultType` rules apply.
 */
export function checkResult(method: string, result: JsonObject, schemas: ResultSchemas | undefined, extensions?: ClientExtensions): JsonObject {
  let type = result.resultType;
  if (type === undefined) result.resultType = type = 'complete';
  if (type === 'complete') {
    if (CACHEABLE.has(method)) normalizeHints(result);
    if (schemas !== undefined) {
      const validator = schemas.complete[method] ?? extensions?.method(method)?.result ?? schemas.generic;
      if (!validator(result)) throw new InvalidResultError(method, formatErrors(validator.errors), result);
    }
    return result;
  }
  if (type === 'input_required') {
    if (!MRTR_METHODS.has(method)) {
      throw new InvalidResultError(method, `resultType "input_required" is not allowed for ${method}`, result);
    }
    if (schemas !== undefined && !schemas.inputRequired(result)) {
      throw new InvalidResultError(method, formatErrors(schemas.inputRequired.errors), result);
    }
    if (result.inputRequests === undefined && result.requestState === undefined) {
      throw new InvalidResultError(method, 'an input_required result must carry inputRequests or requestState', result);
    }
    return result;
  }
  const extension = extensions?.resultType(method, type);
  if (extension !== undefined) {
    if (schemas !== undefined && !extension.validate(result)) throw new InvalidResultError(method, formatErrors(extension.validate.errors), result);
    return result;
  }
  // spec: extensions/tasks/tasks.md — a resultType no extension of this client allows is an invalid response.
  throw new InvalidResultError(method, `unknown resultType ${JSON.stringify(type)} (no extension of this client allows it for ${method})`, result);
}

/** Whether `result` carries a `resultType` of an extension (neither `complete` nor `input_required`). */
export function isExtensionResult(result: JsonObject): boolean {
  return result.resultType !== 'complete' && result.resultType !== 'input_required';
}

/**
 * server/utilities/caching.mdx "Time-to-Live": an absent or negative `ttlMs` counts as 0 (an older
 * server); an absent `cacheScope` is taken as `private`, the scope that shares nothing.
 */
function normalizeHints(result: JsonObject): void {
  const ttl = result.ttlMs;
  if (ttl === undefined || (typeof ttl === 'number' && ttl < 0)) result.ttlMs = 0;
  if (result.cacheScope === undefined) result.cacheScope = 'private';
}
