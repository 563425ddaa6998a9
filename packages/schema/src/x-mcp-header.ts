/**
 * `x-mcp-header`: tool arguments mirrored into `Mcp-Param-{Name}` HTTP headers. The one reading of
 * the annotation rules, shared by the server (registration), the HTTP transport (checks) and the
 * client (which tools to keep, which headers to send).
 * spec: 2026-07-28/pages/server/tools.mdx ("x-mcp-header")
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx ("Custom Headers from Tool Parameters")
 */
import { encodeHeaderValue } from './header-value.js';
import { HEADER_PARAM_PREFIX } from './generated/2026-07-28/constants.js';
import { isObject } from './json-object.js';

/** One annotated property of a tool's `inputSchema`, as `headerParamsFromSchema` finds it. */
export interface HeaderParam {
  /** The `x-mcp-header` value: the header sent is `Mcp-Param-{header}`. */
  readonly header: string;
  /** The annotated property's own name (the last key of `path`). */
  readonly property: string;
  /** The chain of `properties` keys from the arguments object to the value. */
  readonly path: readonly string[];
  /** The property's JSON type (a `"null"` alongside it is allowed: a null value sends no header). */
  readonly type: 'string' | 'integer' | 'boolean';
}

/** A `HeaderParam` as a caller may write it by hand: `path` may be left out for a top-level property. */
export type HeaderParamRef = Omit<HeaderParam, 'path'> & { readonly path?: readonly string[] };

/** The outcome of reading a schema's annotations: the parameters, or the first rule broken. */
export type HeaderParamsResult = { ok: true; params: HeaderParam[] } | { ok: false; reason: string };

/** RFC 9110 §5.1 `token` (1*tchar): no separators, spaces, non-ASCII or control characters (CR, LF, tab...). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Keywords whose values are data, never subschemas: an `x-mcp-header` key inside them means nothing. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'x-mcp-header']);
/** Keywords whose values map names to subschemas (none of them reachable through `properties`). */
const MAP_KEYWORDS = new Set(['$defs', 'definitions', 'patternProperties', 'dependentSchemas', 'dependencies']);
/** Schemas nested deeper than this are refused rather than walked. */
const MAX_DEPTH = 64;
/** Integer bounds a header value may reach (Number.MAX_SAFE_INTEGER); exclusive bounds may sit one further. */
const SAFE = Number.MAX_SAFE_INTEGER;

const pointerPart = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The one primitive type of a property, ignoring a `"null"` alongside it; `undefined` for anything else. */
function primitiveType(type: unknown): HeaderParam['type'] | undefined {
  const types = Array.isArray(type) ? type.filter((t) => t !== 'null') : [type];
  const only = types.length === 1 ? types[0] : undefined;
  return only === 'string' || only === 'integer' || only === 'boolean' ? only : undefined;
}

/** Why an integer property admits values outside the JS-safe range, or `undefined` when it does not. */
function unsafeIntegerBound(node: Record<string, unknown>): string | undefined {
  const beyond = (key: string, limit: number, sign: 1 | -1): boolean => typeof node[key] === 'number' && sign * (node[key] as number) > limit;
  if (beyond('maximum', SAFE, 1) || beyond('minimum', SAFE, -1)) return 'its minimum/maximum reach beyond ±(2^53−1)';
  if (beyond('exclusiveMaximum', SAFE + 1, 1) || beyond('exclusiveMinimum', SAFE + 1, -1)) return 'its exclusive bounds reach beyond ±(2^53−1)';
  const values = [...(Array.isArray(node.enum) ? node.enum : []), ...('const' in node ? [node.const] : [])];
  if (values.some((v) => typeof v === 'number' && !Number.isSafeInteger(v))) return 'its const/enum holds a number that is not a JS-safe integer';
  return undefined;
}

class Invalid extends Error {}

/**
 * Reads the `x-mcp-header` annotations of a tool's `inputSchema` and checks every validity rule: a
 * non-empty RFC 9110 token (so no CR, LF or other control characters), unique ignoring case, on a
 * `string`/`integer`/`boolean` property (optionally nullable; integer bounds within the JS-safe
 * range) reachable from the root through `properties` keys only (no `items`, composition,
 * `if`/`then`/`else`, `$ref` or `$defs` on the path). An invalid schema yields the first rule broken:
 * a client on HTTP drops that tool, a server refuses to register it.
 *
 * @example headerParamsFromSchema({ type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } })
 * // { ok: true, params: [{ header: 'Region', property: 'region', path: ['region'], type: 'string' }] }
 */
export function headerParamsFromSchema(inputSchema: unknown): HeaderParamsResult {
  const params: HeaderParam[] = [];
  const seen = new Map<string, string>();
  const fail = (pointer: string, why: string): never => {
    throw new Invalid(`x-mcp-header at ${pointer || '(root)'}: ${why}`);
  };

  const annotation = (node: Record<string, unknown>, pointer: string, path: readonly string[] | undefined): void => {
    const header = node['x-mcp-header'];
    if (path === undefined || path.length === 0) fail(pointer, 'only a property reachable through "properties" alone, from the root, may carry it');
    if (typeof header !== 'string' || !TOKEN.test(header)) fail(pointer, `${JSON.stringify(header)} is not a non-empty RFC 9110 token`);
    const name = header as string;
    const type = primitiveType(node.type);
    if (type === undefined) {
      const declared = node.type === undefined ? 'the property declares no type' : `the property's type is ${JSON.stringify(node.type)}`;
      fail(pointer, `${declared}; only "string", "integer" or "boolean" (optionally with "null") may carry it`);
    }
    if (type === 'integer') {
      const unsafe = unsafeIntegerBound(node);
      if (unsafe !== undefined) fail(pointer, `integer values must be JS-safe, but ${unsafe}`);
    }
    const previous = seen.get(name.toLowerCase());
    if (previous !== undefined) fail(pointer, `"${name}" repeats "${previous}" (header names are compared ignoring case)`);
    seen.set(name.toLowerCase(), name);
    params.push({ header: name, property: path![path!.length - 1]!, path: path!, type: type! });
  };

  const walk = (node: unknown, pointer: string, path: readonly string[] | undefined, depth: number): void => {
    if (node === null || typeof node !== 'object') return;
    if (depth > MAX_DEPTH) fail(pointer, `the schema is nested deeper than ${MAX_DEPTH} levels`);
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`, undefined, depth + 1));
      return;
    }
    const schema = node as Record<string, unknown>;
    if (Object.hasOwn(schema, 'x-mcp-header')) annotation(schema, pointer, path);
    // Only a chain of `properties` keys keeps a property reachable; every other subschema (items,
    // composition, conditionals, $defs, unknown keywords...) is walked as unreachable.
    for (const [keyword, value] of Object.entries(schema)) {
      if (DATA_KEYWORDS.has(keyword)) continue;
      const at = `${pointer}/${pointerPart(keyword)}`;
      if ((keyword === 'properties' || MAP_KEYWORDS.has(keyword)) && isObject(value)) {
        const keepPath = keyword === 'properties' && path !== undefined;
        for (const [name, sub] of Object.entries(value)) walk(sub, `${at}/${pointerPart(name)}`, keepPath ? [...path, name] : undefined, depth + 1);
      } else {
        walk(value, at, undefined, depth + 1);
      }
    }
  };

  try {
    walk(inputSchema, '', [], 0);
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message };
    throw error;
  }
  return { ok: true, params };
}

/**
 * Reads the value at a parameter's property path in the call arguments: `undefined` when any step
 * is missing (the header is then omitted).
 *
 * @example readHeaderParam({ tenant: { id: 7 } }, { property: 'id', path: ['tenant', 'id'] }) // 7
 */
export function readHeaderParam(args: unknown, param: Pick<HeaderParamRef, 'property' | 'path'>): unknown {
  let value: unknown = args;
  for (const key of param.path ?? [param.property]) {
    if (!isObject(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/**
 * The `Mcp-Param-*` headers of one `tools/call` (values encoded; absent and `null` values omitted).
 * Throws a `TypeError` for a value no header can carry (an object, an array) and a `RangeError` for
 * a number that is not a JS-safe integer: such a call is refused before it is sent.
 *
 * @example mcpParamHeaders(params, { region: 'Zürich' }) // { 'Mcp-Param-Region': '=?base64?WsO8cmljaA==?=' }
 */
export function mcpParamHeaders(params: ReadonlyArray<HeaderParamRef>, args: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const param of params) {
    const value = readHeaderParam(args, param);
    if (value === undefined || value === null) continue;
    const where = `argument "${(param.path ?? [param.property]).join('.')}" (${HEADER_PARAM_PREFIX}${param.header})`;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new TypeError(`${where} must be a ${param.type}, not ${Array.isArray(value) ? 'an array' : typeof value}`);
    }
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      throw new RangeError(`${where} is ${value}: a header carries only JS-safe integers`);
    }
    headers[HEADER_PARAM_PREFIX + param.header] = encodeHeaderValue(value);
  }
  return headers;
}
