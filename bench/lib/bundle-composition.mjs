// What a bundle is made of: bytes per package and per module of @mcpkit/schema (esbuild's metafile), the
// validators it holds (the generated validators are named for their definition: `validateCallToolResult`),
// and, bundled with code splitting, what loads at start and what only on first use (the lazy `import()`s of
// the client's result validators and the server's development-mode checks).
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { packageOf } from './app-probe.mjs';

/** esbuild options of scenario 5: the browser/workerd platform, minified ESM. */
export const BUNDLE_OPTIONS = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  conditions: ['workerd', 'worker', 'browser'],
  target: 'es2022',
  write: false,
  metafile: true,
  logLevel: 'silent',
};

/** A short name for a file of @mcpkit/schema's dist/ (`validators/requests`, `core`, `json-schema`), else undefined. */
export function schemaModule(path) {
  const at = path.match(/(?:@mcpkit\/schema|packages\/schema)\/dist\/(.+)\.c?js$/);
  if (!at) return undefined;
  const file = at[1];
  const group = file.match(/^generated\/([\d-]+)\/(validators|definitions)\/(\w+)$/);
  if (group) return `${group[2]}/${group[3]}${group[1] === '2026-07-28' ? '' : ` (${group[1]})`}`;
  if (file === 'generated/validator-runtime') return 'validator helpers';
  return file;
}

/** `{ [name]: bytes }` sorted by bytes, from `[name, bytes]` pairs. */
const sorted = (pairs) => {
  const out = {};
  for (const [name, bytes] of pairs) out[name] = (out[name] ?? 0) + bytes;
  return Object.fromEntries(Object.entries(out).sort((a, b) => b[1] - a[1]));
};

/**
 * Bundles `entry` into one file: `{ code, bytes, gzip, packages, schemaModules }`, the last two being
 * minified bytes per package and per @mcpkit/schema module.
 */
export async function bundleOne(entry, options = {}) {
  const result = await esbuild.build({ ...BUNDLE_OPTIONS, ...options, entryPoints: [entry] });
  const code = result.outputFiles[0].contents;
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs);
  return {
    code,
    bytes: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    packages: sorted(inputs.map(([path, { bytesInOutput }]) => [packageOf(path), bytesInOutput])),
    schemaModules: sorted(inputs.filter(([path]) => schemaModule(path)).map(([path, { bytesInOutput }]) => [schemaModule(path), bytesInOutput])),
  };
}

/** The names of the generated validator functions in unminified bundle `code` (`CallToolResult`, ...). */
export function validatorNames(code) {
  const text = typeof code === 'string' ? code : new TextDecoder().decode(code);
  return [...new Set([...text.matchAll(/\bfunction validate([A-Z]\w*)\(data, instancePath/g)].map((m) => m[1]))].sort();
}

/**
 * Bundles `entry` with code splitting: what loads at start (the entry and the chunks it imports
 * statically) and what only an `import()` loads, each as `{ gzip, validators }` (validator names from a
 * build that keeps names). A validator in a module that start-up code uses loads at start even when only
 * lazily loaded code calls it: esbuild splits by module, and a validator module holds many validators.
 */
export async function bundleSplit(entry, outdir) {
  const build = (minify) => esbuild.build({ ...BUNDLE_OPTIONS, minify, splitting: true, outdir, entryPoints: [entry] });
  const [minified, named] = await Promise.all([build(true), build(false)]);
  const phases = (result) => {
    const outputs = result.metafile.outputs;
    // The metafile names outputs relative to the working directory, outputFiles by absolute path.
    const files = new Map(result.outputFiles.map((f) => [f.path, f]));
    const key = (path) => resolve(process.cwd(), path);
    // Each `import()` target is an entry point of the metafile too: the entry is the one of `entry`.
    const entryOut = Object.keys(outputs).find((path) => outputs[path].entryPoint && resolve(process.cwd(), outputs[path].entryPoint) === resolve(entry));
    // What loads at start: the entry and its static imports. What can load later: the targets of the
    // `import()`s in those files (and their static imports), transitively. esbuild also writes chunks
    // for `import()`s in code it dropped as unused; nothing reaches those, and they are not counted.
    const closure = (roots, kinds) => {
      const seen = new Set();
      const visit = (path) => {
        if (seen.has(path) || !outputs[path]) return;
        seen.add(path);
        for (const imp of outputs[path].imports) if (kinds.includes(imp.kind)) visit(imp.path);
      };
      for (const root of roots) visit(root);
      return seen;
    };
    const initial = closure([entryOut], ['import-statement']);
    const reachable = closure([entryOut], ['import-statement', 'dynamic-import']);
    const sum = (paths) => {
      const parts = [...paths].filter((path) => path.endsWith('.js')).map((path) => files.get(key(path))?.contents ?? new Uint8Array());
      return { gzip: parts.reduce((total, part) => total + gzipSync(part, { level: 9 }).length, 0), texts: parts };
    };
    return { initial: sum(initial), lazy: sum([...reachable].filter((path) => !initial.has(path))) };
  };
  const small = phases(minified);
  const names = phases(named);
  const namesOf = (part) => [...new Set(part.texts.flatMap((text) => validatorNames(text)))].sort();
  return {
    initial: { gzip: small.initial.gzip, validators: namesOf(names.initial) },
    lazy: { gzip: small.lazy.gzip, validators: namesOf(names.lazy) },
  };
}
