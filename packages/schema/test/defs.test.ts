// Our generated JSON Schema (from the canonical TypeScript in schema/<rev>/) must declare the same
// definitions as the official schema.json, each with the same required members.
// spec: 2026-07-28/schema.json, 2025-11-25/schema.json
import { describe, expect, it } from 'vitest';
import { officialSchema, ourSchema, REVISIONS } from './helpers/spec.js';

/**
 * Intentional differences from the official definitions, with the reason. Empty: none so far.
 * Format: `<rev> <DefName>: <what differs> — <why>`.
 */
const ALLOWED_DIFFERENCES: string[] = [];

function differences(rev: (typeof REVISIONS)[number]): string[] {
  const ours = ourSchema(rev).$defs;
  const theirs = officialSchema(rev).$defs;
  const out: string[] = [];
  for (const name of Object.keys(theirs)) if (!(name in ours)) out.push(`${rev} ${name}: missing`);
  for (const name of Object.keys(ours)) if (!(name in theirs)) out.push(`${rev} ${name}: not in the official schema`);
  for (const name of Object.keys(theirs)) {
    if (!(name in ours)) continue;
    const mine = JSON.stringify([...((ours[name]!.required as string[]) ?? [])].sort());
    const official = JSON.stringify([...((theirs[name]!.required as string[]) ?? [])].sort());
    if (mine !== official) out.push(`${rev} ${name}: required ${mine}, official ${official}`);
  }
  return out;
}

describe.each(REVISIONS)('%s generated $defs', (rev) => {
  it('match the official definition names and required members', () => {
    const found = differences(rev);
    const unexpected = found.filter((d) => !ALLOWED_DIFFERENCES.some((allowed) => allowed.startsWith(d)));
    expect(unexpected).toEqual([]);
    expect(Object.keys(ourSchema(rev).$defs)).toHaveLength(rev === '2026-07-28' ? 155 : 145);
  });

  it('is JSON Schema 2020-12 with $defs and carries no custom @mcp annotations', () => {
    const text = JSON.stringify(ourSchema(rev));
    expect(ourSchema(rev).$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(text).not.toContain('"definitions"');
    expect(text).not.toContain('#/definitions/');
    expect(text).not.toMatch(/"mcp[A-Z]\w*":/);
    expect(text).not.toMatch(/@mcp(Result|Name|Capability)/);
  });

  it('types as `number` exactly the fields the official schema does (the rest are integers)', () => {
    const numbers = (schema: object) => (JSON.stringify(schema).match(/"type":"number"/g) ?? []).length;
    expect(numbers(ourSchema(rev))).toBe(numbers(officialSchema(rev)));
  });
});

it('the allow-list of intentional differences only names differences that exist', () => {
  const all = REVISIONS.flatMap(differences);
  for (const allowed of ALLOWED_DIFFERENCES) expect(all.some((d) => allowed.startsWith(d))).toBe(true);
});
