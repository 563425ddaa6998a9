// The tie between API reports and changesets: a package whose report changed needs a changeset,
// and a breaking change needs a major bump — or, while the package is 0.x, a minor whose text has
// a line starting with `BREAKING:` that says what breaks (it lands in the CHANGELOG as written).
// Before a package's first release (no `<name>@<version>` tag) nothing can break: `BREAKING:` lines
// are refused for it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const RANK = { none: 0, patch: 1, minor: 2, major: 3 };

/** A changeset file's releases (Map of package → bump) and the `BREAKING:` lines of its text. */
export function parseChangeset(id, text) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`.changeset/${id}.md has no frontmatter`);
  const releases = new Map();
  for (const line of match[1].split(/\r?\n/)) {
    const release = /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch|none)\s*$/.exec(line);
    if (release) releases.set(release[1], release[2]);
    else if (line.trim() !== '') throw new Error(`.changeset/${id}.md: cannot read frontmatter line "${line}"`);
  }
  const breaking = match[2]
    .split(/\r?\n/)
    .filter((line) => /^\s*(?:[-*]\s+)?BREAKING:/.test(line))
    .map((l) => l.trim());
  return { id, releases, summary: match[2].trim(), breaking };
}

/** Every changeset in `<repo>/.changeset` (README.md aside), optionally only the ids in `only`. */
export function readChangesets(repoRoot, only) {
  const dir = join(repoRoot, '.changeset');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((f) => f.slice(0, -3))
    .filter((id) => !only || only.has(id))
    .sort()
    .map((id) => parseChangeset(id, readFileSync(join(dir, `${id}.md`), 'utf8')));
}

const list = (items) => (items.length > 3 ? `${items.slice(0, 3).join('; ')}; and ${items.length - 3} more` : items.join('; '));

/**
 * Violations (readable lines) for one package: `name`, `version` (the current one), `released`
 * (whether users have a version to break), `change` from compareReports, `changesets` to count.
 */
export function checkPackage({ name, version, released, change, changesets }) {
  if (change.breaking.length === 0 && change.additive.length === 0) return [];
  const mine = changesets.filter((c) => (RANK[c.releases.get(name)] ?? 0) > 0);
  const what = list([...change.breaking, ...change.additive]);
  if (mine.length === 0) {
    return [`${name}: the API report changed (${what}) but no changeset bumps ${name}; add .changeset/<name>.md`];
  }
  if (!released) return [];
  const level = Math.max(...mine.map((c) => RANK[c.releases.get(name)]));
  const stable = Number(version.split('.')[0]) >= 1;
  if (change.breaking.length > 0) {
    if (stable && level < RANK.major) {
      return [`${name}: breaking API change (${list(change.breaking)}) needs a major changeset (the highest is ${bumpName(level)})`];
    }
    const spelled = mine.some((c) => RANK[c.releases.get(name)] >= RANK.minor && c.breaking.length > 0);
    if (!stable && !(level >= RANK.minor && (spelled || level === RANK.major))) {
      return [
        `${name}: breaking API change (${list(change.breaking)}) needs, while ${version} is 0.x, a minor changeset with a line starting "BREAKING:" that says what breaks`,
      ];
    }
  } else if (stable && level < RANK.minor) {
    return [`${name}: new API (${list(change.additive)}) needs a minor changeset (the highest is ${bumpName(level)})`];
  }
  return [];
}

/**
 * Before its first release a package has no users to break: its changesets say what it offers, and
 * a `BREAKING:` line would land in the first CHANGELOG describing a break nobody had. Refused.
 */
export function refuseBreakingBeforeFirstRelease(name, changesets) {
  return changesets
    .filter((c) => c.releases.has(name) && c.breaking.length > 0)
    .map(
      (c) =>
        `${name}: never released, so nothing can break; drop the BREAKING: line${c.breaking.length > 1 ? 's' : ''} of .changeset/${c.id}.md and say what the package does instead`,
    );
}

const bumpName = (rank) => Object.keys(RANK).find((k) => RANK[k] === rank);
