/**
 * Client descriptions shared between sessions. Legacy clients of one kind send the same
 * `capabilities` and `clientInfo` in every `initialize`, and a flood of sessions sends thousands
 * of copies: each distinct value is kept once (frozen, so no session can change another's), which
 * is most of what an idle session weighs (issue 15).
 */
import type { JsonObject } from '@mcpkit/jsonrpc';

/** Distinct values remembered; the oldest is forgotten first (a new copy is kept, nothing breaks). */
const MAX_DISTINCT = 512;
const seen = new Map<string, JsonObject>();

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The shared, frozen copy of a JSON object equal to `value`. */
export function interned(value: JsonObject): JsonObject {
  const key = JSON.stringify(value);
  const known = seen.get(key);
  if (known) return known;
  if (seen.size >= MAX_DISTINCT) seen.delete(seen.keys().next().value!);
  const copy = deepFreeze(JSON.parse(key) as JsonObject);
  seen.set(key, copy);
  return copy;
}
