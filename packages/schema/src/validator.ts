/**
 * The shape of every precompiled validator: a type guard that, after a failed call, explains why
 * in `errors` (ajv's error objects, without `schemaPath`).
 */

/** One reason a value failed validation (ajv's error object). */
export interface ValidationError {
  /** JSON Pointer to the offending part of the value, `''` for the value itself. */
  instancePath: string;
  /**
   * JSON Pointer (as a URI fragment) to the schema keyword that failed. Set by the validators of
   * `@mcpkit/schema/json-schema`; the precompiled validators leave it out (it made them much larger).
   */
  schemaPath?: string;
  /**
   * The failing keyword: `required`, `type`, `const`, `anyOf`, `additionalProperties`, ... or
   * `discriminator` (not an ajv keyword): a union's tag (`method`, `type`, `resultType`) has a value
   * no branch has, with `params` `{ tag, tagValue, allowedValues }`.
   */
  keyword: string;
  /** Keyword details, e.g. `{ missingProperty: 'name' }` for `required`. */
  params: Record<string, unknown>;
  /** A short English description of the problem, e.g. `must be string`. */
  message?: string;
}

/** A precompiled validator: `validate(value)` narrows `value` to `T`; `errors` is set after each call. */
export interface Validator<T> {
  (value: unknown): value is T;
  /** Why the last call failed, or `null` after a successful call (and before any call). */
  errors?: ValidationError[] | null;
}
