import { deepCompareStrict, format as FORMATS, ucs2length } from '@cfworker/json-schema';
import { isObject } from '../json-object.js';

/**
 * A fast path of the eval-free validator: the common subset of JSON Schema (type, properties,
 * required, additionalProperties, items, enum, const, bounds, pattern, format) compiled once into
 * nested closures — no code generation, so it runs on Workers — deciding valid or not in tens of
 * nanoseconds. A schema using anything else (`$ref`, combinators, conditionals, tuples, ...) gets
 * `undefined` and is interpreted by `@cfworker/json-schema` instead. The rules are those of that
 * library (formats included), so both always decide alike; the library also explains failures.
 */

type Check = (value: unknown) => boolean;

/** Standard keywords with an effect on validation that this subset leaves to the full validator. */
const UNHANDLED = new Set([
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  '$id',
  'id',
  '$anchor',
  '$dynamicAnchor',
  '$recursiveAnchor',
  '$defs',
  'definitions',
  '$vocabulary',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'prefixItems',
  'contains',
  'minContains',
  'maxContains',
  'additionalItems',
  'multipleOf',
  'uniqueItems',
  'contentSchema',
]);

const ALWAYS: Check = () => true;
const NEVER: Check = () => false;
const hasOwn = (value: object, key: string) => Object.hasOwn(value, key);

function isType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

function all(checks: Check[]): Check {
  if (checks.length === 0) return ALWAYS;
  if (checks.length === 1) return checks[0]!;
  return (value) => {
    for (let i = 0; i < checks.length; i++) if (!checks[i]!(value)) return false;
    return true;
  };
}

function objectChecks(s: Record<string, unknown>): Check | undefined {
  const checks: Check[] = [];
  const required = s.required as string[] | undefined;
  if (required && required.length > 0) {
    checks.push((v) => {
      for (let i = 0; i < required.length; i++) if (!hasOwn(v as object, required[i]!)) return false;
      return true;
    });
  }
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const names = Object.keys(properties);
  const inner: Check[] = [];
  for (const name of names) {
    const check = compileClosureCheck(properties[name]);
    if (!check) return undefined;
    inner.push(check);
  }
  if (names.length > 0) {
    checks.push((v) => {
      const object = v as Record<string, unknown>;
      for (let i = 0; i < names.length; i++) if (hasOwn(object, names[i]!) && !inner[i]!(object[names[i]!])) return false;
      return true;
    });
  }
  if (s.additionalProperties !== undefined) {
    const extra = compileClosureCheck(s.additionalProperties);
    if (!extra) return undefined;
    const known = new Set(names);
    checks.push((v) => {
      const object = v as Record<string, unknown>;
      for (const key in object) if (!known.has(key) && !extra(object[key])) return false;
      return true;
    });
  }
  const { minProperties: min, maxProperties: max } = s as { minProperties?: number; maxProperties?: number };
  if (min !== undefined || max !== undefined) {
    checks.push((v) => {
      const n = Object.keys(v as object).length;
      return (min === undefined || n >= min) && (max === undefined || n <= max);
    });
  }
  if (checks.length === 0) return ALWAYS;
  const check = all(checks);
  return (v) => !isObject(v) || check(v);
}

function arrayChecks(s: Record<string, unknown>): Check | undefined {
  const { minItems: min, maxItems: max } = s as { minItems?: number; maxItems?: number };
  let items: Check | undefined;
  if (s.items !== undefined) {
    if (Array.isArray(s.items)) return undefined; // a tuple (draft-07, 2019-09): left to the full validator
    items = compileClosureCheck(s.items);
    if (!items) return undefined;
  }
  if (items === undefined && min === undefined && max === undefined) return ALWAYS;
  return (v) => {
    if (!Array.isArray(v)) return true;
    if ((min !== undefined && v.length < min) || (max !== undefined && v.length > max)) return false;
    if (items) for (let i = 0; i < v.length; i++) if (!items(v[i])) return false;
    return true;
  };
}

function numberChecks(s: Record<string, unknown>): Check {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = s as Record<string, number | undefined>;
  if (minimum === undefined && maximum === undefined && exclusiveMinimum === undefined && exclusiveMaximum === undefined) return ALWAYS;
  return (v) =>
    typeof v !== 'number' ||
    ((minimum === undefined || v >= minimum) &&
      (maximum === undefined || v <= maximum) &&
      (exclusiveMinimum === undefined || v > exclusiveMinimum) &&
      (exclusiveMaximum === undefined || v < exclusiveMaximum));
}

function stringChecks(s: Record<string, unknown>): Check {
  const { minLength: min, maxLength: max } = s as { minLength?: number; maxLength?: number };
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined;
  const named = typeof s.format === 'string' ? (FORMATS as Record<string, ((v: string) => boolean) | undefined>)[s.format] : undefined;
  if (min === undefined && max === undefined && !pattern && !named) return ALWAYS;
  return (v) => {
    if (typeof v !== 'string') return true;
    if (min !== undefined || max !== undefined) {
      const n = ucs2length(v);
      if ((min !== undefined && n < min) || (max !== undefined && n > max)) return false;
    }
    return (!pattern || pattern.test(v)) && (!named || named(v));
  };
}

/** A closure deciding whether a value conforms to `schema`, or `undefined` when the schema is outside the subset. */
export function compileClosureCheck(schema: unknown): Check | undefined {
  if (schema === true) return ALWAYS;
  if (schema === false) return NEVER;
  if (!isObject(schema)) return undefined;
  for (const key of Object.keys(schema)) if (UNHANDLED.has(key)) return undefined;
  const checks: Check[] = [];
  const type = schema.type;
  if (typeof type === 'string') checks.push((v) => isType(v, type));
  else if (Array.isArray(type)) checks.push((v) => type.some((t: string) => isType(v, t)));
  if (schema.const !== undefined) {
    const constant = schema.const;
    checks.push((v) => deepCompareStrict(v, constant));
  }
  if (Array.isArray(schema.enum)) {
    const list = schema.enum;
    checks.push((v) => list.some((item) => deepCompareStrict(v, item)));
  }
  const object = objectChecks(schema);
  const array = arrayChecks(schema);
  if (!object || !array) return undefined;
  for (const check of [object, array, numberChecks(schema), stringChecks(schema)]) if (check !== ALWAYS) checks.push(check);
  return all(checks);
}
