/**
 * `@mcpkit/server/ajv`: tool schemas compiled by ajv, the fast path for Node, Deno and Bun. ajv
 * generates code with `new Function`, which Cloudflare Workers forbid; it is an optional peer
 * dependency (`ajv`, `ajv-formats`).
 *
 * @example tool({ name: 'add', inputSchema, validator: ajvValidator, handler })
 */
import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidationError } from '@mcpkit/schema';
import { formatErrors } from '@mcpkit/schema/2026-07-28/core';
import type { JsonSchemaDialect, JsonSchemaValidator } from '@mcpkit/schema/json-schema';

type AjvLike = Pick<Ajv, 'compile'>;

const ENGINES: Record<JsonSchemaDialect, new (options: object) => Ajv> = { '2020-12': Ajv2020, '2019-09': Ajv2019, 'draft-07': Ajv };
const engines = new Map<JsonSchemaDialect, AjvLike>();

// One engine per dialect for the whole process: compiling is registration-time work, and
// `addUsedSchema: false` keeps tools' `$id`s from colliding inside the shared engine.
function engine(dialect: JsonSchemaDialect): AjvLike {
  let ajv = engines.get(dialect);
  if (!ajv) {
    const made = new ENGINES[dialect]({ strict: false, allErrors: false, addUsedSchema: false, validateFormats: true });
    addFormats(made as never);
    engines.set(dialect, (ajv = made));
  }
  return ajv;
}

/** Tool schemas compiled to JavaScript by ajv (with ajv-formats): the fastest checks, where code generation is allowed. */
export const ajvValidator: JsonSchemaValidator = {
  compile(schema, dialect) {
    const validate = engine(dialect).compile(schema as object);
    return (value) => (validate(value) ? undefined : formatErrors(validate.errors as ValidationError[]));
  },
};

export type { JsonSchemaValidator, JsonSchemaDialect, JsonSchemaObject, CompiledJsonSchema } from '@mcpkit/schema/json-schema';
