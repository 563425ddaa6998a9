/**
 * What a modern answer loses on its way to a 2025-11-25 client: results drop `resultType`,
 * `ttlMs`, `cacheScope` and the `_meta` keys only 2026-07-28 defines; server capabilities drop
 * `extensions`. spec: 2026-07-28/pages/changelog.mdx (what 2026-07-28 added)
 */
import type { JsonObject } from '@mcpkit/jsonrpc';
import type { ServerCapabilities } from '@mcpkit/schema';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_LOG_LEVEL, META_PROTOCOL_VERSION, META_SERVER_INFO, META_SUBSCRIPTION_ID } from '@mcpkit/schema';

/** `_meta` keys that 2026-07-28 introduced; a legacy peer never sees them. */
export const MODERN_META_KEYS: ReadonlySet<string> = new Set([
  META_PROTOCOL_VERSION,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_SERVER_INFO,
  META_SUBSCRIPTION_ID,
]);

/** Result members that 2025-11-25 does not have. */
const MODERN_RESULT_KEYS = ['resultType', 'ttlMs', 'cacheScope'] as const;

/**
 * A modern complete result in 2025-11-25 shape (a new object; the input is not changed).
 * @example toLegacyResult({ resultType: 'complete', tools: [], ttlMs: 0, cacheScope: 'public' }) // { tools: [] }
 */
export function toLegacyResult(result: JsonObject): JsonObject {
  const out: JsonObject = { ...result };
  for (const key of MODERN_RESULT_KEYS) delete out[key];
  const meta = out._meta;
  if (meta !== null && typeof meta === 'object' && !Array.isArray(meta)) {
    const kept: JsonObject = {};
    let any = false;
    for (const [key, value] of Object.entries(meta)) {
      if (MODERN_META_KEYS.has(key)) continue;
      kept[key] = value;
      any = true;
    }
    if (any) out._meta = kept;
    else delete out._meta;
  }
  return out;
}

/**
 * The server capabilities a legacy `InitializeResult` advertises: the modern ones without
 * `extensions` (2025-11-25 has no extension negotiation). `logging`, `completions`,
 * `resources.subscribe` and `listChanged` carry over as they are.
 */
export function toLegacyCapabilities(capabilities: ServerCapabilities): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(capabilities)) {
    if (key === 'extensions' || value === undefined) continue;
    out[key] = value as JsonObject;
  }
  return out;
}
