// The changeset check over the repository. Its base, per package, is the package's last release
// tag: what users have is what a change can break, and `changeset version` consumes every pending
// changeset, so the pending ones are exactly those written since that release. `--since <ref>`
// compares with the merge base of HEAD and <ref> instead and counts only the changesets added or
// edited since then: the stricter view of one branch, for review.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { checkPackage, readChangesets, refuseBreakingBeforeFirstRelease } from './changesets.mjs';
import { compareReports } from './compare.mjs';
import { publishedPackages } from './entries.mjs';
import { changesetsSince, isGitCheckout, lastReleaseTag, mergeBase, reportsAt } from './git.mjs';

/** The committed reports of a package folder: a Map of entry subpath → text. */
export function reportsInTree(root) {
  const dir = join(root, 'api');
  if (!existsSync(dir)) return new Map();
  const out = new Map();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.api.md')) continue;
    const full = join(entry.parentPath ?? entry.path, entry.name);
    const rest = relative(dir, full).split(sep).join('/').slice(0, -'.api.md'.length);
    out.set(rest === 'index' ? '.' : `./${rest}`, readFileSync(full, 'utf8'));
  }
  return out;
}

/**
 * Checks every published package of `repoRoot`. Returns `{ violations, notes }`: violations fail the
 * check; notes say what could not be compared and why (never released, no reports at the base).
 */
export function checkChangesets(repoRoot, { since } = {}) {
  if (!isGitCheckout(repoRoot)) return { violations: [], notes: ['not a git checkout: the changeset check needs history'] };
  const violations = [];
  const notes = [];
  const sinceBase = since ? mergeBase(repoRoot, since) : undefined;
  const allChangesets = readChangesets(repoRoot, sinceBase ? changesetsSince(repoRoot, sinceBase) : undefined);
  for (const pkg of publishedPackages(repoRoot)) {
    const { name, version } = pkg.manifest;
    const tag = lastReleaseTag(repoRoot, name);
    if (!tag) violations.push(...refuseBreakingBeforeFirstRelease(name, allChangesets));
    const base = sinceBase ?? tag;
    if (!base) {
      notes.push(`${name}: never released (no ${name}@* tag), nothing to break`);
      continue;
    }
    const before = reportsAt(repoRoot, base, pkg.dir);
    if (before.size === 0) {
      notes.push(`${name}: no API reports at ${since ? `the merge base with ${since}` : tag}`);
      continue;
    }
    const change = compareReports(before, reportsInTree(pkg.root));
    violations.push(...checkPackage({ name, version, released: Boolean(tag), change, changesets: allChangesets }));
  }
  return { violations, notes };
}
