/**
 * The schema of a form elicitation, as a handler writes it, and what an answer to it may be.
 * The same object is given to `elicitForm` (the question) and to `ctx.input.accepted` (the check of
 * the answer), so a handler sees only answers that fit what it asked (client/elicitation.mdx:
 * "Servers SHOULD validate received data matches the requested schema").
 */
import type { ElicitRequestFormParams } from '@mcpkit/schema';
import { compileJsonSchema, type CompiledJsonSchema, type JsonSchemaObject } from '../json-schema/compile.js';

/** `T` with every member and array read-only, all the way down (what an `as const` literal is). */
export type DeepReadonly<T> = T extends readonly (infer I)[]
  ? readonly DeepReadonly<I>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/**
 * A form's `requestedSchema` (a flat object of string, number, boolean and enum fields). Written
 * `as const`, it also types what `ctx.input.accepted(key, schema)` returns.
 */
export type FormSchema = DeepReadonly<ElicitRequestFormParams['requestedSchema']>;

/** The value type of one form field, from its schema. */
export type FormFieldValue<F> = F extends { readonly type: 'array'; readonly items: { readonly enum: readonly (infer E)[] } }
  ? E[]
  : F extends { readonly type: 'array'; readonly items: { readonly anyOf: readonly { readonly const: infer C }[] } }
    ? C[]
    : F extends { readonly type: 'array' }
      ? string[]
      : F extends { readonly enum: readonly (infer E)[] }
        ? E
        : F extends { readonly oneOf: readonly { readonly const: infer C }[] }
          ? C
          : F extends { readonly type: 'string' }
            ? string
            : F extends { readonly type: 'number' | 'integer' }
              ? number
              : F extends { readonly type: 'boolean' }
                ? boolean
                : never;

/**
 * The content of an accepted answer to the form `S`: its required fields, and its optional ones
 * when given. Every name in it is exported (no private helper types); the final `infer X` mapping
 * flattens the intersection into one object type (what an editor shows).
 */
export type FormContent<S extends FormSchema> = {
  -readonly [K in keyof S['properties'] & string as K extends FormRequired<S> ? K : never]: FormFieldValue<S['properties'][K]>;
} & {
  -readonly [K in keyof S['properties'] & string as K extends FormRequired<S> ? never : K]?: FormFieldValue<S['properties'][K]>;
} extends infer X
  ? { [K in keyof X]: X[K] }
  : never;

/** The names of the fields the form `S` requires. */
export type FormRequired<S extends FormSchema> = S extends { readonly required: readonly (infer R)[] } ? R : never;

const compiled = new WeakMap<object, CompiledJsonSchema>();

/**
 * Checks accepted form content against its schema (compiled once per schema object, with the
 * eval-free validator). Returns the content with only the fields the form declares (anything else
 * the client sent is ignored, as basic/patterns/mrtr.mdx says of unexpected data), or a reason.
 */
export function checkFormContent(schema: FormSchema, content: unknown): { ok: true; content: Record<string, unknown> } | { ok: false; reason: string } {
  let check = compiled.get(schema);
  if (!check) {
    check = compileJsonSchema(schema as unknown as JsonSchemaObject, 'the requestedSchema given to ctx.input');
    compiled.set(schema, check);
  }
  const value = content ?? {};
  const problem = check(value);
  if (problem !== undefined) return { ok: false, reason: problem };
  const declared: Record<string, unknown> = {};
  for (const name of Object.keys(schema.properties)) {
    if (Object.hasOwn(value, name)) declared[name] = (value as Record<string, unknown>)[name];
  }
  return { ok: true, content: declared };
}
