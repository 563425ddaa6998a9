/**
 * `x-mcp-header`: tool arguments mirrored into `Mcp-Param-*` headers.
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Custom Headers from Tool Parameters)
 *
 * The same rules serve both sides: the client derives the headers to send from a tool's
 * `inputSchema`; the server compares what arrived with the body.
 */
import { encodeHeaderValue } from './header-value.js';

/** One annotated property of a tool's `inputSchema`. */
export interface HeaderParam {
  /** The `x-mcp-header` value: the header sent is `Mcp-Param-{header}`. */
  readonly header: string;
  /** The annotated property's own name (the last key of `path`). */
  readonly property: string;
  /** The chain of `properties` keys from the schema root to the property; `[property]` when absent. */
  readonly path?: readonly string[];
  /** The property's JSON type. */
  readonly type: 'string' | 'integer' | 'boolean';
}

/** What a dispatcher offers (structurally) so the transport can check `Mcp-Param-*` headers. */
export interface HeaderParamSource {
  /** The annotated properties of tool `toolName`, or `undefined` for an unknown tool. */
  headerParams(toolName: string): ReadonlyArray<HeaderParam> | undefined;
}

/** The outcome of reading a schema's `x-mcp-header` annotations. */
export type HeaderParamsResult = { ok: true; params: HeaderParam[] } | { ok: false; reason: string };

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const MAX_DEPTH = 64;
/** Keywords whose values are data, never subschemas: an `x-mcp-header` key inside them means nothing. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'x-mcp-header']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function primitiveType(node: Record<string, unknown>): HeaderParam['type'] | undefined {
  const t = node.type;
  const list = Array.isArray(t) ? t.filter((x) => x !== 'null') : [t];
  if (list.length !== 1) return undefined;
  const only = list[0];
  return only === 'string' || only === 'integer' || only === 'boolean' ? only : undefined;
}

interface Walk {
  params: HeaderParam[];
  seen: Set<string>;
  error?: string;
}

function visit(node: unknown, path: string[] | null, depth: number, walk: Walk): void {
  if (walk.error !== undefined) return;
  if (Array.isArray(node)) {
    for (const item of node) visit(item, null, depth + 1, walk);
    return;
  }
  if (!isObject(node)) return;
  if (depth > MAX_DEPTH) {
    walk.error = `schema is nested deeper than ${MAX_DEPTH} levels`;
    return;
  }
  if (Object.hasOwn(node, 'x-mcp-header')) {
    const where = path === null ? 'a subschema' : `property "${path.join('.')}"`;
    const header = node['x-mcp-header'];
    if (path === null || path.length === 0) {
      walk.error = `x-mcp-header on ${where} that is not reachable through "properties" alone`;
      return;
    }
    if (typeof header !== 'string' || !TOKEN.test(header)) {
      walk.error = `x-mcp-header of ${where} must be a non-empty HTTP token, got ${JSON.stringify(header)}`;
      return;
    }
    const type = primitiveType(node);
    if (type === undefined) {
      walk.error = `x-mcp-header on ${where} whose type is not exactly one of string, integer, boolean`;
      return;
    }
    const key = header.toLowerCase();
    if (walk.seen.has(key)) {
      walk.error = `x-mcp-header "${header}" is used twice (names are compared case-insensitively)`;
      return;
    }
    walk.seen.add(key);
    walk.params.push({ header, property: path[path.length - 1]!, path, type });
  }
  // Only a chain of `properties` keys keeps a path reachable; every other subschema (items,
  // composition, conditionals, $defs, unknown keywords...) is walked as unreachable.
  for (const key of Object.keys(node)) {
    if (DATA_KEYWORDS.has(key)) continue;
    const value = node[key];
    if (key === 'properties' && isObject(value)) {
      for (const name of Object.keys(value)) visit(value[name], path === null ? null : [...path, name], depth + 1, walk);
    } else if (typeof value === 'object' && value !== null) {
      visit(value, null, depth + 1, walk);
    }
  }
}

/**
 * Reads the `x-mcp-header` annotations of a tool's `inputSchema` and checks every validity rule of
 * the spec (token syntax, case-insensitive uniqueness, primitive type, reachability through
 * `properties` only). An invalid schema yields `{ ok: false, reason }`: the client drops that tool.
 */
export function headerParamsFromSchema(inputSchema: unknown): HeaderParamsResult {
  const walk: Walk = { params: [], seen: new Set() };
  visit(inputSchema, [], 0, walk);
  return walk.error === undefined ? { ok: true, params: walk.params } : { ok: false, reason: walk.error };
}

/** Reads the value at a param's property path in the call arguments (`undefined` when absent). */
export function readHeaderParam(args: unknown, param: HeaderParam): unknown {
  const path = param.path ?? [param.property];
  let value: unknown = args;
  for (const key of path) {
    if (!isObject(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/**
 * The `Mcp-Param-*` headers for a `tools/call` with these arguments (values encoded; absent and
 * `null` values omitted). Throws a `TypeError`/`RangeError` for a value no header can carry.
 */
export function mcpParamHeaders(params: ReadonlyArray<HeaderParam>, args: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const param of params) {
    const value = readHeaderParam(args, param);
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new TypeError(`argument "${param.property}" (x-mcp-header ${param.header}) must be a ${param.type}`);
    }
    headers[`Mcp-Param-${param.header}`] = encodeHeaderValue(value);
  }
  return headers;
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * True when a decoded header value mirrors `bodyValue`: strings exactly, booleans as `true`/`false`,
 * numbers by value (`42` equals `42.0`).
 */
export function headerValueMatches(decoded: string, bodyValue: unknown): boolean {
  switch (typeof bodyValue) {
    case 'string':
      return decoded === bodyValue;
    case 'boolean':
      return decoded === (bodyValue ? 'true' : 'false');
    case 'number':
      return JSON_NUMBER.test(decoded) && Number(decoded) === bodyValue;
    default:
      return false;
  }
}
