// Our build-time validators must give the same verdict as ajv compiling the official schema.json
// at run time, on the official examples and on a mutation corpus generated from them.
// spec: 2026-07-28/schema.json, 2025-11-25/schema.json (the normative schemas)
import { describe, expect, it } from 'vitest';
import { validatorFor as modern } from '../src/lookup/2026-07-28.js';
import { validatorFor as legacy } from '../src/lookup/2025-11-25.js';
import { mutate } from './helpers/mutations.js';
import { officialValidators } from './helpers/oracle.js';
import { examples, type Revision } from './helpers/spec.js';

const corpus = examples();

type Check = (value: unknown) => boolean;
interface Tally {
  cases: number;
  accepted: number;
  rejected: number;
  differences: string[];
}

/** Runs the examples and their mutations through `ours` and `theirs`, counting disagreements. */
function compare(ours: (type: string) => Check | undefined, theirs: (type: string) => Check): Tally {
  const tally: Tally = { cases: 0, accepted: 0, rejected: 0, differences: [] };
  for (const example of corpus) {
    const mine = ours(example.type);
    if (!mine) continue; // the type does not exist in this revision
    const oracle = theirs(example.type);
    for (const { label, value } of [{ label: 'as given', value: example.value }, ...mutate(example.value)]) {
      const verdict = mine(value);
      tally.cases += 1;
      tally[verdict ? 'accepted' : 'rejected'] += 1;
      if (verdict !== oracle(value)) tally.differences.push(`${example.name}: ${label} (ours ${verdict})`);
    }
  }
  return tally;
}

function report(rev: Revision, t: Tally) {
  console.info(
    `[agreement ${rev}] ${t.cases} cases (${t.accepted} accepted, ${t.rejected} rejected): ` +
      `${t.cases - t.differences.length} agreements, ${t.differences.length} differences`,
  );
}

// Compiling the official schema with ajv at run time and checking ~12,000 cases is slow on a loaded 2-core machine.
describe('verdicts agree with ajv on the official schema', { timeout: 180_000 }, () => {
  it('2026-07-28: every example and every mutation', () => {
    const tally = compare(modern, officialValidators('2026-07-28'));
    report('2026-07-28', tally);
    // The corpus must exercise both verdicts, or agreement would prove little.
    expect(tally.cases).toBeGreaterThan(6_500);
    expect(tally.rejected).toBeGreaterThan(3_000);
    expect(tally.accepted).toBeGreaterThan(2_000);
    expect(tally.differences).toEqual([]);
  });

  it('2025-11-25: the same corpus on the types both revisions share', () => {
    const tally = compare(legacy, officialValidators('2025-11-25'));
    report('2025-11-25', tally);
    expect(tally.cases).toBeGreaterThan(5_000);
    expect(tally.rejected).toBeGreaterThan(2_000);
    expect(tally.accepted).toBeGreaterThan(1_500);
    expect(tally.differences).toEqual([]);
  });

  it('would catch a validator that ignores `required`', () => {
    const loosen = <T>(schema: T): T => JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === 'required' && Array.isArray(value) ? [] : value)));
    const tally = compare(modern, officialValidators('2026-07-28', loosen));
    expect(tally.differences.length).toBeGreaterThan(500);
    expect(tally.differences.some((d) => d.includes('remove /params/name'))).toBe(true);
  });

  it('would catch a validator that ignores `format`', () => {
    const noFormats = <T>(schema: T): T =>
      JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === 'format' && typeof value === 'string' ? undefined : value)));
    const tally = compare(modern, officialValidators('2026-07-28', noFormats));
    expect(tally.differences.length).toBeGreaterThan(10);
    // Only the string replacements can break a format: the empty string and a string with spaces.
    expect(tally.differences.filter((d) => !/= "(not a uri, not base64 %%)?" \(ours/.test(d))).toEqual([]);
  });

  it('accepts an unknown resultType, as the official schema does (ResultType is any string)', () => {
    // spec: 2026-07-28/pages/basic/index.mdx ("ResultType"): a client treats an unknown value as
    // invalid; that check is semantic and belongs to the client, the schema types it as `string`.
    const result = corpus.find((e) => e.type === 'CallToolResult')!.value as object;
    const odd = { ...result, resultType: 'unknown_type' };
    expect(modern('CallToolResult')!(odd)).toBe(true);
    expect(officialValidators('2026-07-28')('CallToolResult')(odd)).toBe(true);
  });
});
