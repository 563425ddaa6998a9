// Step 1: the JSON Schema 2020-12 of a revision, generated from the canonical TypeScript sources in
// `schema/<rev>/` with typescript-json-schema (the same generator and flags the spec's own repository
// uses), then rewritten from draft-07 `definitions` to 2020-12 `$defs`.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { mapSchema } from './schema-walk.mjs';
import { sortKeys } from './stable-json.mjs';
import { sourceDir } from './paths.mjs';

const require = createRequire(import.meta.url);
const TJS = require('typescript-json-schema');

export const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The `.ts` files of a revision's canonical sources, sorted (explicit `files`, no globbing of @types). */
export function sourceFiles(rev) {
  return readdirSync(sourceDir(rev))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort()
    .map((f) => join(sourceDir(rev), f));
}

/**
 * Compiler options for the generator. `types: []` keeps every `@types` package in node_modules out
 * of the program (otherwise the generator fails with "No output definition").
 */
export const COMPILER_OPTIONS = {
  strictNullChecks: true,
  strict: true,
  // Without it the generator adds `undefined` to optional properties and inlines named unions
  // (RequestId, ProgressToken) instead of emitting their $ref.
  exactOptionalPropertyTypes: true,
  skipLibCheck: true,
  types: [],
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  noEmit: true,
};

/** typescript-json-schema settings: every non-optional property required, `number` means integer. */
export const GENERATOR_ARGS = {
  required: true,
  defaultNumberType: 'integer',
  strictNullChecks: true,
  ref: true,
  aliasRef: false,
  topRef: false,
  titles: false,
  noExtraProps: false,
  propOrder: false,
  ignoreErrors: false,
};

/** Generates the published JSON Schema of one revision from its canonical TypeScript sources. */
export function generateJsonSchema(rev) {
  const files = sourceFiles(rev);
  const program = TJS.getProgramFromFiles(files, COMPILER_OPTIONS);
  const draft07 = TJS.generateSchema(program, '*', GENERATOR_ARGS, files);
  if (!draft07 || !draft07.definitions) throw new Error(`typescript-json-schema produced no definitions for ${rev}`);
  return toDraft2020(draft07);
}

/**
 * Rewrites a draft-07 document from the generator to 2020-12: `definitions` → `$defs` (and every
 * `$ref`), tuple `items` arrays → `prefixItems`, and the 2020-12 `$schema`. Custom `@mcp*`
 * annotations are removed if any leaked in. Keys are sorted at every depth.
 */
export function toDraft2020(draft07) {
  const defs = {};
  for (const [name, def] of Object.entries(draft07.definitions)) defs[name] = mapSchema(def, rewriteNode);
  return sortKeys({ $schema: DIALECT, $defs: defs });
}

function rewriteNode(node) {
  if (typeof node.$ref === 'string') node.$ref = node.$ref.replace(/^#\/definitions\//, '#/$defs/');
  if (Array.isArray(node.items)) {
    node.prefixItems = node.items;
    delete node.items;
    if (node.additionalItems !== undefined) {
      node.items = node.additionalItems;
      delete node.additionalItems;
    }
  }
  delete node.propertyOrder;
  for (const key of Object.keys(node)) if (/^mcp[A-Z]/.test(key)) delete node[key];
  return node;
}
