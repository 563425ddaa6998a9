// The entry `@mcpkit/schema/2025-11-25/load`: a file of its own, so that a bundler sees its `import()`s only
// when a program imports it (esbuild writes a chunk for every `import()` it reads, used or not).
import { importValidator, validatorHome } from '../generated/2025-11-25/validator-loaders.js';
import type { Validator } from '../validator.js';

/**
 * The validator of a `$defs` entry of 2025-11-25, imported on first use with `import()` (only the module
 * that holds it, not every validator), or `undefined` for an unknown name. In the CommonJS build the
 * import is a `require` on first call.
 *
 * @example const validate = await loadValidator(catalogue['tools/call'].result!) // catalogue from `/core`
 */
export async function loadValidator(defName: string): Promise<Validator<unknown> | undefined> {
  return Object.hasOwn(validatorHome, defName) ? importValidator(defName) : undefined;
}
