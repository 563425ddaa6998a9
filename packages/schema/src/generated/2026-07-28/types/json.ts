// Copied by tools/codegen from schema/2026-07-28/json.ts. Edit the source, then run `pnpm codegen`.
/**
 * Plain JSON values, used wherever the protocol carries data whose shape it does not fix
 * (capability settings, provider metadata, extension settings).
 *
 * Source: `2026-07-28/schema.json` (`JSONValue`, `JSONObject`, `JSONArray`).
 *
 * Note: like the official schema, these do not admit `null` as a value. Places that accept any
 * JSON at all, `null` included (tool `structuredContent`, log `data`, error `data`), use `unknown`
 * instead of these types.
 */

/**
 * Any JSON value this schema can describe: an object, an array, a string, a number or a boolean.
 * Arrays and objects nest to any depth.
 */
export type JSONValue = string | number | boolean | JSONObject | JSONValue[];

/**
 * A JSON object whose members are arbitrary JSON values, keyed by string.
 */
export type JSONObject = { [key: string]: JSONValue };

/**
 * A JSON array whose items are arbitrary JSON values.
 */
export type JSONArray = JSONValue[];
