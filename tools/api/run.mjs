#!/usr/bin/env node
// `pnpm api`: writes the API report of every published package entry (packages/<name>/api/) from
// the built `.d.ts`. `--check` writes nothing: it fails listing every stale or extra report, and
// every changed report that lacks the changeset it needs (tools/api/README.md). Build first.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportedEntries } from './entries.mjs';
import { extractPackage } from './extract.mjs';
import { checkChangesets } from './tie.mjs';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = 'usage: node tools/api/run.mjs [--check] [--since <ref>] [--quiet] [<package folder>...]';

/** Every report file that should exist, as a Map of repo-relative path → text. */
export function generateReports(repoRoot = REPO_ROOT, dirs = []) {
  const entries = reportedEntries(repoRoot).filter((e) => dirs.length === 0 || dirs.includes(e.dir));
  const files = new Map();
  for (const dir of [...new Set(entries.map((e) => e.dir))]) {
    const mine = entries.filter((e) => e.dir === dir);
    const reports = extractPackage(mine);
    for (const e of mine) files.set(`packages/${e.dir}/${e.report}`, reports.get(e.subpath));
  }
  return { files, dirs: [...new Set(entries.map((e) => e.dir))] };
}

/** Report files under packages/<dir>/api now, repo-relative. */
function existingReports(repoRoot, dirs) {
  return dirs.flatMap((dir) => {
    const base = join(repoRoot, 'packages', dir, 'api');
    if (!existsSync(base)) return [];
    return readdirSync(base, { withFileTypes: true, recursive: true })
      .filter((f) => f.isFile() && f.name.endsWith('.api.md'))
      .map((f) =>
        relative(repoRoot, join(f.parentPath ?? f.path, f.name))
          .split(sep)
          .join('/'),
      );
  });
}

/** Reports that differ from `files`: `{ path, reason, line? }` with the first differing line. */
export function staleReports(files, dirs, repoRoot = REPO_ROOT) {
  const stale = [];
  for (const [path, text] of files) {
    const abs = join(repoRoot, path);
    if (!existsSync(abs)) {
      stale.push({ path, reason: 'missing' });
      continue;
    }
    const now = readFileSync(abs, 'utf8');
    if (now === text) continue;
    const a = now.split('\n');
    const b = text.split('\n');
    let i = 0;
    while (i < a.length && a[i] === b[i]) i += 1;
    stale.push({ path, reason: `out of date from line ${i + 1}: committed "${(a[i] ?? '').trim()}", built "${(b[i] ?? '').trim()}"` });
  }
  for (const path of existingReports(repoRoot, dirs)) if (!files.has(path)) stale.push({ path, reason: 'no such entry in exports' });
  return stale.sort((x, y) => (x.path < y.path ? -1 : 1));
}

/** Runs with command-line `args`; resolves to the exit code. */
export async function main(args, repoRoot = REPO_ROOT) {
  const flags = new Set(['--check', '--quiet']);
  let since;
  const dirs = [];
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--since' && args[i + 1]) since = args[++i];
    else if (flags.has(args[i])) continue;
    else if (!args[i].startsWith('-')) dirs.push(args[i]);
    else {
      console.error(`unknown option ${args[i]}\n${USAGE}`);
      return 2;
    }
  }
  const check = args.includes('--check');
  const log = args.includes('--quiet') ? () => {} : (line) => console.log(`api: ${line}`);
  const { files, dirs: reported } = generateReports(repoRoot, dirs);
  const stale = staleReports(files, reported, repoRoot);
  if (!check) {
    for (const { path, reason } of stale) {
      if (reason === 'no such entry in exports') rmSync(join(repoRoot, path));
      else {
        mkdirSync(dirname(join(repoRoot, path)), { recursive: true });
        writeFileSync(join(repoRoot, path), files.get(path));
      }
      log(`${reason === 'no such entry in exports' ? 'removed' : 'wrote'} ${path}`);
    }
    log(`${files.size} reports, ${stale.length} changed`);
  } else if (stale.length > 0) {
    console.error(`api --check: ${stale.length} report(s) do not match the built .d.ts; run \`pnpm api\` and commit the diff:`);
    for (const { path, reason } of stale) console.error(`  ${path}: ${reason}`);
  } else log(`${files.size} reports are up to date`);
  if (!check) return 0;
  const { violations, notes } = checkChangesets(repoRoot, { since });
  for (const note of notes) log(note);
  for (const v of violations) console.error(`api --check: ${v}`);
  return stale.length > 0 || violations.length > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2));
}
