/**
 * Validators of MCP 2025-11-25 looked up by type name. `validatorFor` pulls in every validator, so it is a
 * separate subpath: the main entry stays tree-shakable. `loadValidator` (also
 * `@mcpkit/schema/2025-11-25/load`, which loads nothing else) imports only the module of the validator asked for.
 */
import { validatorTable } from '../generated/2025-11-25/validator-table.js';
import type { Validator } from '../validator.js';

export type { ValidationError, Validator } from '../validator.js';
export { loadValidator } from './load-2025-11-25.js';

/**
 * The validator of a `$defs` entry of 2025-11-25, or `undefined` for an unknown name.
 *
 * @example validatorFor('InitializeRequest')?.(message)
 */
export function validatorFor(defName: string): Validator<unknown> | undefined {
  return Object.hasOwn(validatorTable, defName) ? validatorTable[defName] : undefined;
}
