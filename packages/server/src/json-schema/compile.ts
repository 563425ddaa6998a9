import { evalFreeValidator } from '@mcpkit/schema/json-schema';
import type { CompiledJsonSchema, JsonSchemaDialect, JsonSchemaObject, JsonSchemaValidator } from '@mcpkit/schema/json-schema';

export type { CompiledJsonSchema, JsonSchemaObject } from '@mcpkit/schema/json-schema';

/** The dialects mcpkit validates, by `$schema` URI (draft-07 also under https). */
const DIALECTS: Record<string, JsonSchemaDialect> = {
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'http://json-schema.org/draft-07/schema': 'draft-07',
};

function dialectOf(schema: JsonSchemaObject, what: string): JsonSchemaDialect {
  const declared = schema.$schema;
  if (declared === undefined) return '2020-12';
  if (typeof declared !== 'string') throw new TypeError(`${what}: $schema must be a string`);
  const dialect = DIALECTS[declared.replace(/#$/, '').replace(/^https:\/\/json-schema\.org\/draft-07/, 'http://json-schema.org/draft-07')];
  if (!dialect) {
    throw new TypeError(`${what}: unsupported JSON Schema dialect ${JSON.stringify(declared)} (supported: 2020-12, 2019-09, draft-07)`);
  }
  return dialect;
}

/**
 * Compiles a JSON Schema once (at registration) with `validator` (default: the eval-free one).
 * Throws a `TypeError` naming the problem when the schema is invalid, uses an unsupported dialect,
 * or has a `$ref` that cannot be resolved locally: network `$ref`s are never fetched
 * (basic/index.mdx, "$ref Resolution").
 */
export function compileJsonSchema(schema: JsonSchemaObject, what: string, validator: JsonSchemaValidator = evalFreeValidator): CompiledJsonSchema {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new TypeError(`${what}: a JSON Schema must be an object`);
  }
  const dialect = dialectOf(schema, what);
  try {
    return validator.compile(schema, dialect);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TypeError(`${what}: invalid JSON Schema: ${reason}`);
  }
}
