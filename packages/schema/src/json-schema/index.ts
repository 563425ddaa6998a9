/**
 * `@mcpkit/schema/json-schema`: checking values against JSON Schemas that arrive at run time (tools'
 * input and output schemas), without code generation, so it runs on Workers too. The protocol's own
 * types use the precompiled validators of the main entry instead.
 */
export type { CompiledJsonSchema, JsonSchemaDialect, JsonSchemaObject, JsonSchemaValidator } from './validator.js';
export { createEvalFreeValidator, evalFreeValidator, type EvalFreeValidatorOptions } from './eval-free-validator.js';
export { schemaShapeProblem } from './schema-shape.js';
