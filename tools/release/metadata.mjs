#!/usr/bin/env node
// The registry metadata of every published package, from one place (tools/release/metadata.json):
// repository (with the package's directory), homepage, bugs, author, licence.
//
//   node tools/release/metadata.mjs           writes the fields into packages/*/package.json
//   node tools/release/metadata.mjs --check   exits 1 on a missing or differing field
//
// While metadata.json says `"placeholder": true`, both modes warn that the home is a placeholder:
// the project has no public home yet, and every link a registry user sees points at it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(HERE, '../..');
export const FIELDS = ['license', 'author', 'homepage', 'bugs', 'repository'];

/** metadata.json of a repository. */
export function readMetadata(repoRoot = REPO_ROOT) {
  const meta = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tools/release/metadata.json'), 'utf8'));
  for (const key of ['home', 'branch', 'author', 'license']) {
    if (typeof meta[key] !== 'string' || meta[key] === '') throw new Error(`tools/release/metadata.json: "${key}" must be a non-empty string`);
  }
  if (!/^https:\/\/[^/]+\/[^/]+\/[^/]+$/.test(meta.home))
    throw new Error(`tools/release/metadata.json: "home" must look like https://host/owner/repo, got ${meta.home}`);
  return meta;
}

/** The fields a published package at `packages/<dir>` must carry. */
export function expectedFields(meta, dir) {
  return {
    license: meta.license,
    author: meta.author,
    homepage: `${meta.home}/tree/${meta.branch}/packages/${dir}#readme`,
    bugs: { url: `${meta.home}/issues` },
    repository: { type: 'git', url: `git+${meta.home}.git`, directory: `packages/${dir}` },
  };
}

/** An absolute URL of a path in the repository (a file or a folder), for links that leave a package. */
export function repositoryUrl(meta, repoPath, { folder = false } = {}) {
  return `${meta.home}/${folder ? 'tree' : 'blob'}/${meta.branch}/${repoPath}`;
}

/** `manifest` with the fields set: existing keys keep their place, new ones follow `license`. */
export function withFields(manifest, fields) {
  const out = {};
  const missing = FIELDS.filter((key) => !(key in manifest));
  for (const [key, value] of Object.entries(manifest)) {
    out[key] = key in fields ? fields[key] : value;
    if (key === 'license') for (const add of missing) out[add] = fields[add];
  }
  for (const add of missing) if (!(add in out)) out[add] = fields[add];
  return out;
}

const published = (repoRoot) =>
  fs
    .readdirSync(path.join(repoRoot, 'packages'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(repoRoot, 'packages', d.name, 'package.json')))
    .map((d) => d.name)
    .sort();

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** `{ problems, warnings }` over every package: a problem per missing or differing field. */
export function checkMetadata(repoRoot = REPO_ROOT) {
  const meta = readMetadata(repoRoot);
  const problems = [];
  for (const dir of published(repoRoot)) {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'packages', dir, 'package.json'), 'utf8'));
    for (const [key, value] of Object.entries(expectedFields(meta, dir))) {
      if (!(key in manifest)) problems.push(`packages/${dir}/package.json: "${key}" is missing (expected ${JSON.stringify(value)})`);
      else if (!same(manifest[key], value))
        problems.push(`packages/${dir}/package.json: "${key}" is ${JSON.stringify(manifest[key])}, expected ${JSON.stringify(value)}`);
    }
  }
  const warnings = meta.placeholder
    ? [
        `placeholder home ${meta.home}: the packages' repository, homepage and bugs point at it until the project has its public home (set "home" and drop "placeholder" in tools/release/metadata.json, then run node tools/release/metadata.mjs)`,
      ]
    : [];
  return { problems, warnings };
}

/**
 * `text` (a README) with its links into this repository moved to the current home: any
 * `https://host/owner/repo/(blob|tree)/<branch>/<path>` whose path exists in `repoRoot`.
 */
export function rehomeLinks(text, meta, repoRoot = REPO_ROOT) {
  return text.replace(
    /\]\((https:\/\/[^/\s)]+\/[^/\s)]+\/[^/\s)]+)\/(blob|tree)\/[^/\s)]+\/([^)\s#?]+)([#?][^)\s]*)?\)/g,
    (link, _home, kind, repoPath, rest = '') =>
      fs.existsSync(path.join(repoRoot, decodeURIComponent(repoPath))) ? `](${meta.home}/${kind}/${meta.branch}/${repoPath}${rest})` : link,
  );
}

/** Writes the fields into every package.json (and re-homes README links); returns the files it changed. */
export function writeMetadata(repoRoot = REPO_ROOT) {
  const meta = readMetadata(repoRoot);
  const changed = [];
  const update = (file, next, text) => {
    if (next === text) return;
    fs.writeFileSync(file, next);
    changed.push(path.relative(repoRoot, file));
  };
  for (const dir of published(repoRoot)) {
    const file = path.join(repoRoot, 'packages', dir, 'package.json');
    const text = fs.readFileSync(file, 'utf8');
    update(file, `${JSON.stringify(withFields(JSON.parse(text), expectedFields(meta, dir)), null, 2)}\n`, text);
    const readme = path.join(repoRoot, 'packages', dir, 'README.md');
    if (fs.existsSync(readme)) {
      const before = fs.readFileSync(readme, 'utf8');
      update(readme, rehomeLinks(before, meta, repoRoot), before);
    }
  }
  return changed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = process.argv.find((a, i) => i > 1 && !a.startsWith('--')) ?? REPO_ROOT;
  try {
    if (process.argv.includes('--check')) {
      const { problems, warnings } = checkMetadata(root);
      for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
      for (const p of problems) process.stderr.write(`${p}\n`);
      if (problems.length) {
        process.stderr.write('run node tools/release/metadata.mjs to write the fields from tools/release/metadata.json\n');
        process.exit(1);
      }
    } else {
      const changed = writeMetadata(root);
      for (const w of checkMetadata(root).warnings) process.stderr.write(`warning: ${w}\n`);
      process.stdout.write(changed.length ? `wrote ${changed.join(', ')}\n` : 'every package.json is up to date\n');
    }
  } catch (error) {
    process.stderr.write(`metadata: ${error.message}\n`);
    process.exit(1);
  }
}
