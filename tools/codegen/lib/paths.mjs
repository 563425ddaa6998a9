// Where codegen reads from and writes to. Every path is absolute and derived from this file's
// location, so `node tools/codegen/run.mjs` works from any working directory.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder holding `pnpm-workspace.yaml`). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The revisions we generate, newest first. The first one is the package's root entry. */
export const REVISIONS = ['2026-07-28', '2025-11-25'];

/** The modern revision (stateless, `_meta` on every request). */
export const LATEST = REVISIONS[0];

/** The legacy revision (the `initialize` handshake and sessions). */
export const LEGACY = REVISIONS[1];

/**
 * The extensions whose wire types we generate, each on top of one base revision. `dir` is the folder
 * of its canonical sources under `schema/` (it serves as its "revision" in the steps below), `prefix`
 * names its message unions (`<prefix>ClientRequest`...) and its generated exports (`<name>Catalogue`).
 */
export const EXTENSIONS = [
  { name: 'tasks', id: 'io.modelcontextprotocol/tasks', base: '2026-07-28', dir: 'extensions/tasks', prefix: 'Tasks' },
  { name: 'skills', id: 'io.modelcontextprotocol/skills', base: '2026-07-28', dir: 'extensions/skills', prefix: 'Skills' },
];

/** The folder of the canonical TypeScript sources of a revision (or of an extension: its `dir`). */
export const sourceDir = (rev) => join(REPO_ROOT, 'schema', rev);

/** The `@mcpkit/schema` package folder. */
export const PACKAGE_DIR = join(REPO_ROOT, 'packages', 'schema');

/** Output locations inside the package, relative to the repository root. */
export const out = {
  jsonSchema: (rev) => `packages/schema/json/${rev}.schema.json`,
  generatedDir: (rev) => `packages/schema/src/generated/${rev}`,
  /** An extension's outputs: `json/extensions/<name>.schema.json`, `src/generated/extensions/<name>/`. */
  extensionJsonSchema: (ext) => `packages/schema/json/${ext.dir}.schema.json`,
  extensionDir: (ext) => `packages/schema/src/generated/${ext.dir}`,
  langDir: 'packages/schema/lang',
  /** The helpers every generated validator imports (lib/compact-code.mjs). */
  validatorRuntime: 'packages/schema/src/generated/validator-runtime.js',
};

/** `2026-07-28` → `20260728`, for identifiers that cannot hold dashes. */
export const compactRevision = (rev) => rev.replaceAll('-', '');

/** `2026-07-28` → `2026_07_28`, for file and module names in other languages. */
export const snakeRevision = (rev) => rev.replaceAll('-', '_');

/** Folders whose whole content codegen owns (a file there that it does not generate is stale). */
export const OWNED_DIRS = ['packages/schema/json', 'packages/schema/src/generated', out.langDir];
