// The whole generation as one pure function: inputs in, a Map of repo-relative path → text out.
// run.mjs decides whether to write that Map or to compare it with the disk.
import { generateBinding, LANGUAGES } from './bindings.mjs';
import { extensionUnions, methodEntries, renderCatalogue, renderExtensionCatalogue, withRevisions } from './catalogue.mjs';
import { renderConstants, renderExtensionConstants } from './constants.mjs';
import { generateJsonSchema, sourceFiles } from './json-schema.mjs';
import { generatePackages, schemaVersion } from './lang-packages.mjs';
import { declaredTypes, readMcpTags } from './mcp-tags.mjs';
import { EXTENSIONS, out, REVISIONS } from './paths.mjs';
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
  for (const ext of EXTENSIONS) generateExtension(ext, files, log);
  const started = Date.now();
  for (const rev of REVISIONS) {
    for (const language of LANGUAGES) {
      files.set(`${out.langDir}/${language.file(rev)}`, await generateBinding(rev, schemas[rev], language));
    }
  }
  log(`bindings: ${LANGUAGES.length} languages x ${REVISIONS.length} revisions (${Date.now() - started} ms)`);
  return files;
}

/**
 * An extension's outputs (steps 1-4, no bindings): its JSON Schema (its own definitions and the core
 * ones they refer to), the copied types, validators of its own definitions, its catalogue and its id.
 */
function generateExtension(ext, files, log) {
  const started = Date.now();
  const schema = generateJsonSchema(ext.dir);
  files.set(out.extensionJsonSchema(ext), stableStringify(schema));
  const dir = out.extensionDir(ext);
  for (const [name, text] of Object.entries(copyTypes(ext.dir))) files.set(`${dir}/types/${name}`, text);
  const sources = sourceFiles(ext.dir);
  const own = declaredTypes(sources);
  const { code, defNames } = generateValidators(ext.dir, schema, own);
  files.set(`${dir}/validators.js`, code);
  files.set(`${dir}/validators.d.ts`, generateValidatorTypes(ext.dir, defNames, '../../../validator.js'));
  const entries = methodEntries(ext.dir, schema, readMcpTags(sources), { unions: extensionUnions(ext.prefix), nameParams: ['name', 'uri', 'taskId'] });
  files.set(`${dir}/catalogue.ts`, renderExtensionCatalogue(ext, entries));
  files.set(`${dir}/constants.ts`, renderExtensionConstants(ext));
  log(`${ext.id}: ${defNames.length} definitions, ${entries.length} methods, validators ${Math.round(code.length / 1024)} KB (${Date.now() - started} ms)`);
}
