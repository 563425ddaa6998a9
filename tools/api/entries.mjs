// The entries an API report is written for: every `exports` subpath of a published package that
// has types. The report of `./a/b` lives at packages/<dir>/api/a/b.api.md, the root's at index.api.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The published packages under `<repo>/packages` (sorted by folder), with their manifests. */
export function publishedPackages(repoRoot) {
  const base = join(repoRoot, 'packages');
  return readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(base, d.name, 'package.json')))
    .map((d) => ({ dir: d.name, root: join(base, d.name), manifest: JSON.parse(readFileSync(join(base, d.name, 'package.json'), 'utf8')) }))
    .filter((p) => p.manifest.private !== true)
    .sort((a, b) => (a.dir < b.dir ? -1 : 1));
}

/** The types file an `exports` condition tree points at for `import` (or any `types`), if any. */
export function typesOf(target) {
  if (typeof target === 'string') return target.endsWith('.d.ts') ? target : undefined;
  if (target === null || typeof target !== 'object') return undefined;
  if (typeof target.types === 'string') return target.types;
  for (const key of ['import', 'default', 'node']) {
    const found = key in target ? typesOf(target[key]) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Report path (relative to the package folder) of an `exports` subpath. */
export const reportPathOf = (subpath) => `api/${subpath === '.' ? 'index' : subpath.replace(/^\.\//, '')}.api.md`;

/**
 * One row per reported entry: `{ pkg, dir, root, subpath, dts, report }` with `dts` and `report`
 * relative to the package folder. Subpaths without types (JSON files, package.json) have no report.
 */
export function reportedEntries(repoRoot) {
  const rows = [];
  for (const p of publishedPackages(repoRoot)) {
    const exp = typeof p.manifest.exports === 'object' && p.manifest.exports !== null ? p.manifest.exports : { '.': p.manifest.exports };
    for (const [subpath, target] of Object.entries(exp)) {
      const dts = typesOf(target);
      if (!dts) continue;
      if (subpath.includes('*')) throw new Error(`${p.manifest.name}: exports pattern ${subpath} has types but no single report; list its entries`);
      rows.push({ pkg: p.manifest.name, dir: p.dir, root: p.root, subpath, dts: dts.replace(/^\.\//, ''), report: reportPathOf(subpath) });
    }
  }
  return rows;
}
