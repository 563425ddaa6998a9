#!/usr/bin/env node
// Re-vendors one source of vendor/spec from a given upstream commit:
//
//   node tools/spec/refresh.mjs spec --from <git checkout or URL> --commit <sha> [--out <dir>]
//
// It reads the commit's tree (never the working tree of a checkout), copies the files the source's
// mapping (sources.mjs) names byte for byte, removes what the source owned before and upstream no
// longer has, and rewrites the source's **Commit** line in <out>/SOURCE.md. Nothing is written until
// every file has been read, so a bad commit or a missing file leaves the folder as it was.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mapFiles, SOURCES } from './sources.mjs';

/** The folder this repository vendors the spec into. */
export const VENDOR_SPEC = fileURLToPath(new URL('../../vendor/spec/', import.meta.url));

const git = (cwd, args, encoding = 'utf8') =>
  execFileSync('git', args, { cwd, encoding, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 << 20, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });

/** A git directory holding `commit`: the local checkout itself, or a temporary fetch of the URL. */
function openRepository(from, commit) {
  if (fs.existsSync(from) && fs.statSync(from).isDirectory()) return { dir: path.resolve(from), cleanup: () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-spec-refresh-'));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    git(dir, ['init', '-q', '--bare']);
    try {
      // One commit, no history: GitHub serves any commit by id.
      git(dir, ['fetch', '-q', '--depth', '1', from, commit]);
    } catch {
      // Servers that only serve refs: take everything, then find the commit locally.
      git(dir, ['fetch', '-q', from, '+refs/heads/*:refs/heads/*', '+refs/tags/*:refs/tags/*']);
    }
    return { dir, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** Replaces the `<!-- refresh:<source> -->` Commit line of SOURCE.md; throws when it is missing. */
export function rewriteSourceNote(text, source, { commit, date, subject }) {
  const marker = `<!-- refresh:${source} -->`;
  const line = new RegExp(`^- \\*\\*Commit:\\*\\* .*${marker.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')}$`, 'm');
  if (!line.test(text)) throw new Error(`SOURCE.md has no "- **Commit:** … ${marker}" line`);
  const quoted = subject.replaceAll('"', "'");
  return text.replace(line, () => `- **Commit:** \`${commit}\` (${date}, "${quoted}") ${marker}`);
}

/** Re-vendors `source` from `from` at `commit` into `out`; returns the full commit id and the files written. */
export function refresh({ source, from, commit, out = VENDOR_SPEC }) {
  const spec = SOURCES[source];
  if (!spec) throw new Error(`unknown source "${source}" (known: ${Object.keys(SOURCES).join(', ')})`);
  if (!/^[0-9a-f]{7,40}$/i.test(commit)) throw new Error(`--commit must be a commit id (hex), got "${commit}"`);
  const notePath = path.join(out, 'SOURCE.md');
  if (!fs.existsSync(notePath)) throw new Error(`${notePath} not found: --out must be a vendored spec folder`);
  const repo = openRepository(from, commit);
  try {
    let full;
    try {
      full = git(repo.dir, ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]).trim();
    } catch {
      throw new Error(`commit ${commit} not found in ${from}`);
    }
    const listed = git(repo.dir, ['ls-tree', '-r', '-z', '--name-only', full]).split('\0').filter(Boolean);
    const files = mapFiles(spec, listed).map((f) => ({ ...f, bytes: git(repo.dir, ['cat-file', 'blob', `${full}:${f.from}`], 'buffer') }));
    const [date, subject] = git(repo.dir, ['log', '-1', '--format=%cs%x00%s', full]).trim().split('\0');
    const note = rewriteSourceNote(fs.readFileSync(notePath, 'utf8'), source, { commit: full, date, subject });

    for (const owned of spec.owns) fs.rmSync(path.join(out, owned), { recursive: true, force: true });
    for (const f of files) {
      const target = path.join(out, f.to);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, f.bytes);
    }
    fs.writeFileSync(notePath, note);
    return { commit: full, files: files.map((f) => f.to) };
  } finally {
    repo.cleanup();
  }
}

function parseArgs(argv) {
  const [source, ...rest] = argv;
  const options = { source };
  for (let i = 0; i < rest.length; i += 2) {
    const key = rest[i]?.replace(/^--/, '');
    if (!['from', 'commit', 'out'].includes(key) || rest[i + 1] === undefined) throw new Error(`unexpected argument ${rest[i]}`);
    options[key] = rest[i + 1];
  }
  if (!options.source || !options.from || !options.commit) {
    throw new Error(`usage: node tools/spec/refresh.mjs <${Object.keys(SOURCES).join('|')}> --from <checkout|url> --commit <sha> [--out <dir>]`);
  }
  return options;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    const { commit, files } = refresh(parseArgs(process.argv.slice(2)));
    process.stdout.write(`vendored ${files.length} files at ${commit}; review with git diff vendor/spec\n`);
  } catch (error) {
    process.stderr.write(`refresh: ${error.message}\n`);
    process.exit(1);
  }
}
