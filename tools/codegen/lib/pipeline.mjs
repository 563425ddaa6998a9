// The whole generation as one pure function: inputs in, a Map of repo-relative path → text out.
// run.mjs decides whether to write that Map or to compare it with the disk.
import { generateBinding, LANGUAGES } from './bindings.mjs';
import { extensionUnions, methodEntries, renderCatalogue, renderExtensionCatalogue, withRevisions } from './catalogue.mjs';
import { renderConstants, renderExtensionConstants } from './constants.mjs';
import { generateJsonSchema, sourceFiles } from './json-schema.mjs';
import { publishedSchema } from './json-schema-publish.mjs';
import { generatePackages, schemaVersion } from './lang-packages.mjs';
import { declaredTypes, readMcpTags } from './mcp-tags.mjs';
import { EXTENSIONS, out, REVISIONS } from './paths.mjs';
import { stableStringify } from './stable-json.mjs';
import { copyTypes } from './types-copy.mjs';
import { runtimeModule } from './compact-code.mjs';
import { GROUPS, generateValidatorLoaders, groupTypes, validatorGroups, validatorModules } from './validator-modules.mjs';
import { compileValidators, generateValidators, generateValidatorTable, generateValidatorTypes } from './validators.mjs';

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
  /** Each revision's validators, which its extensions import instead of compiling them again. */
  const bases = {};
  for (const rev of REVISIONS) {
    const started = Date.now();
    const schema = generateJsonSchema(rev);
    schemas[rev] = schema;
    files.set(out.jsonSchema(rev), stableStringify(publishedSchema(schema, { file: `${rev}.schema.json`, title: `MCP ${rev} messages` })));
    const dir = out.generatedDir(rev);
    for (const [name, text] of Object.entries(copyTypes(rev))) files.set(`${dir}/types/${name}`, text);
    entries[rev] = methodEntries(rev, schema, readMcpTags(sourceFiles(rev)));
    const { size, base } = generateRevisionValidators(rev, schema, entries[rev], files);
    bases[rev] = base;
    files.set(`${dir}/constants.ts`, renderConstants(rev, schema));
    log(`${rev}: ${Object.keys(schema.$defs).length} definitions, validators ${size} (${Date.now() - started} ms)`);
  }
  for (const [rev, list] of Object.entries(withRevisions(entries))) {
    files.set(`${out.generatedDir(rev)}/catalogue.ts`, renderCatalogue(rev, list));
    log(`${rev}: catalogue of ${list.length} methods`);
  }
  files.set(out.validatorRuntime, runtimeModule());
  for (const ext of EXTENSIONS) generateExtension(ext, files, log, bases[ext.base]);
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
 * A revision's validators (step 2): the modules of lib/validator-modules.mjs with their types, the
 * index the root entry re-exports, the table of the synchronous lookup and the lazy loaders. Returns
 * the modules' sizes for the log and what an extension on this revision imports instead of compiling.
 */
function generateRevisionValidators(rev, schema, entries, files) {
  const dir = out.generatedDir(rev);
  const model = compileValidators(rev, schema);
  const groups = validatorGroups(schema, entries);
  const { files: modules, defHome, home } = validatorModules(rev, model, groups);
  for (const [path, text] of modules) files.set(`${dir}/${path}`, text);
  for (const group of GROUPS) files.set(`${dir}/validators/${group}.d.ts`, groupTypes(rev, group, groups[group]));
  const others = model.defNames.filter((def) => defHome[def] === 'other');
  files.set(`${dir}/validators/other.d.ts`, groupTypes(rev, 'other', others));
  files.set(`${dir}/validators.d.ts`, generateValidatorTypes(rev, model.defNames));
  files.set(`${dir}/validator-table.ts`, generateValidatorTable(rev, model.defNames));
  files.set(`${dir}/validator-loaders.ts`, generateValidatorLoaders(rev, defHome));
  const size = [...modules]
    .filter(([path]) => path.startsWith('validators/'))
    .map(([path, text]) => `${path.slice('validators/'.length, -3)} ${Math.round(text.length / 1024)} KB`)
    .join(', ');
  return { size, base: { model, home, path: `../../${rev}/validators` } };
}

/**
 * An extension's outputs (steps 1-4, no bindings): its JSON Schema (its own definitions and the core
 * ones they refer to), the copied types, validators of its own definitions, its catalogue and its id.
 */
function generateExtension(ext, files, log, base) {
  const started = Date.now();
  const schema = generateJsonSchema(ext.dir);
  const title = `MCP extension ${ext.id} (on ${ext.base}) messages`;
  files.set(out.extensionJsonSchema(ext), stableStringify(publishedSchema(schema, { file: `${ext.dir}.schema.json`, title })));
  const dir = out.extensionDir(ext);
  for (const [name, text] of Object.entries(copyTypes(ext.dir))) files.set(`${dir}/types/${name}`, text);
  const sources = sourceFiles(ext.dir);
  const own = declaredTypes(sources);
  const { code, defNames, shared } = generateValidators(ext.dir, schema, own, { base });
  files.set(`${dir}/validators.js`, code);
  files.set(`${dir}/validators.d.ts`, generateValidatorTypes(ext.dir, defNames, '../../../validator.js'));
  const entries = methodEntries(ext.dir, schema, readMcpTags(sources), { unions: extensionUnions(ext.prefix), nameParams: ['name', 'uri', 'taskId'] });
  files.set(`${dir}/catalogue.ts`, renderExtensionCatalogue(ext, entries));
  files.set(`${dir}/constants.ts`, renderExtensionConstants(ext));
  log(
    `${ext.id}: ${defNames.length} definitions, ${entries.length} methods, validators ${Math.round(code.length / 1024)} KB, ${shared} functions from ${ext.base} (${Date.now() - started} ms)`,
  );
}
