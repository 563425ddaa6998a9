// The compacted validators (tools/codegen/lib/compact-code.mjs) must report the errors ajv reports
// for the same schema: same instancePath, keyword, params and message, in the same order; only
// `schemaPath` is left out. The oracle is ajv compiling our generated JSON Schema at run time, with
// the options and format functions the build-time compiler uses (tools/codegen/lib/ajv-instance.mjs:
// `inlineRefs: false` and no `unevaluated*`/`$dynamicRef` support, which change how far ajv goes on
// inside an `anyOf` branch before it gives up).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { byte, uri, uriTemplate } from '../src/formats.js';
import { validatorFor as modern } from '../src/lookup/2026-07-28.js';
import { validatorFor as legacy } from '../src/lookup/2025-11-25.js';
import type { Validator } from '../src/validator.js';
import { mutate } from './helpers/mutations.js';
import { examples, PACKAGE_DIR, type Revision } from './helpers/spec.js';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;

type Check = ((value: unknown) => boolean) & { errors?: Array<Record<string, unknown>> | null };

function runtimeValidators(rev: Revision): (defName: string) => Check {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: false, messages: true, inlineRefs: false });
  Object.assign(ajv.opts, { unevaluated: false, dynamicRef: false });
  ajv.addFormat('uri', uri);
  ajv.addFormat('uri-template', uriTemplate);
  ajv.addFormat('byte', byte);
  const id = `urn:runtime:${rev}`;
  ajv.addSchema({ ...JSON.parse(readFileSync(join(PACKAGE_DIR, 'json', `${rev}.schema.json`), 'utf8')), $id: id });
  return (defName) => ajv.getSchema(`${id}#/$defs/${defName}`) as Check;
}

const withoutSchemaPath = (errors: Array<Record<string, unknown>> | null | undefined) => (errors ?? []).map(({ schemaPath: _ignored, ...rest }) => rest);

function compareErrors(rev: Revision, ours: (defName: string) => Validator<unknown> | undefined) {
  const theirs = runtimeValidators(rev);
  let rejected = 0;
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
      if (a !== b && differences.length < 5) differences.push(`${example.name}: ${label}\n  ours ${a}\n  ajv  ${b}`);
    }
  }
  return { rejected, differences };
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
});
