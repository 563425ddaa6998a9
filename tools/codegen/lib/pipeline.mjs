// The whole generation as one pure function: inputs in, a Map of repo-relative path → text out.
// run.mjs decides whether to write that Map or to compare it with the disk.
import { generateBinding, LANGUAGES } from './bindings.mjs';
import { methodEntries, renderCatalogue, withRevisions } from './catalogue.mjs';
import { renderConstants } from './constants.mjs';
import { generateJsonSchema, sourceFiles } from './json-schema.mjs';
import { generatePackages, schemaVersion } from './lang-packages.mjs';
import { readMcpTags } from './mcp-tags.mjs';
import { out, REVISIONS } from './paths.mjs';
import { stableStringify } from './stable-json.mjs';
import { copyTypes } from './types-copy.mjs';
import { generateValidators, generateValidatorTable, generateValidatorTypes } from './validators.mjs';

export { OWNED_DIRS } from './paths.mjs';

/** Generates every file: the costly core (steps 1-5) and the cheap package files. */
export async function generateAll({ log = () => {}, version = schemaVersion() } = {}) {
  const files = await generateCore({ log });
  for (const [path, text] of generatePackages({ version })) files.set(path, text);
  return files;
}

/** Generates steps 1-5 from `schema/<rev>/` (seconds: typescript-json-schema, ajv, quicktype). `log` receives one line per step. */
export async function generateCore({ log = () => {} } = {}) {
  const files = new Map();
  const schemas = {};
  const entries = {};
  for (const rev of REVISIONS) {
    const started = Date.now();
    const schema = generateJsonSchema(rev);
    schemas[rev] = schema;
    files.set(out.jsonSchema(rev), stableStringify(schema));
    const dir = out.generatedDir(rev);
    for (const [name, text] of Object.entries(copyTypes(rev))) files.set(`${dir}/types/${name}`, text);
    entries[rev] = methodEntries(rev, schema, readMcpTags(sourceFiles(rev)));
    const { code, defNames } = generateValidators(rev, schema);
    files.set(`${dir}/validators.js`, code);
    files.set(`${dir}/validators.d.ts`, generateValidatorTypes(rev, defNames));
    files.set(`${dir}/validator-table.ts`, generateValidatorTable(rev, defNames));
    files.set(`${dir}/constants.ts`, renderConstants(rev, schema));
    log(`${rev}: ${defNames.length} definitions, validators ${Math.round(code.length / 1024)} KB (${Date.now() - started} ms)`);
  }
  for (const [rev, list] of Object.entries(withRevisions(entries))) {
    files.set(`${out.generatedDir(rev)}/catalogue.ts`, renderCatalogue(rev, list));
    log(`${rev}: catalogue of ${list.length} methods`);
  }
  const started = Date.now();
  for (const rev of REVISIONS) {
    for (const language of LANGUAGES) {
      files.set(`${out.langDir}/${language.file(rev)}`, await generateBinding(rev, schemas[rev], language));
    }
  }
  log(`bindings: ${LANGUAGES.length} languages x ${REVISIONS.length} revisions (${Date.now() - started} ms)`);
  return files;
}
