/**
 * Checks that a JSON Schema is well formed before it is used: the value of every standard keyword has
 * the type its meta-schema requires (2020-12, 2019-09 and draft-07 agree on these), subschemas are
 * schemas, and `pattern`s compile. Unknown keywords are allowed and not descended into (they are
 * annotations). Returns the first problem as `path: reason`, or `undefined`.
 */
import { isObject } from '../json-object.js';

const TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'string', 'integer']);
const SCHEMA = new Set([
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'unevaluatedItems',
  'additionalItems',
]);
const SCHEMA_ARRAY = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const COUNT = new Set(['maxLength', 'minLength', 'maxItems', 'minItems', 'maxProperties', 'minProperties', 'maxContains', 'minContains']);
const NUMBER = new Set(['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum']);
const STRING = new Set([
  '$id',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  '$comment',
  '$schema',
  'format',
  'title',
  'description',
  'contentMediaType',
  'contentEncoding',
]);
const BOOLEAN = new Set(['uniqueItems', 'readOnly', 'writeOnly', 'deprecated', '$recursiveAnchor']);
const ANCHOR = /^[A-Za-z_][-A-Za-z0-9._]*$/;

const isUniqueStrings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string') && new Set(v).size === v.length;

function badPattern(pattern: unknown): string | undefined {
  if (typeof pattern !== 'string') return 'must be a string';
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (error) {
    return `is not a valid regular expression (${(error as Error).message})`;
  }
}

/** The first problem of `schema` (a schema or a boolean) at `path`, or `undefined`. */
export function schemaShapeProblem(schema: unknown, path = ''): string | undefined {
  if (typeof schema === 'boolean') return undefined;
  if (!isObject(schema)) return `${path || '(root)'}: a schema must be an object or a boolean`;
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    const at = `${path}/${key}`;
    let problem: string | undefined;
    if (key === 'type') {
      const list = Array.isArray(value) ? value : [value];
      if (list.length === 0 || !list.every((t) => typeof t === 'string' && TYPES.has(t)) || new Set(list).size !== list.length) {
        problem = `must be one of ${[...TYPES].join(', ')} or a non-empty array of them without repeats`;
      }
    } else if (SCHEMA.has(key)) {
      const inner = schemaShapeProblem(value, at);
      if (inner) return inner;
    } else if (key === 'items') {
      // 2020-12: one schema; 2019-09 and draft-07 also allow an array of schemas.
      const list = Array.isArray(value) ? value : [value];
      for (let i = 0; i < list.length; i++) {
        const inner = schemaShapeProblem(list[i], Array.isArray(value) ? `${at}/${i}` : at);
        if (inner) return inner;
      }
    } else if (SCHEMA_ARRAY.has(key)) {
      if (!Array.isArray(value) || value.length === 0) problem = 'must be a non-empty array of schemas';
      else {
        for (let i = 0; i < value.length; i++) {
          const inner = schemaShapeProblem(value[i], `${at}/${i}`);
          if (inner) return inner;
        }
      }
    } else if (SCHEMA_MAP.has(key)) {
      if (!isObject(value)) problem = 'must be an object of schemas';
      else {
        for (const name of Object.keys(value)) {
          if (key === 'patternProperties') {
            const bad = badPattern(name);
            if (bad) return `${at}: the key ${JSON.stringify(name)} ${bad}`;
          }
          const inner = schemaShapeProblem(value[name], `${at}/${name}`);
          if (inner) return inner;
        }
      }
    } else if (key === 'dependencies') {
      if (!isObject(value)) problem = 'must be an object';
      else {
        for (const name of Object.keys(value)) {
          const dep = value[name];
          if (Array.isArray(dep) ? !isUniqueStrings(dep) : !!schemaShapeProblem(dep)) return `${at}/${name}: must be a schema or an array of unique strings`;
        }
      }
    } else if (key === 'required') {
      if (!isUniqueStrings(value)) problem = 'must be an array of unique strings';
    } else if (key === 'dependentRequired') {
      if (!isObject(value) || !Object.values(value).every(isUniqueStrings)) problem = 'must be an object of arrays of unique strings';
    } else if (key === 'enum') {
      if (!Array.isArray(value)) problem = 'must be an array';
    } else if (key === 'multipleOf') {
      if (typeof value !== 'number' || !(value > 0)) problem = 'must be a number greater than 0';
    } else if (NUMBER.has(key)) {
      if (typeof value !== 'number') problem = 'must be a number';
    } else if (COUNT.has(key)) {
      if (!Number.isInteger(value) || (value as number) < 0) problem = 'must be a non-negative integer';
    } else if (key === 'pattern') {
      problem = badPattern(value);
    } else if (key === '$anchor' || key === '$dynamicAnchor') {
      if (typeof value !== 'string' || !ANCHOR.test(value)) problem = 'must be a plain name (letters, digits, "-", "_", ".")';
    } else if (STRING.has(key)) {
      if (typeof value !== 'string') problem = 'must be a string';
    } else if (BOOLEAN.has(key)) {
      if (typeof value !== 'boolean') problem = 'must be a boolean';
    } else if (key === 'examples') {
      if (!Array.isArray(value)) problem = 'must be an array';
    }
    if (problem) return `${at}: ${problem}`;
  }
  return undefined;
}

/** Removes `format` from every schema inside `schema` (in place), where it is to be an annotation only. */
export function withoutFormats(schema: unknown): void {
  if (!isObject(schema)) return;
  delete schema.format;
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    if (SCHEMA.has(key)) withoutFormats(value);
    else if (key === 'items' || SCHEMA_ARRAY.has(key)) (Array.isArray(value) ? value : [value]).forEach(withoutFormats);
    else if (SCHEMA_MAP.has(key) || key === 'dependencies') {
      if (isObject(value)) Object.values(value).forEach(withoutFormats);
    }
  }
}
