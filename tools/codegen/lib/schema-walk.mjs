// Visits the subschemas of a JSON Schema 2020-12 document by keyword, so that a transformation can
// tell a schema position (where `description` is an annotation) from a data position (where
// `description` may be the name of a property under `properties`).

const SCHEMA_MAPS = ['$defs', 'definitions', 'properties', 'patternProperties', 'dependentSchemas'];
const SCHEMA_ONE = [
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/**
 * Rebuilds `schema` bottom-up: every subschema is mapped first, then `fn(schema)` is applied to the
 * rebuilt node. `fn` returns the replacement node (or the node itself).
 */
export function mapSchema(schema, fn) {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const node = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.includes(key) && value && typeof value === 'object') {
      node[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, mapSchema(sub, fn)]));
    } else if (SCHEMA_ONE.includes(key)) {
      node[key] = Array.isArray(value) ? value.map((sub) => mapSchema(sub, fn)) : mapSchema(value, fn);
    } else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) {
      node[key] = value.map((sub) => mapSchema(sub, fn));
    } else {
      node[key] = value;
    }
  }
  return fn(node);
}

/** Calls `fn(schema, path)` for `schema` and each subschema (path is a JSON-pointer-like string). */
export function walkSchema(schema, fn, path = '#') {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return;
  fn(schema, path);
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.includes(key) && value && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value)) walkSchema(sub, fn, `${path}/${key}/${name}`);
    } else if (SCHEMA_ONE.includes(key) && Array.isArray(value)) {
      value.forEach((sub, i) => walkSchema(sub, fn, `${path}/${key}/${i}`));
    } else if (SCHEMA_ONE.includes(key)) {
      walkSchema(value, fn, `${path}/${key}`);
    } else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) {
      value.forEach((sub, i) => walkSchema(sub, fn, `${path}/${key}/${i}`));
    }
  }
}

/** Keywords that only annotate: they never change whether an instance is valid. */
export const ANNOTATION_KEYWORDS = ['description', 'title', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly'];

/** A copy of `schema` with every annotation keyword removed (validation behaviour unchanged). */
export function stripAnnotations(schema) {
  return mapSchema(schema, (node) => {
    for (const key of ANNOTATION_KEYWORDS) delete node[key];
    return node;
  });
}
