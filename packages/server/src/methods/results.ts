import type { JsonObject } from '@mcpkit/jsonrpc';
import type { ServerCore } from '../dispatch/core.js';

/** The result `_meta`: the server's (serverInfo) merged under the handler's own keys, if any. */
export function resultMeta(core: ServerCore, own: unknown): Record<string, unknown> | undefined {
  if (own === undefined || own === null || typeof own !== 'object') return core.resultMeta as Record<string, unknown> | undefined;
  return core.resultMeta ? { ...core.resultMeta, ...(own as Record<string, unknown>) } : (own as Record<string, unknown>);
}

/** A complete result: the body plus `resultType` and `_meta`. */
export function complete(core: ServerCore, body: JsonObject): JsonObject {
  const meta = resultMeta(core, body._meta);
  const result: JsonObject = { ...body, resultType: 'complete' };
  if (meta) result._meta = meta;
  else delete result._meta;
  return result;
}
