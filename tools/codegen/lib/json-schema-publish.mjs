// The form of a JSON Schema that is published (packages/schema/json/): the generated schema with an
// `$id` naming its revision, a `title`, and union types written so that Ajv's default strict mode
// compiles every definition without a warning (`type: ["string", "integer"]` needs
// `allowUnionTypes`; the same `anyOf` of single types does not). Validators and bindings are
// generated from the schema before this step; the two forms accept exactly the same instances.
import { ANNOTATION_KEYWORDS, mapSchema } from './schema-walk.mjs';

/** Where the published files can be fetched: the npm package on unpkg (the newest published version). */
export const SCHEMA_ID_BASE = 'https://unpkg.com/@mcpkit/schema/json/';

/** Whether `node` is an `anyOf` of bare types, the shape the rewrite below produces. */
export const isAnyOfTypes = (node) =>
  Array.isArray(node.anyOf) &&
  node.anyOf.every((branch) => branch && typeof branch === 'object' && Object.keys(branch).length === 1 && typeof branch.type === 'string');

/** `{ type: [a, b], description }` → `{ description, anyOf: [{ type: a }, { type: b }] }`. */
function unionTypesAsAnyOf(node) {
  // Kept unambiguous, so the published form can be turned back (test/error-agreement.test.ts does).
  if (isAnyOfTypes(node)) throw new Error('codegen: the generated schema has an anyOf of bare types already; the published form would be ambiguous');
  if (!Array.isArray(node.type)) return node;
  if (node.type.length === 1) return { ...node, type: node.type[0] };
  const others = Object.keys(node).filter((key) => key !== 'type' && !ANNOTATION_KEYWORDS.includes(key));
  // Type-specific keywords beside a union type would have to move into the matching branch.
  if (others.length) throw new Error(`codegen: a union type with ${others.join(', ')} beside it; extend json-schema-publish.mjs`);
  const { type, ...rest } = node;
  return { ...rest, anyOf: type.map((t) => ({ type: t })) };
}

/**
 * The published form of `schema`: `file` is its path under `json/` (`2026-07-28.schema.json`,
 * `extensions/tasks.schema.json`), `title` says what it holds.
 */
export function publishedSchema(schema, { file, title }) {
  const { $schema, ...rest } = mapSchema(schema, unionTypesAsAnyOf);
  return { $schema, $id: `${SCHEMA_ID_BASE}${file}`, title, ...rest };
}
