import fs from 'node:fs';
import path from 'node:path';
import { readPackages } from './workspace.js';

/**
 * A package's README is read on the registry and in node_modules, from the tarball: a relative link
 * must name a file the tarball holds (inside the package, listed in `files` or always packed), and a
 * link to anything else of the repository is an absolute URL under the repository home of
 * tools/release/metadata.json (`<home>/blob/<branch>/<path>`, `<home>/tree/<branch>/<folder>`),
 * naming a path that exists. `node tools/release/metadata.mjs` rewrites such URLs when the home changes.
 */
export interface LinkProblem {
  /** `packages/<dir>/README.md:<line>`. */
  where: string;
  link: string;
  message: string;
}

/** Files npm packs whatever `files` says. */
const ALWAYS_PACKED = /^(package\.json|readme(\.[^/]*)?|licen[cs]e(\.[^/]*)?)$/i;
const LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** Whether the tarball of a package with these `files` holds `rel` (a path relative to the package folder). */
export function isPacked(files: readonly string[] | undefined, rel: string): boolean {
  if (ALWAYS_PACKED.test(rel)) return true;
  if (!files) return true; // no `files`: npm packs everything not ignored
  return files.some((entry) => {
    if (/[*?[]/.test(entry)) throw new Error(`files entry "${entry}": globs are not supported by this check`);
    const clean = entry.replace(/^\.\//, '').replace(/\/$/, '');
    return rel === clean || rel.startsWith(`${clean}/`);
  });
}

/** The problems of every packages/<dir>/README.md of `repoRoot`, against the home and branch given. */
export function checkReadmeLinks(repoRoot: string, meta: { home: string; branch: string }): LinkProblem[] {
  const out: LinkProblem[] = [];
  const intoRepo = new RegExp(`^${meta.home.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/(blob|tree)/${meta.branch}/([^#?]+)`);
  for (const pkg of readPackages(repoRoot)) {
    const readme = path.join(pkg.root, 'README.md');
    if (!fs.existsSync(readme)) continue;
    const files = (pkg.manifest as { files?: string[] }).files;
    const lines = fs.readFileSync(readme, 'utf8').split('\n');
    let fenced = false;
    lines.forEach((text, index) => {
      if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
      if (fenced) return;
      const where = `packages/${pkg.dir}/README.md:${index + 1}`;
      for (const m of text.matchAll(LINK)) {
        const link = m[1]!;
        if (link.startsWith('#') || /^mailto:/i.test(link)) continue;
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) {
          const into = intoRepo.exec(link);
          if (into && !fs.existsSync(path.join(repoRoot, decodeURIComponent(into[2]!)))) {
            out.push({ where, link, message: `names ${into[2]}, which is not in the repository` });
          } else if (!into && /\/(blob|tree)\/[^/]+\/packages\//.test(link) && !link.startsWith(meta.home)) {
            out.push({ where, link, message: `points into a repository other than the home ${meta.home}; run node tools/release/metadata.mjs` });
          }
          continue;
        }
        const target = link.split('#')[0]!;
        if (target.startsWith('/')) {
          out.push({ where, link, message: 'a root-relative link means nothing in a tarball; use a relative link or an absolute URL' });
          continue;
        }
        const resolved = path.relative(pkg.root, path.resolve(pkg.root, decodeURIComponent(target)));
        const rel = resolved.split(path.sep).join('/');
        if (rel.startsWith('..')) {
          out.push({ where, link, message: `leaves the package; link to ${meta.home}/tree/${meta.branch}/... instead` });
        } else if (!fs.existsSync(path.join(pkg.root, rel))) {
          out.push({ where, link, message: `names ${rel}, which does not exist` });
        } else if (!isPacked(files, rel)) {
          out.push({
            where,
            link,
            message: `names ${rel}, which the tarball does not hold (not in "files"); link to ${meta.home}/blob/${meta.branch}/packages/${pkg.dir}/${rel} instead`,
          });
        }
      }
    });
  }
  return out;
}
