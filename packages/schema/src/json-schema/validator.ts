/** A JSON Schema as a server author writes it (any dialect mcpkit supports, 2020-12 by default). */
export type JsonSchemaObject = { readonly [keyword: string]: unknown };

/** A compiled JSON Schema: `undefined` when the value conforms, otherwise a readable reason. */
export type CompiledJsonSchema = (value: unknown) => string | undefined;

/** The JSON Schema dialects mcpkit validates (basic/index.mdx: 2020-12 is required, others SHOULD be documented). */
export type JsonSchemaDialect = '2020-12' | '2019-09' | 'draft-07';

/**
 * What compiles the JSON Schemas a peer or a user supplies (tool input and output schemas). The
 * default (`evalFreeValidator`) runs everywhere, Workers included; `ajvValidator` from
 * `@mcpkit/server/ajv` generates code with `new Function` (faster to check complex schemas, slower to
 * start, not allowed on Workers).
 */
export interface JsonSchemaValidator {
  /**
   * Compiles `schema` (whose dialect has been checked) once. Throws an `Error` saying why the schema
   * cannot be used: invalid, or a `$ref` that does not resolve inside it (network `$ref`s are never
   * fetched, basic/index.mdx "$ref Resolution").
   */
  compile(schema: JsonSchemaObject, dialect: JsonSchemaDialect): CompiledJsonSchema;
}
