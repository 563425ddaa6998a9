import { HEADER_PARAM_PREFIX } from '@mcpkit/schema';

/**
 * `x-mcp-header`: tool arguments mirrored into `Mcp-Param-{Name}` HTTP headers
 * (basic/transports/streamable-http.mdx "Custom Headers from Tool Parameters", server/tools.mdx
 * "x-mcp-header"). The client reads the annotations once per listed tool, drops tools whose
 * annotations are invalid (on HTTP), and encodes the values of each call.
 */

/** One argument mirrored into a header. */
export interface HeaderParam {
  /** The full header name, `Mcp-Param-{x-mcp-header}`. */
  readonly header: string;
  /** The chain of `properties` keys from the arguments object to the value. */
  readonly path: readonly string[];
}

/** RFC 9110 §5.1 token: one or more tchar. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Keywords whose values are data, never subschemas. */
const DATA = new Set(['const', 'enum', 'default', 'examples', 'x-mcp-header']);
/** Keywords whose values map names to subschemas that are not reachable through `properties`. */
const MAPS = new Set(['patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);
/** Schemas nested deeper than this are refused rather than walked. */
const MAX_DEPTH = 64;
const SAFE_TYPES = new Set(['string', 'integer', 'boolean']);

/**
 * Reads the `x-mcp-header` annotations of a tool's `inputSchema`. Throws a `TypeError` naming the
 * first violation: an empty or non-token name, a duplicate (ignoring case), a type other than
 * string/integer/boolean, or a property not reachable from the root through `properties` alone.
 *
 * @example headerParamsOf({ type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } })
 */
export function headerParamsOf(inputSchema: unknown): readonly HeaderParam[] {
  const found: HeaderParam[] = [];
  const seen = new Set<string>();
  const walk = (node: unknown, path: readonly string[] | undefined, pointer: string, depth: number): void => {
    if (depth > MAX_DEPTH) throw new TypeError(`the input schema is nested deeper than ${MAX_DEPTH} levels`);
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, undefined, `${pointer}/${i}`, depth + 1));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    if ('x-mcp-header' in schema) {
      const name = schema['x-mcp-header'];
      const where = pointer || '(root)';
      if (path === undefined || path.length === 0) {
        throw new TypeError(`x-mcp-header at ${where} is not on a property reachable through "properties" alone`);
      }
      if (typeof name !== 'string' || !TOKEN.test(name)) {
        throw new TypeError(`x-mcp-header ${JSON.stringify(name)} at ${where} is not a non-empty RFC 9110 token`);
      }
      if (typeof schema.type !== 'string' || !SAFE_TYPES.has(schema.type)) {
        throw new TypeError(
          `x-mcp-header "${name}" at ${where} is on a property of type ${JSON.stringify(schema.type)}; ` +
            'only string, integer and boolean are allowed',
        );
      }
      const folded = name.toLowerCase();
      if (seen.has(folded)) throw new TypeError(`x-mcp-header "${name}" at ${where} repeats another one (ignoring case)`);
      seen.add(folded);
      found.push({ header: HEADER_PARAM_PREFIX + name, path });
    }
    for (const keyword of Object.keys(schema)) {
      if (DATA.has(keyword)) continue;
      const value = schema[keyword];
      const at = `${pointer}/${keyword}`;
      if (keyword === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
        for (const [name, sub] of Object.entries(value)) {
          walk(sub, path === undefined ? undefined : [...path, name], `${at}/${name}`, depth + 1);
        }
      } else if (MAPS.has(keyword) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
        for (const [name, sub] of Object.entries(value)) walk(sub, undefined, `${at}/${name}`, depth + 1);
      } else if (value !== null && typeof value === 'object') {
        walk(value, undefined, at, depth + 1);
      }
    }
  };
  walk(inputSchema, [], '', 0);
  return found;
}

/** The `Mcp-Param-*` headers of one call, or `undefined` when none applies. Values absent from the arguments are omitted. */
export function headersFor(
  params: readonly HeaderParam[],
  args: Record<string, unknown> | undefined,
): Record<string, string> | undefined {
  if (args === undefined) return undefined;
  let headers: Record<string, string> | undefined;
  for (const param of params) {
    let value: unknown = args;
    for (const key of param.path) {
      value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    (headers ??= {})[param.header] = encodeHeaderValue(value);
  }
  return headers;
}

/** Visible ASCII, space and tab, without leading or trailing whitespace. */
const PLAIN = /^(?:[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?)?$/;
const SENTINEL = /^=\?base64\?.*\?=$/s;

/**
 * Encodes a header value: strings as they are, integers in decimal, booleans as `true`/`false`, and
 * anything not safely plain ASCII (or looking like the sentinel) as `=?base64?…?=` of its UTF-8.
 *
 * @example encodeHeaderValue('Hello, 世界') // '=?base64?SGVsbG8sIOS4lueVjA==?='
 */
export function encodeHeaderValue(value: string | number | boolean): string {
  const text = typeof value === 'string' ? value : String(value);
  if (PLAIN.test(text) && !SENTINEL.test(text)) return text;
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i] as number);
  return `=?base64?${btoa(binary)}?=`;
}
