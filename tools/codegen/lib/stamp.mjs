// The stamp that makes `--check` cheap. `pnpm codegen` records in `tools/codegen/stamp.json` the
// hash of everything the costly generation (steps 1-5) reads — the canonical sources, codegen's own
// code, the versions of the generators it runs, the repository address of packages/schema/package.json
// — and the hash of each file it wrote. `--check` then
// regenerates only when those inputs changed; otherwise it proves the committed outputs current by
// comparing their hashes with the stamp, which takes milliseconds instead of 20-90 seconds.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { REPO_ROOT } from './paths.mjs';

/** Where the stamp lives (repo-relative). */
export const STAMP_PATH = 'tools/codegen/stamp.json';

/** The folders whose files the costly generation reads. */
const INPUT_DIRS = ['schema', 'tools/codegen'];
/**
 * Inside them, what it does not read: tests, documentation, the stamp itself, and the package
 * templates (they only make the package files, which `--check` always renders and compares in full).
 */
const NOT_INPUT = (path) => path.endsWith('.test.ts') || path.endsWith('/README.md') || path === STAMP_PATH || path.startsWith('tools/codegen/templates/');
/** The generators whose output codegen commits; their installed versions are inputs too. */
const GENERATORS = ['typescript', 'typescript-json-schema', 'ajv', 'quicktype-core'];

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

function filesUnder(root, dir) {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !(entry.parentPath ?? entry.path).split(sep).includes('node_modules'))
    .map((entry) =>
      relative(root, join(entry.parentPath ?? entry.path, entry.name))
        .split(sep)
        .join('/'),
    )
    .sort();
}

/** The installed version of each generator, as codegen resolves it. */
export function generatorVersions() {
  const require = createRequire(join(REPO_ROOT, 'tools', 'codegen', 'run.mjs'));
  return Object.fromEntries(GENERATORS.map((name) => [name, require(`${name}/package.json`).version]));
}

/** `repository` of packages/schema/package.json under `root` (null when there is none). */
function repositoryField(root) {
  try {
    return JSON.parse(readFileSync(join(root, 'packages', 'schema', 'package.json'), 'utf8')).repository ?? null;
  } catch {
    return null;
  }
}

/** One hash of every input of the costly generation under `root`, with `versions` of the generators. */
export function inputsHash(root = REPO_ROOT, versions = generatorVersions()) {
  const hash = createHash('sha256');
  for (const path of INPUT_DIRS.flatMap((dir) => filesUnder(root, dir)).filter((p) => !NOT_INPUT(p))) {
    hash.update(`${path}\0${sha256(readFileSync(join(root, path)))}\n`);
  }
  hash.update(JSON.stringify(versions));
  // The repository's address is in the Go bindings' import paths (lang/go.mjs derives the module path from it).
  hash.update(JSON.stringify(repositoryField(root)));
  return hash.digest('hex');
}

/** The stamp for `files` (repo-relative path → text) generated from inputs hashing to `inputs`. */
export function makeStamp(inputs, files) {
  const outputs = Object.fromEntries([...files.keys()].sort().map((path) => [path, sha256(files.get(path))]));
  return { note: 'Written by `pnpm codegen`: the hash of its inputs and of each file it generated (tools/codegen/README.md).', inputs, outputs };
}

/** Reads the stamp under `root`, or undefined when there is none or it cannot be read. */
export function readStamp(root = REPO_ROOT) {
  try {
    return JSON.parse(readFileSync(join(root, STAMP_PATH), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Writes the stamp under `root`. */
export function writeStamp(stamp, root = REPO_ROOT) {
  writeFileSync(join(root, STAMP_PATH), `${JSON.stringify(stamp, null, 2)}\n`);
}

/**
 * Files on disk that differ from what the stamp records: each `{ path, reason }` like staleFiles().
 * Only meaningful when the stamp's inputs hash equals the current one.
 */
export function staleAgainstStamp(stamp, root = REPO_ROOT) {
  const stale = [];
  for (const [path, hash] of Object.entries(stamp.outputs)) {
    const abs = join(root, path);
    if (!existsSync(abs)) stale.push({ path, reason: 'missing' });
    else if (sha256(readFileSync(abs, 'utf8')) !== hash) stale.push({ path, reason: 'out of date' });
  }
  return stale;
}
