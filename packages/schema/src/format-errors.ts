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
  // A union's tag the validator does not know (`method: "tools/cal"`): say so, and what was meant.
  if (keyword === 'discriminator' && Array.isArray(params.allowedValues)) {
    const near = closeMatches(params.tagValue, params.allowedValues);
    return `${where}: ${text}${near.length > 0 ? ` (did you mean ${near.map((v) => JSON.stringify(v)).join(' or ')}?)` : ''}`;
  }
  // ajv's messages leave out the value that would help most for these keywords.
  if (keyword === 'additionalProperties') return `${where}: ${text} ('${String(params.additionalProperty)}')`;
  if (keyword === 'const') return `${where}: ${text} ${JSON.stringify(params.allowedValue)}`;
  if (keyword === 'enum' && Array.isArray(params.allowedValues)) {
    return `${where}: ${text} (${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')})`;
  }
  return `${where}: ${text}`;
}

/** The allowed values within a small edit distance of `value` (a typo), closest first, at most three. */
function closeMatches(value: unknown, allowed: readonly unknown[]): string[] {
  if (typeof value !== 'string') return [];
  const scored = allowed
    .filter((candidate): candidate is string => typeof candidate === 'string')
    .map((candidate) => ({ candidate, distance: editDistance(value, candidate) }))
    .filter(({ candidate, distance }) => distance <= Math.max(1, Math.floor(Math.min(value.length, candidate.length) / 3)));
  return scored
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 3)
    .map(({ candidate }) => candidate);
}

/** Levenshtein distance (insertions, deletions, substitutions), on two rows. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_v, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
}
