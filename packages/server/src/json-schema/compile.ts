import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { formatErrors, type ValidationError } from '@mcpkit/schema';

/** A JSON Schema as a server author writes it (any dialect mcpkit supports, 2020-12 by default). */
export type JsonSchemaObject = { readonly [keyword: string]: unknown };

/** A compiled JSON Schema: `undefined` when the value conforms, otherwise a readable reason. */
export type CompiledJsonSchema = (value: unknown) => string | undefined;

type AjvLike = Pick<Ajv, 'compile'>;

/** Dialects mcpkit validates (basic/index.mdx: 2020-12 is required, others SHOULD be documented). */
const DIALECTS: Record<string, () => AjvLike> = {
  'https://json-schema.org/draft/2020-12/schema': () => make(Ajv2020),
  'https://json-schema.org/draft/2019-09/schema': () => make(Ajv2019),
  'http://json-schema.org/draft-07/schema': () => make(Ajv),
};

const engines = new Map<string, AjvLike>();

// One validator engine per dialect for the whole process: compiling is registration-time work, and
// `addUsedSchema: false` keeps tools' `$id`s from colliding inside the shared engine.
function make(Engine: new (options: object) => Ajv): AjvLike {
  const ajv = new Engine({ strict: false, allErrors: false, addUsedSchema: false, validateFormats: true });
  addFormats(ajv as never);
  return ajv;
}

function dialectOf(schema: JsonSchemaObject): string {
  const declared = schema.$schema;
  if (declared === undefined) return 'https://json-schema.org/draft/2020-12/schema';
  if (typeof declared !== 'string') throw new TypeError('$schema must be a string');
  return declared.replace(/#$/, '').replace(/^https:\/\/json-schema\.org\/draft-07/, 'http://json-schema.org/draft-07');
}

/**
 * Compiles a JSON Schema once (at registration). Throws a `TypeError` naming the problem when the
 * schema is invalid, uses an unsupported dialect, or has a `$ref` that cannot be resolved locally:
 * network `$ref`s are never fetched (basic/index.mdx, "$ref Resolution").
 */
export function compileJsonSchema(schema: JsonSchemaObject, what: string): CompiledJsonSchema {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new TypeError(`${what}: a JSON Schema must be an object`);
  }
  const dialect = dialectOf(schema);
  const factory = DIALECTS[dialect];
  if (!factory) {
    throw new TypeError(
      `${what}: unsupported JSON Schema dialect ${JSON.stringify(schema.$schema)} (supported: 2020-12, 2019-09, draft-07)`,
    );
  }
  let engine = engines.get(dialect);
  if (!engine) engines.set(dialect, (engine = factory()));
  let validate: ReturnType<Ajv['compile']>;
  try {
    validate = engine.compile(schema as object);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TypeError(`${what}: invalid JSON Schema: ${reason}`);
  }
  return (value) => (validate(value) ? undefined : formatErrors(validate.errors as ValidationError[]));
}
