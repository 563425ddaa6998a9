// Reading what the changeset check compares against out of git: a package's last release tag (the
// `<name>@<version>` tags `changeset publish` / `changeset tag` create), or the merge base with a
// branch, and the reports and changesets as they were there.
import { execFileSync } from 'node:child_process';

const git = (cwd, args) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });

/** True when `cwd` is inside a git work tree. */
export function isGitCheckout(cwd) {
  try {
    return git(cwd, ['rev-parse', '--is-inside-work-tree']).trim() === 'true';
  } catch {
    return false;
  }
}

/** The newest `<name>@<version>` tag reachable from HEAD, or undefined if the package was never released. */
export function lastReleaseTag(cwd, name) {
  const tags = git(cwd, ['tag', '--list', `${name}@*`, '--merged', 'HEAD', '--sort=-v:refname'])
    .split('\n')
    .filter(Boolean);
  return tags[0];
}

/** The commit HEAD and `ref` last had in common. */
export const mergeBase = (cwd, ref) => git(cwd, ['merge-base', 'HEAD', ref]).trim();

/** The reports of package folder `dir` at `ref`: a Map of entry subpath → text (empty if none). */
export function reportsAt(cwd, ref, dir) {
  const prefix = `packages/${dir}/api/`;
  const files = git(cwd, ['ls-tree', '-r', '--name-only', ref, '--', prefix])
    .split('\n')
    .filter((f) => f.endsWith('.api.md'));
  const out = new Map();
  for (const file of files) {
    const rest = file.slice(prefix.length, -'.api.md'.length);
    out.set(rest === 'index' ? '.' : `./${rest}`, git(cwd, ['show', `${ref}:${file}`]));
  }
  return out;
}

/** Ids of the changesets added or edited since `ref` (committed, staged, or not yet added). */
export function changesetsSince(cwd, ref) {
  const changed = git(cwd, ['diff', '--name-only', '--diff-filter=AM', ref, '--', '.changeset']).split('\n');
  const untracked = git(cwd, ['ls-files', '--others', '--exclude-standard', '--', '.changeset']).split('\n');
  return new Set(
    [...changed, ...untracked].filter((f) => /^\.changeset\/[^/]+\.md$/.test(f) && f !== '.changeset/README.md').map((f) => f.slice('.changeset/'.length, -3)),
  );
}
