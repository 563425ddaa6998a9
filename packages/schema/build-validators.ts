// How the validators reach dist/. esbuild's code splitting turns every module that two entries share
// into a chunk behind a re-export stub, and Node pays for each file it loads (a few tenths of a
// millisecond on a quiet machine, more than 50 KB of code costs): a server that imported the
// validators of the requests it receives loaded ten files. So the generated validator modules, the
// shared helpers, the formats, the revision entries and the `core` entries are not bundled into the
// entries that use them: esbuild sees them as external, each is one file of dist/ (the generated
// modules are copied as they are, with a CommonJS twin), and after the build every such specifier
// becomes the relative path from the file that imports it (`EXTERNAL_PREFIX`), except the validator
// modules, which entries import as `#validators/<rev>/<module>`: package.json maps that to the coarse
// modules of validators/ under the `node` condition (few files for Node to load) and to the modules
// of definitions/ (one per validator) for bundlers, which split code by module.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { buildSync, transformSync, type Plugin } from 'esbuild';

const ROOT = resolve(import.meta.dirname ?? __dirname);
const SRC = join(ROOT, 'src');
const DIST = join(ROOT, 'dist');
const EXTERNAL_PREFIX = '__mcpkit_schema_dist__/';
const EXT_PLACEHOLDER = '.__ext__';

const REVISIONS = ['2026-07-28', '2025-11-25'];

/** Generated JavaScript copied to dist/ (relative to src/) in `folder` of each revision. */
const generatedIn = (folder: string): string[] =>
  REVISIONS.flatMap((rev) =>
    readdirSync(join(SRC, 'generated', rev, folder))
      .filter((file) => file.endsWith('.js'))
      .map((file) => `generated/${rev}/${folder}/${file}`),
  );

/** The generated modules Node loads (with a CommonJS twin each): the coarse validator modules and their helpers. */
const nodeModules = (): string[] => ['generated/validator-runtime.js', ...generatedIn('validators')];

/** Source file (absolute) → its file in dist/ without extension, for every module kept out of the bundles. */
function externalTargets(): Map<string, string> {
  const targets = new Map<string, string>();
  targets.set(join(SRC, 'generated', 'validator-runtime.js'), 'generated/validator-runtime');
  targets.set(join(SRC, 'formats.ts'), 'formats');
  targets.set(join(SRC, '2026-07-28.ts'), '2026-07-28');
  for (const rev of REVISIONS) {
    targets.set(join(SRC, 'core', `${rev}.ts`), `${rev}/core`);
    targets.set(join(SRC, 'lookup', `load-${rev}.ts`), `${rev}/load`);
  }
  return targets;
}

/** The esbuild plugin that keeps those modules out of the bundles, as placeholder specifiers. */
export function externalModules(): Plugin {
  const targets = externalTargets();
  return {
    name: 'mcpkit-schema-external-modules',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const absolute = resolve(args.resolveDir, args.path);
        const candidates = [absolute, absolute.replace(/\.js$/, '.ts')];
        const module = /[\\/]generated[\\/]([\d-]+)[\\/]validators[\\/](\w+)\.js$/.exec(absolute);
        if (module) return { path: `#validators/${module[1]}/${module[2]}`, external: true };
        const target = candidates.map((path) => targets.get(path)).find(Boolean);
        return target === undefined ? undefined : { path: `${EXTERNAL_PREFIX}${target}${EXT_PLACEHOLDER}`, external: true };
      });
    },
  };
}

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));

/** The relative specifier from `file` (in dist/) to `target` (dist/-relative, without extension). */
function specifier(file: string, target: string, ext: string): string {
  const path = relative(dirname(file), join(DIST, target)).split(sep).join('/');
  return `${path.startsWith('.') ? path : `./${path}`}${ext}`;
}

/**
 * After tsup: copies the generated modules (ESM as generated, CJS transformed), builds the formats
 * module, and resolves every placeholder specifier in dist/. Idempotent.
 */
export function writeExternalModules(): void {
  for (const file of generatedIn('definitions')) {
    mkdirSync(dirname(join(DIST, file)), { recursive: true });
    writeFileSync(join(DIST, file), readFileSync(join(SRC, file), 'utf8'));
  }
  for (const file of nodeModules()) {
    const esm = readFileSync(join(SRC, file), 'utf8');
    const out = join(DIST, file);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, esm);
    const cjs = transformSync(esm, { format: 'cjs', platform: 'node', target: 'node20', sourcefile: file }).code;
    writeFileSync(out.replace(/\.js$/, '.cjs'), cjs.replace(/require\("(\.{1,2}\/[^"]+)\.js"\)/g, 'require("$1.cjs")'));
  }
  for (const [format, ext] of [
    ['esm', '.js'],
    ['cjs', '.cjs'],
  ] as const) {
    buildSync({ entryPoints: [join(SRC, 'formats.ts')], outfile: join(DIST, `formats${ext}`), format, target: 'node20', bundle: false, logLevel: 'error' });
  }
  const pattern = new RegExp(`${EXTERNAL_PREFIX.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([\\w./-]+?)\\${EXT_PLACEHOLDER}`, 'g');
  for (const file of walk(DIST)) {
    const ext = file.endsWith('.cjs') ? '.cjs' : file.endsWith('.js') ? '.js' : undefined;
    if (ext === undefined) continue;
    const text = readFileSync(file, 'utf8');
    if (!text.includes(EXTERNAL_PREFIX)) continue;
    writeFileSync(
      file,
      text.replace(pattern, (_m, target: string) => specifier(file, target, ext)),
    );
  }
}

/** From dist/generated/<rev>/validators/ up to dist/ (built, so the repository's path check need not excuse it). */
const TO_DIST = '../'.repeat(3);

/** The group entries' declarations, copied beside their modules, typed from the revision entry. */
export function writeGroupTypes(groups: readonly string[]): void {
  for (const rev of REVISIONS) {
    for (const group of groups) {
      const source = readFileSync(join(SRC, 'generated', rev, 'validators', `${group}.d.ts`), 'utf8');
      for (const [ext, module] of [
        ['d.ts', `${TO_DIST}${rev}.js`],
        ['d.cts', `${TO_DIST}${rev}.cjs`],
      ]) {
        const text = source.replace(`from '${TO_DIST}validator.js'`, `from '${module}'`).replace("from '../types/index.js'", `from '${module}'`);
        writeFileSync(join(DIST, 'generated', rev, 'validators', `${group}.${ext}`), text);
      }
    }
  }
}
