// Access to the vendored spec folder (`vendor/spec` in the repository, see its SOURCE.md): the
// official schemas and the 2026-07-28 examples, our test oracle.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `packages/schema` folder. */
export const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The repository root. */
export const REPO_ROOT = resolve(PACKAGE_DIR, '../..');

/** The vendored spec folder; throws with a clear message when it is missing (tests must not skip silently). */
export function specDir(): string {
  const dir = join(REPO_ROOT, 'vendor', 'spec');
  if (!existsSync(join(dir, '2026-07-28', 'schema.json'))) {
    throw new Error(`spec folder not found at ${dir}: vendor/spec is part of the repository (re-vendor with tools/spec/refresh.mjs)`);
  }
  return dir;
}

export type Revision = '2026-07-28' | '2025-11-25';
export const REVISIONS: readonly Revision[] = ['2026-07-28', '2025-11-25'];

type Schema = { $defs: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/** The official `schema.json` of a revision. */
export function officialSchema(rev: Revision): Schema {
  return JSON.parse(readFileSync(join(specDir(), rev, 'schema.json'), 'utf8')) as Schema;
}

/** Our generated (published) schema of a revision. */
export function ourSchema(rev: Revision): Schema {
  return JSON.parse(readFileSync(join(PACKAGE_DIR, 'json', `${rev}.schema.json`), 'utf8')) as Schema;
}

export interface Example {
  /** The `$defs` entry the example is an instance of (its folder name). */
  type: string;
  /** `<Type>/<file>.json`. */
  name: string;
  value: unknown;
}

/** Every official 2026-07-28 example, sorted by type and file name. */
export function examples(): Example[] {
  const root = join(specDir(), '2026-07-28', 'examples');
  return readdirSync(root)
    .sort()
    .flatMap((type) =>
      readdirSync(join(root, type))
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => ({ type, name: `${type}/${file}`, value: JSON.parse(readFileSync(join(root, type, file), 'utf8')) })),
    );
}
