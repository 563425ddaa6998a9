// The compacted validators (tools/codegen/lib/compact-code.mjs) must report the errors ajv reports
// for the same schema: same instancePath, keyword, params and message, in the same order; only
// `schemaPath` is left out. The oracle is ajv compiling our generated JSON Schema at run time, with
// the options and format functions the build-time compiler uses (tools/codegen/lib/ajv-instance.mjs:
// `inlineRefs: false` and no `unevaluated*`/`$dynamicRef` support, which change how far ajv goes on
// inside an `anyOf` branch before it gives up), except at unions, whose errors follow the README's
// rule ("Errors of unions", written apart in helpers/union-oracle.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { byte, uri, uriTemplate } from '../src/formats.js';
import { validatorFor as modern } from '../src/lookup/2026-07-28.js';
import { validatorFor as legacy } from '../src/lookup/2025-11-25.js';
import type { Validator } from '../src/validator.js';
import { mutate } from './helpers/mutations.js';
import { unionOracle } from './helpers/union-oracle.js';
import { examples, PACKAGE_DIR, type Revision } from './helpers/spec.js';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;

type Check = ((value: unknown) => boolean) & { errors?: Array<Record<string, unknown>> | null };

/**
 * The schema the validators were generated from: the published file writes each union type as an
 * `anyOf` of bare types (so Ajv's default strict mode takes it; tools/codegen/lib/json-schema-publish.mjs,
 * which refuses a schema that has such an `anyOf` already); ajv's errors differ between the two forms.
 */
function asGenerated(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asGenerated);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node as Record<string, unknown>).map(([key, value]) => [key, asGenerated(value)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  const anyOf = object.anyOf;
  if (
    Array.isArray(anyOf) &&
    anyOf.every((b) => b && typeof b === 'object' && Object.keys(b).length === 1 && typeof (b as { type?: unknown }).type === 'string')
  ) {
    const { anyOf: _branches, ...rest } = object;
    return { ...rest, type: anyOf.map((b) => (b as { type: string }).type) };
  }
  return object;
}

const OPTIONS = { allowUnionTypes: true, allErrors: false, messages: true, inlineRefs: false, unevaluated: false, dynamicRef: false };
const FORMATS = { uri, 'uri-template': uriTemplate, byte };
const schemaOf = (rev: Revision) => asGenerated(JSON.parse(readFileSync(join(PACKAGE_DIR, 'json', `${rev}.schema.json`), 'utf8'))) as Record<string, unknown>;

function runtimeValidators(rev: Revision): (defName: string) => Check {
  return unionOracle(schemaOf(rev), `urn:runtime:${rev}`, OPTIONS, FORMATS);
}

/** ajv's own errors everywhere, unions included (every branch, then "must match a schema in anyOf"). */
function plainAjv(rev: Revision): (defName: string) => Check {
  const ajv = new Ajv2020({ strict: true, ...OPTIONS });
  Object.assign(ajv.opts, OPTIONS);
  for (const [name, fn] of Object.entries(FORMATS)) ajv.addFormat(name, fn);
  ajv.addSchema({ ...schemaOf(rev), $id: `urn:plain:${rev}` });
  return (defName) => ajv.getSchema(`urn:plain:${rev}#/$defs/${defName}`) as Check;
}

const withoutSchemaPath = (errors: Array<Record<string, unknown>> | null | undefined) => (errors ?? []).map(({ schemaPath: _ignored, ...rest }) => rest);

function compareErrors(rev: Revision, ours: (defName: string) => Validator<unknown> | undefined, theirs = runtimeValidators(rev)) {
  let rejected = 0;
  let differing = 0;
  const differences: string[] = [];
  for (const example of examples()) {
    const mine = ours(example.type);
    if (!mine) continue;
    const oracle = theirs(example.type);
    for (const { label, value } of [{ label: 'as given', value: example.value }, ...mutate(example.value)]) {
      if (mine(value)) continue;
      rejected += 1;
      oracle(value);
      const a = JSON.stringify(mine.errors);
      const b = JSON.stringify(withoutSchemaPath(oracle.errors));
      if (a !== b) differing += 1;
      if (a !== b && differences.length < 5) differences.push(`${example.name}: ${label}\n  ours ${a}\n  ajv  ${b}`);
    }
  }
  return { rejected, differences, differing };
}

describe('errors agree with ajv on our schema (schemaPath aside)', { timeout: 180_000 }, () => {
  it('2026-07-28', () => {
    const { rejected, differences } = compareErrors('2026-07-28', modern);
    expect(rejected).toBeGreaterThan(3_000);
    expect(differences).toEqual([]);
  });

  it('2025-11-25', () => {
    const { rejected, differences } = compareErrors('2025-11-25', legacy);
    expect(rejected).toBeGreaterThan(2_000);
    expect(differences).toEqual([]);
  });

  it('the union rule is what tells them apart from ajv at unions (so the comparison can fail)', () => {
    const { differing } = compareErrors('2026-07-28', modern, plainAjv('2026-07-28'));
    expect(differing).toBeGreaterThan(300);
  });
});
