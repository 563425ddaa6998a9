/**
 * The JSON-object check of this package's own code. `@mcpkit/jsonrpc` exports the same check as
 * `isJsonObject` for every other package; the schema package depends on nothing, so it keeps this one.
 */
export const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
