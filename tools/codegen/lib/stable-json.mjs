// Deterministic JSON: object keys sorted at every depth, arrays kept in order, two-space indent and
// a final newline, so regenerating an unchanged input gives byte-identical files.

/** Returns a deep copy of `value` whose object keys are sorted (code-unit order). */
export function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys(value[key]);
  return sorted;
}

/** Serializes `value` with sorted keys, two-space indentation and a trailing newline. */
export function stableStringify(value) {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}
