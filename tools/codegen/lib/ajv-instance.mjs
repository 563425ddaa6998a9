// The ajv configuration shared by the build-time compiler (standalone code) and by the tests' oracle,
// so that both read a schema the same way: JSON Schema 2020-12, strict mode, union types allowed
// (the MCP schema has `type: ["string", "integer", "boolean"]`) and the three formats MCP uses.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default;

/** The `format` values the MCP schemas use; a schema using any other format fails generation. */
export const FORMAT_NAMES = ['byte', 'uri', 'uri-template'];

/** Keywords whose support we switch off in generated code (see `createStandaloneAjv`). */
export const UNSUPPORTED_KEYWORDS = ['$dynamicRef', '$dynamicAnchor', 'unevaluatedProperties', 'unevaluatedItems'];

/** Common options: strict 2020-12, every error message, no coercion, no defaults. */
export const AJV_OPTIONS = { strict: true, allowUnionTypes: true, allErrors: false, messages: true };

/** A plain Ajv2020 for checking a schema against the 2020-12 meta-schema or compiling at run time. */
export function createAjv(formats) {
  const ajv = new Ajv2020({ ...AJV_OPTIONS });
  for (const name of FORMAT_NAMES) ajv.addFormat(name, formats[name]);
  return ajv;
}

/**
 * An Ajv2020 that emits ESM standalone code. Formats are referenced through the identifier
 * `formatsRef` (rewritten to imports afterwards). Support for `$dynamicRef` and `unevaluated*` is
 * switched off after construction: the MCP schemas use neither (the caller checks), and leaving it
 * on makes every generated function allocate a `dynamicAnchors` object per call and track evaluated
 * properties it never needs. `inlineRefs: false` gives one function per `$defs` entry, so bundlers
 * keep only the definitions a validator reaches.
 */
export function createStandaloneAjv(formatsRef) {
  const ajv = new Ajv2020({
    ...AJV_OPTIONS,
    validateSchema: false,
    inlineRefs: false,
    code: { source: true, esm: true, lines: true, optimize: 1, formats: formatsRef },
  });
  ajv.opts.unevaluated = false;
  ajv.opts.dynamicRef = false;
  for (const name of FORMAT_NAMES) ajv.addFormat(name, () => true);
  return ajv;
}
