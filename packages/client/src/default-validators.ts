import type { ResultValidators } from './validator-set.js';

/**
 * `ModernClient`'s defaults, reached only through `import()`: a program that uses `LeanClient` does not
 * reference this module, so its bundle holds none of the validators (a one-file bundle inlines every
 * `import()` it can reach).
 */

let loading: Promise<ResultValidators> | undefined;

/** Every check (`result-validators.ts`), imported once, when the first client that validates starts. */
export function loadResultValidators(): Promise<ResultValidators> {
  loading ??= import('./result-validators.js').then((module) => module.resultValidators);
  return loading;
}

/**
 * `validateResults: false`: results are not checked against their methods' schemas, but a tool's
 * `structuredContent` still is against its `outputSchema`, the validator loading with the first schema.
 */
export const OUTPUT_SCHEMAS_ONLY: ResultValidators = {
  compileOutputSchema: (schema) => import('./output-schema.js').then((module) => module.compileOutputSchema(schema)),
};
