// Step 2: validators compiled at build time. ajv turns every `$defs` entry of a revision into a
// standalone ESM function; the output is post-processed (lib/compact-code.mjs, lib/unions.mjs) so that
// it needs nothing at run time but `src/formats.ts` and the shared helpers, each function is named
// for its definition (`validateCallToolResult`), and the functions are split into a few modules by
// what they check (lib/validator-modules.mjs), so that Node loads only the modules a program uses and
// bundlers keep only the validators a program imports.
import { createRequire } from 'node:module';
import { createAjv, createStandaloneAjv, FORMAT_NAMES, UNSUPPORTED_KEYWORDS } from './ajv-instance.mjs';
import { compactValidatorCode, FUNCTION } from './compact-code.mjs';
import { stripAnnotations, walkSchema } from './schema-walk.mjs';
import { liftUnions, unionFunction } from './unions.mjs';

const require = createRequire(import.meta.url);
const standaloneCode = require('ajv/dist/standalone').default;
const { Name } = require('ajv');

const FORMATS_REF = '__mcpFormats';
/** How each format is exported from `src/formats.ts`. */
export const FORMAT_EXPORTS = { uri: 'uri', 'uri-template': 'uriTemplate', byte: 'byte' };

/** The exported name of the validator of a `$defs` entry. */
export const validatorName = (defName) => `validate${defName}`;

/** Fails when the schema uses a keyword or format the generated code is not set up for. */
export function assertSupported(schema) {
  walkSchema(schema, (node, path) => {
    for (const key of UNSUPPORTED_KEYWORDS) {
      if (key in node) throw new Error(`${path} uses ${key}, which the generated validators do not support`);
    }
    if (typeof node.format === 'string' && !FORMAT_NAMES.includes(node.format)) {
      throw new Error(`${path} uses format "${node.format}"; add it to src/formats.ts and FORMAT_NAMES`);
    }
  });
}

/**
 * The validators of `schema` (a revision's published JSON Schema) as a set of top-level functions:
 * `{ functions: Map<name, body>, wrappers: Map<name, function>, formats: Map<local, export>,
 * exports: Map<defName, function>, defNames }`. `only` limits the exported validators to those
 * definitions (an extension's own, whose schema also holds the core definitions it refers to: those
 * are compiled only as far as the extension's need them).
 */
export function compileValidators(rev, schema, only = undefined) {
  assertSupported(schema);
  const check = createAjv(Object.fromEntries(FORMAT_NAMES.map((f) => [f, () => true])));
  if (!check.validateSchema(schema)) {
    throw new Error(`${rev}: schema is not valid JSON Schema 2020-12: ${check.errorsText(check.errors)}`);
  }
  const id = `urn:mcpkit:schema:${rev}`;
  const { schema: lifted, unions } = liftUnions(stripAnnotations(schema));
  const ajv = createStandaloneAjv(new Name(FORMATS_REF));
  ajv.addSchema({ ...lifted, $id: id });
  const defNames = Object.keys(schema.$defs)
    .filter((name) => !only || only.includes(name))
    .sort();
  // Every definition (the lifted unions too) is compiled under its own name, so that each union's
  // function can be found and rewritten; what no exported validator reaches is dropped below.
  const compiled = Object.keys(lifted.$defs).sort();
  const refs = Object.fromEntries(compiled.map((name) => [validatorName(name), `${id}#/$defs/${name}`]));
  const model = parseModule(standaloneCode(ajv, refs));
  for (const union of Object.values(unions)) {
    const self = model.exports.get(union.name);
    const fn = (name) => {
      const target = model.exports.get(name);
      if (!target) throw new Error(`union ${union.name}: no function for branch ${name}`);
      return target;
    };
    model.functions.set(self, bodyOf(unionFunction(union, self, fn)));
  }
  mergeModel(model);
  const all = new Map(model.exports);
  for (const name of compiled) if (!defNames.includes(name)) model.exports.delete(name);
  prune(model);
  renameFunctions(model, all);
  return { ...model, defNames };
}

/** The body of a function written as `function name(data, instancePath=""){\n<body>}\n`. */
function bodyOf(source) {
  const match = new RegExp(FUNCTION.source, 'm').exec(source);
  if (!match || match.index !== 0 || match[0].length !== source.length) throw new Error(`not a validator function: ${source.slice(0, 80)}`);
  return match[2];
}

/**
 * Reads ajv's standalone module: replaces its `const formatsN = <ref>.<format>` lines by format
 * imports, its `export const validateX = validateN` lines by the exports map, compacts the code, and
 * splits it into functions and `wrapperN` constants (ajv's indirection for recursive references).
 */
function parseModule(code) {
  const formats = new Map();
  const pattern = new RegExp(`const (formats\\d+) = ${FORMATS_REF}(?:\\.([\\w]+)|\\["([\\w-]+)"\\]);\\n?`, 'g');
  let body = code.replace(/^"use strict";\n?/, '').replace(pattern, (_m, local, dotted, quoted) => {
    const exported = FORMAT_EXPORTS[dotted ?? quoted];
    if (!exported) throw new Error(`unexpected format reference ${dotted ?? quoted}`);
    formats.set(local, exported);
    return '';
  });
  if (body.includes(FORMATS_REF)) throw new Error('a format reference was left in the generated code');
  if (/\brequire\(/.test(body)) {
    throw new Error(`generated validators need a runtime module: ${body.match(/require\([^)]*\)/)[0]}`);
  }
  // The exports stay in the code while it is compacted: merging duplicates renames what they point to.
  body = compactValidatorCode(body.replace(/^export const (validate\w+) = (validate\d+);$/gm, 'export { $2 as $1 };'));
  const exports = new Map();
  body = body.replace(/^export \{ (validate\w+) as validate(\w+) \};\n?/gm, (_m, fn, def) => {
    exports.set(def, fn);
    return '';
  });
  const functions = new Map();
  body = body.replace(FUNCTION, (_m, name, fnBody) => {
    functions.set(name, fnBody);
    return '';
  });
  const wrappers = new Map();
  body = body.replace(/^const (wrapper\d+) = \{validate: (validate\w+)\};\n?/gm, (_m, name, fn) => {
    wrappers.set(name, fn);
    return '';
  });
  // ajv's compiled `pattern`s: one RegExp per pattern, built when the module loads.
  const patterns = new Map();
  body = body.replace(/^const (pattern\d+) = (new RegExp\("(?:[^"\\]|\\.)*", "u"\));\n?/gm, (_m, name, expression) => {
    patterns.set(name, expression);
    return '';
  });
  const left = body.trim();
  if (left !== '') throw new Error(`ajv's module has a top-level statement the splitter does not know: ${left.slice(0, 120)}`);
  return { functions, wrappers, patterns, formats, exports };
}

/** The `validate*`, `wrapper*` and `formats*` names a piece of code refers to. */
export const referencesOf = (code) => new Set(code.match(/\b(?:validate\w+|wrapper\d+|formats\d+|pattern\d+)\b/g) ?? []);

/** Merges functions made identical by the union rewrite, until none are left (their callers may become identical too). */
function mergeModel(model) {
  for (;;) {
    const seen = new Map();
    const alias = new Map();
    for (const [name, body] of model.functions) {
      const key = body.replace(new RegExp(`\\b${name}\\b`, 'g'), '\0');
      const first = seen.get(key);
      if (first === undefined) seen.set(key, name);
      else alias.set(name, first);
    }
    if (alias.size === 0) return;
    const rename = (name) => alias.get(name) ?? name;
    for (const name of alias.keys()) model.functions.delete(name);
    for (const [name, body] of model.functions) model.functions.set(name, body.replace(/\bvalidate\w+\b/g, rename));
    for (const map of [model.exports, model.wrappers]) for (const [key, fn] of map) map.set(key, rename(fn));
  }
}

/** Drops every function, wrapper and format no exported validator reaches. */
function prune(model) {
  const seen = new Set();
  const stack = [...model.exports.values()];
  while (stack.length > 0) {
    const name = stack.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    if (model.wrappers.has(name)) stack.push(model.wrappers.get(name));
    else if (model.functions.has(name)) stack.push(...referencesOf(model.functions.get(name)));
  }
  for (const map of [model.functions, model.wrappers, model.patterns, model.formats]) for (const name of [...map.keys()]) if (!seen.has(name)) map.delete(name);
}

/**
 * Names each function for the first definition it validates (`validate100` → `validateCallToolResult`),
 * so that a bundle shows which validators it holds. `compiled` maps every compiled definition (lifted
 * unions included) to its function; a function of no definition (ajv's inner functions of recursive
 * types) is `validate_<n>`.
 */
function renameFunctions(model, compiled) {
  const names = new Map();
  const byName = (entries) => [...entries].sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [def, fn] of byName(model.exports)) if (!names.has(fn)) names.set(fn, validatorName(def));
  for (const [def, fn] of byName(compiled)) if (model.functions.has(fn) && !names.has(fn)) names.set(fn, validatorName(def));
  for (const fn of model.functions.keys()) if (!names.has(fn)) names.set(fn, fn.replace(/^validate(\d+)$/, 'validate_$1'));
  if (new Set(names.values()).size !== names.size) throw new Error('two validator functions would get the same name');
  const rename = (code) => code.replace(/\bvalidate\w+\b/g, (name) => names.get(name) ?? name);
  model.functions = new Map([...model.functions].map(([fn, body]) => [names.get(fn), rename(body)]));
  model.wrappers = new Map([...model.wrappers].map(([w, fn]) => [w, names.get(fn)]));
  model.exports = new Map([...model.exports].map(([def, fn]) => [def, names.get(fn)]));
}

/**
 * One module of validators: the functions in `names` (and the wrappers they use), importing the
 * helpers from `runtimePath`, the formats from `formatsPath` and any other function from the module
 * `homeOf(function)` names (relative specifier). `publicExports` are `[exportName, function]` pairs.
 */
export function renderModule(model, { names, runtimePath, formatsPath, homeOf, exported, header }) {
  const own = new Set(names);
  const used = new Set();
  for (const name of names) for (const ref of referencesOf(model.functions.get(name))) used.add(ref);
  // A wrapper is one constant `{validate: fn}`; each module that uses it declares its own.
  const wrappers = [...model.wrappers].filter(([w]) => used.has(w)).sort(([a], [b]) => (a < b ? -1 : 1));
  const ownWrappers = new Set(wrappers.map(([w]) => w));
  for (const [, fn] of wrappers) used.add(fn);
  const lines = [...header, '/* eslint-disable */'];
  const helpers = ['mkError', 'addErrors', 'uniqueErrors'].filter((helper) =>
    names.some((name) => new RegExp(`\\b${helper}\\(`).test(model.functions.get(name))),
  );
  if (helpers.length > 0) lines.push(`import { ${helpers.join(', ')} } from '${runtimePath}';`);
  const formats = [...used].filter((ref) => model.formats.has(ref)).sort();
  if (formats.length > 0) lines.push(`import { ${formats.map((local) => `${model.formats.get(local)} as ${local}`).join(', ')} } from '${formatsPath}';`);
  const foreign = new Map();
  for (const ref of [...used].sort()) {
    if (own.has(ref) || ownWrappers.has(ref) || model.formats.has(ref) || model.patterns.has(ref) || !model.functions.has(ref)) continue;
    const home = homeOf(ref);
    foreign.set(home, [...(foreign.get(home) ?? []), ref]);
  }
  for (const [home, refs] of [...foreign].sort()) lines.push(`import { ${refs.join(', ')} } from '${home}';`);
  for (const [w, fn] of wrappers) lines.push(`const ${w} = {validate: ${fn}};`);
  for (const [name, expression] of [...model.patterns].filter(([p]) => used.has(p))) lines.push(`const ${name} = ${expression};`);
  for (const name of names) lines.push('', `function ${name}(data, instancePath=""){\n${model.functions.get(name)}}`);
  const list = exported.map(([as, fn]) => (as === fn ? fn : `${fn} as ${as}`));
  if (list.length > 0) lines.push('', `export { ${list.join(', ')} };`);
  return `${lines.join('\n')}\n`;
}

/**
 * The validators of an extension (`only`: its own definitions) as one module: an extension's validators
 * are few and loaded with its entry. `base` is the model of the revision it builds on and the module of
 * each of its functions (lib/validator-modules.mjs): a function compiled the same way in both, calling
 * only such functions, is imported from the revision's module instead of compiled twice.
 */
export function generateValidators(
  rev,
  schema,
  only = undefined,
  { runtimePath = '../../validator-runtime.js', formatsPath = '../../../formats.js', base } = {},
) {
  const model = compileValidators(rev, schema, only);
  const shared = base ? sharedFunctions(model, base) : new Set();
  const names = [...model.functions.keys()].filter((fn) => !shared.has(fn));
  const exported = [...model.exports].map(([def, fn]) => [validatorName(def), fn]).sort(([a], [b]) => (a < b ? -1 : 1));
  const header = [
    `// Generated by tools/codegen from json/${rev}.schema.json (ajv standalone). Do not edit.`,
    '// One top-level function per distinct $defs entry, compacted by lib/compact-code.mjs; no side effects at module level.',
  ];
  const homeOf = (fn) => `${base.path}/${base.home.get(fn)}.js`;
  const code = renderModule(model, { names: order(model, names), runtimePath, formatsPath, homeOf, exported, header });
  return { code, defNames: model.defNames, shared: shared.size };
}

/** The functions of `model` that `base.model` has with the same name and body, calling only such functions. */
function sharedFunctions(model, base) {
  const shared = new Set();
  for (const [fn, body] of model.functions) {
    // Not from `other`: a module of envelopes and unions Node would load whole for one small function.
    const home = base.home.get(fn);
    if (/^validate[A-Z]/.test(fn) && home !== undefined && home !== 'other' && base.model.functions.get(fn) === body) shared.add(fn);
  }
  // A body that calls `validateX` means this model's validateX: it may be shared only if that one is.
  for (let changed = true; changed; ) {
    changed = false;
    for (const fn of [...shared]) {
      const calls = [...referencesOf(model.functions.get(fn))].map((ref) => model.wrappers.get(ref) ?? ref);
      if (calls.some((target) => model.functions.has(target) && !shared.has(target))) {
        shared.delete(fn);
        changed = true;
      }
    }
  }
  return shared;
}

/** `names` with each function after the functions it calls within the list (readability only). */
export function order(model, names) {
  const inList = new Set(names);
  const out = [];
  const done = new Set();
  const visit = (name) => {
    if (done.has(name)) return;
    done.add(name);
    for (const ref of [...referencesOf(model.functions.get(name))].sort()) {
      const target = model.wrappers.get(ref) ?? ref;
      if (inList.has(target)) visit(target);
    }
    out.push(name);
  };
  for (const name of [...names].sort()) visit(name);
  return out;
}

/** The `.d.ts` that types each validator export with the TypeScript type of the same name. */
export function generateValidatorTypes(rev, defNames, validatorModule = '../../validator.js', typesModule = './types/index.js') {
  const lines = [
    `// Generated by tools/codegen for ${rev}. Do not edit.`,
    `import type { Validator } from '${validatorModule}';`,
    `import type * as T from '${typesModule}';`,
  ];
  for (const name of defNames) {
    lines.push('', `/** Checks that a value is a valid \`${name}\` (${rev}); on failure, \`.errors\` says why. */`);
    lines.push(`export declare const ${validatorName(name)}: Validator<T.${name}>;`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `validator-table.ts`: every validator by `$defs` name, for the lookup subpath. It imports the
 * validators by name (not `import * as`), so that no namespace object keeps every validator alive in
 * bundles of the main entry.
 */
export function generateValidatorTable(rev, defNames) {
  const lines = [
    `// Generated by tools/codegen for ${rev}. Do not edit.`,
    "import type { Validator } from '../../validator.js';",
    `import {\n${defNames.map((n) => `  ${validatorName(n)},`).join('\n')}\n} from './validators.js';`,
    '',
    `/** Every validator of ${rev}, keyed by \`$defs\` name. */`,
    'export const validatorTable: Readonly<Record<string, Validator<unknown>>> = {',
    ...defNames.map((n) => `  ${n}: ${validatorName(n)},`),
    '};',
  ];
  return `${lines.join('\n')}\n`;
}
