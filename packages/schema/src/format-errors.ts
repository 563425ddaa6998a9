import type { ValidationError } from './validator.js';

/** How many errors `formatErrors` spells out before summarising the rest. */
const SHOWN = 3;

/**
 * Turns a validator's `errors` into a short human-readable message: the path of each problem and
 * what is wrong there, for the first few errors.
 *
 * @example formatErrors(validateCallToolRequest.errors) // "/params: must have required property 'name'"
 */
export function formatErrors(errors: readonly ValidationError[] | null | undefined): string {
  if (!errors || errors.length === 0) return 'no errors';
  const parts = errors.slice(0, SHOWN).map(describe);
  if (errors.length > SHOWN) parts.push(`and ${errors.length - SHOWN} more`);
  return parts.join('; ');
}

function describe({ instancePath, keyword, message, params }: ValidationError): string {
  const where = instancePath === '' ? '(root)' : instancePath;
  const text = message ?? `fails "${keyword}"`;
  // ajv's messages leave out the value that would help most for these keywords.
  if (keyword === 'additionalProperties') return `${where}: ${text} ('${String(params.additionalProperty)}')`;
  if (keyword === 'const') return `${where}: ${text} ${JSON.stringify(params.allowedValue)}`;
  if (keyword === 'enum' && Array.isArray(params.allowedValues)) {
    return `${where}: ${text} (${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')})`;
  }
  return `${where}: ${text}`;
}
