import { dereference, validate, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { formatErrors } from '../format-errors.js';
import type { ValidationError } from '../validator.js';
import { compileClosureCheck } from './closure-check.js';
import { schemaShapeProblem, withoutFormats } from './schema-shape.js';
import type { CompiledJsonSchema, JsonSchemaDialect, JsonSchemaObject, JsonSchemaValidator } from './validator.js';

const DRAFTS: Record<JsonSchemaDialect, SchemaDraft> = { '2020-12': '2020-12', '2019-09': '2019-09', 'draft-07': '7' };

/** Finds the first `$ref` of a dereferenced schema that points nowhere inside it, or a `$dynamicRef`. */
function refProblem(lookup: Record<string, unknown>): string | undefined {
  for (const node of Object.values(lookup)) {
    if (node === null || typeof node !== 'object') continue;
    const target = (node as { __absolute_ref__?: string }).__absolute_ref__;
    if (target !== undefined && lookup[target] === undefined) {
      return `$ref ${JSON.stringify((node as { $ref: string }).$ref)} does not resolve inside the schema (network $refs are never fetched)`;
    }
    if ('$dynamicRef' in node) return '$dynamicRef is not supported by the eval-free validator (on a server, use ajvValidator from @mcpkit/server/ajv)';
  }
  return undefined;
}

/** The error a user reads for one output unit of @cfworker/json-schema, in the words `formatErrors` uses. */
function toValidationError(unit: OutputUnit, previous: OutputUnit | undefined): ValidationError {
  const instancePath = unit.instanceLocation.slice(1);
  const quoted = /"([^"]*)"/.exec(unit.error)?.[1];
  const base = { instancePath, schemaPath: unit.keywordLocation, keyword: unit.keyword, params: {} as Record<string, unknown> };
  switch (unit.keyword) {
    case 'required':
      return { ...base, params: { missingProperty: quoted }, message: `must have required property '${quoted}'` };
    case 'type': {
      const expected = /Expected (.*)\.$/.exec(unit.error)?.[1]?.replace(/"/g, '');
      return { ...base, message: `must be ${expected ?? 'of another type'}` };
    }
    case 'false':
      // A property refused by `additionalProperties: false` (or another false schema): name the property.
      if (previous?.keyword === 'additionalProperties' || previous?.keyword === 'unevaluatedProperties') {
        const property = /"([^"]*)"/.exec(previous.error)?.[1];
        return {
          ...base,
          instancePath: previous.instanceLocation.slice(1),
          keyword: 'additionalProperties',
          params: { additionalProperty: property },
          message: 'must NOT have additional properties',
        };
      }
      return { ...base, message: 'must not be present (false schema)' };
    default:
      return { ...base, message: unit.error.replace(/\.$/, '') };
  }
}

/** The leaf errors (the ones that say what is wrong, not that a subschema had errors). */
function leafErrors(units: readonly OutputUnit[]): ValidationError[] {
  const leaves: ValidationError[] = [];
  for (let i = 0; i < units.length; i++) {
    const next = units[i + 1];
    const unit = units[i]!;
    // A unit followed by a deeper one is its summary ("Property "x" does not match schema.").
    if (next && next.instanceLocation.length > unit.instanceLocation.length && next.instanceLocation.startsWith(unit.instanceLocation)) continue;
    if (unit.error === 'A subschema had errors.' && next) continue;
    leaves.push(toValidationError(unit, units[i - 1]));
  }
  return leaves.length > 0 ? leaves : units.map((u) => toValidationError(u, undefined));
}

/** Options of `createEvalFreeValidator`. */
export interface EvalFreeValidatorOptions {
  /**
   * Check `format` (email, date-time, uri, ...) as an assertion (default true, as a server checks its
   * tools' arguments); false treats it as the annotation 2020-12 makes it by default.
   */
  assertFormats?: boolean;
}

/**
 * A JSON Schema validator without code generation: `@cfworker/json-schema`, which interprets the
 * schema, so it runs where `eval` and `new Function` are forbidden (Cloudflare Workers). The schema is
 * checked when compiled (well-formed keywords, every `$ref` resolving inside it, no `$dynamicRef`).
 * Schemas within the common subset are decided by compiled closures (`closure-check.ts`), in about a
 * hundred nanoseconds for a small object; the library then only explains failures.
 *
 * @example createEvalFreeValidator({ assertFormats: false }).compile({ type: 'object' }, '2020-12')({}) // undefined
 */
export function createEvalFreeValidator(options: EvalFreeValidatorOptions = {}): JsonSchemaValidator {
  const assertFormats = options.assertFormats ?? true;
  return {
    compile(schema: JsonSchemaObject, dialect: JsonSchemaDialect): CompiledJsonSchema {
      const shape = schemaShapeProblem(schema);
      if (shape) throw new Error(shape);
      // The library annotates the schema objects it indexes: give it a private copy (the caller's may be frozen).
      const own = structuredClone(schema) as Record<string, unknown>;
      if (!assertFormats) withoutFormats(own);
      let lookup: Record<string, unknown>;
      try {
        lookup = dereference(own);
      } catch (error) {
        throw new Error((error as Error).message.split('\n')[0]);
      }
      const refs = refProblem(lookup);
      if (refs) throw new Error(refs);
      // The library's `Validator` would dereference the schema a second time: interpret it with our lookup.
      const draft = DRAFTS[dialect];
      const explain: CompiledJsonSchema = (value) => {
        const result = validate(value, own as Schema, draft, lookup as Record<string, Schema | boolean>, true);
        return result.valid ? undefined : formatErrors(leafErrors(result.errors));
      };
      const fast = compileClosureCheck(own);
      return fast ? (value) => (fast(value) ? undefined : explain(value)) : explain;
    },
  };
}

/** The eval-free validator with formats asserted: the default for tool schemas on a server. */
export const evalFreeValidator: JsonSchemaValidator = createEvalFreeValidator();
