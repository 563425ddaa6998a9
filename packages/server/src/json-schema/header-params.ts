import type { JsonSchemaObject } from './compile.js';

/** One tool argument that clients mirror into an `Mcp-Param-{header}` HTTP header. */
export interface HeaderParam {
  /** The `x-mcp-header` value: the part after `Mcp-Param-`. */
  readonly header: string;
  /** The annotated property's own name (the last key of `path`). */
  readonly property: string;
  /** The chain of `properties` keys from the arguments object to the value. */
  readonly path: readonly string[];
  /** The property's JSON type. */
  readonly type: 'string' | 'integer' | 'boolean';
}

/** RFC 9110 §5.1 `token` (1*tchar): no separators, spaces or control characters. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Keywords whose values are data, not subschemas: an `x-mcp-header` key inside them means nothing. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'x-mcp-header']);
/** Keywords whose values map names to subschemas. */
const MAP_KEYWORDS = new Set(['$defs', 'definitions', 'patternProperties', 'dependentSchemas', 'dependencies']);

/** The one primitive type a property may have (a `"null"` alongside is allowed: null values send no header). */
function primitiveType(type: unknown): HeaderParam['type'] | undefined {
  const types = Array.isArray(type) ? type.filter((t) => t !== 'null') : [type];
  const only = types.length === 1 ? types[0] : undefined;
  return only === 'string' || only === 'integer' || only === 'boolean' ? only : undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Reads and checks the `x-mcp-header` annotations of a tool's input schema (server/tools.mdx
 * "x-mcp-header", basic/transports/streamable-http.mdx "Custom Headers from Tool Parameters"):
 * a non-empty RFC 9110 token, unique ignoring case, on a `string`/`integer`/`boolean` property that
 * is reachable from the root through `properties` keys only. Throws a `TypeError` naming the first
 * violation.
 */
export function extractHeaderParams(toolName: string, inputSchema: JsonSchemaObject): readonly HeaderParam[] {
  const found: HeaderParam[] = [];
  const seen = new Map<string, string>();
  const fail = (where: string, why: string): never => {
    throw new TypeError(`Tool "${toolName}": invalid x-mcp-header at ${where || '(root)'}: ${why}`);
  };

  const walk = (node: unknown, pointer: string, path: readonly string[] | undefined): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`, undefined));
      return;
    }
    if (!isObject(node)) return;
    if ('x-mcp-header' in node) {
      const header = node['x-mcp-header'];
      if (!path || path.length === 0) fail(pointer, 'only properties reachable from the root through "properties" may carry it');
      if (typeof header !== 'string' || !TOKEN.test(header)) fail(pointer, `${JSON.stringify(header)} is not a non-empty RFC 9110 token`);
      const type = primitiveType(node.type);
      if (!type) fail(pointer, `the property's type must be "string", "integer" or "boolean", not ${JSON.stringify(node.type)}`);
      const key = (header as string).toLowerCase();
      const previous = seen.get(key);
      if (previous !== undefined) fail(pointer, `"${header as string}" repeats "${previous}" (header names are compared ignoring case)`);
      seen.set(key, header as string);
      found.push({ header: header as string, property: path![path!.length - 1]!, path: path!, type: type! });
    }
    for (const [keyword, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(keyword)) continue;
      const at = `${pointer}/${keyword.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (keyword === 'properties' && isObject(value)) {
        for (const [name, sub] of Object.entries(value)) {
          walk(sub, `${at}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, path ? [...path, name] : undefined);
        }
      } else if (MAP_KEYWORDS.has(keyword) && isObject(value)) {
        for (const [name, sub] of Object.entries(value)) walk(sub, `${at}/${name}`, undefined);
      } else if (typeof value === 'object') {
        walk(value, at, undefined);
      }
    }
  };

  walk(inputSchema, '', []);
  return Object.freeze(found);
}
