// The oracle: ajv compiling the official schema.json at run time (what our build-time validators
// must agree with). `uri` comes from ajv-formats; `uri-template` and `byte` are ours, the same
// functions the generated validators call (there is no independent implementation to compare).
import { createRequire } from 'node:module';
import { byte, uriTemplate } from '../../src/formats.js';
import { officialSchema, type Revision } from './spec.js';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;
const { fullFormats } = require('ajv-formats/dist/formats') as typeof import('ajv-formats/dist/formats');

type Check = ((value: unknown) => boolean) & { errors?: unknown };

type Schema = ReturnType<typeof officialSchema>;

/**
 * Returns `oracleFor(defName)`: the official schema's validator of that definition. `alter` edits
 * the schema first (tests use it to prove that a wrong validator would be caught).
 */
export function officialValidators(rev: Revision, alter: (schema: Schema) => Schema = (s) => s): (defName: string) => Check {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
  ajv.addFormat('uri', fullFormats.uri as (value: string) => boolean);
  ajv.addFormat('uri-template', uriTemplate);
  ajv.addFormat('byte', byte);
  const id = `urn:official:${rev}`;
  ajv.addSchema({ ...alter(officialSchema(rev)), $id: id });
  const cache = new Map<string, Check>();
  return (defName) => {
    let check = cache.get(defName);
    if (!check) {
      check = ajv.getSchema(`${id}#/$defs/${defName}`) as Check | undefined;
      if (!check) throw new Error(`official ${rev} schema has no $defs/${defName}`);
      cache.set(defName, check);
    }
    return check;
  };
}
