// Writing generated files, or (with --check) comparing them with what is on disk. Generated folders
// are owned by codegen entirely: a file there that codegen no longer produces is stale too.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { REPO_ROOT } from './paths.mjs';

/**
 * What a language's own tools write when a binding is built in place (cargo, dotnet, setuptools,
 * SwiftPM, Gradle, Python): not codegen's to own or delete. lang/.gitignore lists the same.
 */
export const BUILD_ARTEFACTS = ['target', 'bin', 'obj', 'build', 'dist', '.build', '.gradle', '__pycache__', 'Cargo.lock', 'Package.resolved'];
const isArtefact = (path) => path.split('/').some((part) => BUILD_ARTEFACTS.includes(part) || part.endsWith('.egg-info'));

function listFiles(root, dir) {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      relative(root, join(entry.parentPath ?? entry.path, entry.name))
        .split(sep)
        .join('/'),
    )
    .filter((path) => !isArtefact(relative(dir, path).split(sep).join('/')));
}

/** Files in `ownedDirs` under `root` that are not among `expected` paths: no longer generated. */
export function extraFiles(expected, ownedDirs, root = REPO_ROOT) {
  return ownedDirs.flatMap((dir) =>
    listFiles(root, dir)
      .filter((path) => !expected.has(path))
      .map((path) => ({ path, reason: 'no longer generated' })),
  );
}

/**
 * Files under `root` that differ from `files` (a Map of root-relative path → text): missing, out of
 * date, or present in an owned folder but no longer generated.
 */
export function staleFiles(files, ownedDirs, root = REPO_ROOT) {
  const stale = [];
  for (const [path, text] of files) {
    const abs = join(root, path);
    if (!existsSync(abs)) stale.push({ path, reason: 'missing' });
    else if (readFileSync(abs, 'utf8') !== text) stale.push({ path, reason: 'out of date' });
  }
  stale.push(...extraFiles(new Set(files.keys()), ownedDirs, root));
  return stale.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Brings `root` in line with `files`: writes what changed, deletes extras in owned folders. */
export function writeFiles(files, ownedDirs, root = REPO_ROOT) {
  const stale = staleFiles(files, ownedDirs, root);
  for (const { path, reason } of stale) {
    const abs = join(root, path);
    if (reason === 'no longer generated') {
      rmSync(abs);
    } else {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, files.get(path));
    }
  }
  return stale;
}
