/**
 * Validators of MCP 2026-07-28 looked up by type name. `validatorFor` pulls in every validator, so it is a
 * separate subpath: the main entry stays tree-shakable. `loadValidator` (also
 * `@mcpkit/schema/2026-07-28/load`, which loads nothing else) imports only the module of the validator asked for.
 */
import { validatorTable } from '../generated/2026-07-28/validator-table.js';
import type { Validator } from '../validator.js';

export type { ValidationError, Validator } from '../validator.js';
export { loadValidator } from './load-2026-07-28.js';

/**
 * The validator of a `$defs` entry of 2026-07-28, or `undefined` for an unknown name.
 *
 * @example validatorFor('CallToolRequest')?.(message)
 */
export function validatorFor(defName: string): Validator<unknown> | undefined {
  return Object.hasOwn(validatorTable, defName) ? validatorTable[defName] : undefined;
}
