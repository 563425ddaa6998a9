import type { JsonObject } from '@mcpkit/jsonrpc';
import type { ServerCore } from '../dispatch/core.js';

/** The result `_meta`: the server's (serverInfo) merged under the handler's own keys, if any. */
export function resultMeta(core: ServerCore, own: unknown): Record<string, unknown> | undefined {
  if (own === undefined || own === null || typeof own !== 'object') return core.resultMeta as Record<string, unknown> | undefined;
  return core.resultMeta ? { ...core.resultMeta, ...(own as Record<string, unknown>) } : (own as Record<string, unknown>);
}

/**
 * A complete result: the body plus `resultType` and `_meta`, as one object literal (V8 builds a
 * spread-then-extend object literal about thirty times slower: keep the spread after a literal key).
 */
export function complete(core: ServerCore, body: JsonObject): JsonObject {
  const meta = resultMeta(core, body._meta);
  const result: JsonObject = meta ? { resultType: 'complete', ...body, _meta: meta } : { resultType: 'complete', ...body };
  result.resultType = 'complete'; // the body may have carried its own (even undefined)
  return result;
}

/** Refuses a handler answer that is not an object (a bug: reported to `onError`, answered `-32603`). */
export function requireObject(what: string, out: unknown): void {
  if (out === null || typeof out !== 'object' || Array.isArray(out)) {
    throw new TypeError(`${what} returned ${out === null ? 'null' : Array.isArray(out) ? 'an array' : typeof out} instead of a result object`);
  }
}
