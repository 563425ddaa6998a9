import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * No committed file depends on one machine's layout: no absolute path of a workplace, a home folder
 * or a literal temp folder, and nothing that reaches above the checkout (the spec used to live in a
 * `shared/` folder beside it; it is in vendor/spec now). A clone anywhere must work.
 */
export interface PathFinding {
  /** Repo-relative file. */
  file: string;
  line: number;
  rule: 'absolute-path' | 'above-checkout';
  /** The offending text. */
  text: string;
}

/** A finding the repository keeps on purpose: the file, the exact text, and why. */
export interface AllowedPath {
  file: string;
  text: string;
  reason: string;
}

/** Files the check skips entirely, with the reason. */
export const SKIPPED_FILES: ReadonlyArray<{ prefix: string; reason: string }> = [
  { prefix: 'vendor/', reason: 'upstream copies, byte for byte: their site-absolute links and examples are not ours to edit' },
  { prefix: 'tools/checks/paths.ts', reason: 'names the patterns it looks for' },
  { prefix: 'tools/checks/paths.test.ts', reason: 'fixtures that make the check fail on purpose' },
];

/** Findings kept on purpose. A stale entry (nothing matches it any more) fails the check too. */
export const ALLOWED_PATHS: readonly AllowedPath[] = [
  { file: 'packages/jsonrpc/README.md', text: '/home/alice/secret', reason: 'shows an error message whose path must not reach the peer' },
  { file: 'packages/jsonrpc/test/errors.test.ts', text: '/home/alice/.secrets', reason: 'an error message whose path must not reach the peer (redaction)' },
  {
    file: 'packages/legacy/test/client/legacy-client.test.ts',
    text: '/home/ada/secret',
    reason: 'an error message whose path must not reach the peer (redaction)',
  },
  { file: 'packages/stdio/README.md', text: '/tmp/mcp.sock', reason: 'an example Unix socket path, the reader picks their own' },
  { file: 'bench/test/app-probe.test.mjs', text: '/work/repo/packages/redis/dist/index.js', reason: 'input of a pure path parser (packageOf), never opened' },
  { file: 'bench/results/soak.md', text: '/tmp/.../run-before.mjs', reason: 'the record of a past run (a throw-away script), elided' },
  { file: 'docs/conformance.md', text: '/tmp', reason: 'prose: where a throw-away harness lived once (not kept)' },
  { file: 'CONTRIBUTING.md', text: '/tmp/pnpm.lock', reason: 'the lock parallel sessions on one machine share, outside any checkout by design' },
];

// An absolute path that only exists on one machine. Not preceded by a path, URL or word character,
// so `https://host/work/…` and `file:///…` URIs (protocol data: roots, resource URIs) do not count.
const MACHINE_PATH =
  /(?<![\w.~\-/:@$])(?:\/(?:work|root|tmp)(?=[/'"`\s)\]]|$)[^\s'"`)\]]*|\/home\/[a-z_][\w.-]*[^\s'"`)\]]*|\/Users\/[\w.-]+[^\s'"`)\]]*|[A-Za-z]:\\{1,2}Users\\[^\s'"`]*)/g;
// The workplace folder beside the checkout that held the spec and the architecture notes, in any
// spelling (a path relative to a variable escapes the depth test below).
const SHARED_FOLDER = /\bshared\/(?:spec|ARCHITECTURE\.md|NOTES\.md)\b|['"]shared['"]\s*,\s*['"](?:spec|ARCHITECTURE\.md|NOTES\.md)['"]/g;
// A relative path in a string or a Markdown link; it is checked against the file's depth.
const RELATIVE = /(['"`])(\.\.(?:\/[^'"`\s]*)?)\1|\]\((\.\.\/[^)\s#]*)/g;

/** Whether `relative`, resolved from a file in `dir` (repo-relative), leaves the repository. */
export function leavesRepository(dir: string, relative: string): boolean {
  const depth = dir === '.' || dir === '' ? 0 : dir.split('/').length;
  let up = 0;
  let level = depth;
  for (const part of relative.split('/')) {
    if (part === '..') level -= 1;
    else if (part !== '.' && part !== '') level += 1;
    up = Math.min(up, level);
  }
  return up < 0;
}

/** The tracked files of a git checkout (what a clone gets). */
export function trackedFiles(repoRoot: string): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter(Boolean);
}

function isText(bytes: Buffer): boolean {
  return !bytes.subarray(0, 8000).includes(0);
}

/** Every finding in `files` (repo-relative), allow-list aside. */
export function findPaths(repoRoot: string, files: readonly string[]): PathFinding[] {
  const out: PathFinding[] = [];
  for (const file of files) {
    if (SKIPPED_FILES.some((s) => file.startsWith(s.prefix))) continue;
    const full = path.join(repoRoot, file);
    if (!fs.existsSync(full) || !fs.statSync(full).isFile()) continue;
    const bytes = fs.readFileSync(full);
    if (!isText(bytes)) continue;
    const dir = path.posix.dirname(file);
    bytes
      .toString('utf8')
      .split('\n')
      .forEach((text, index) => {
        const line = index + 1;
        for (const m of text.matchAll(MACHINE_PATH)) out.push({ file, line, rule: 'absolute-path', text: m[0] });
        for (const m of text.matchAll(SHARED_FOLDER)) out.push({ file, line, rule: 'above-checkout', text: m[0] });
        for (const m of text.matchAll(RELATIVE)) {
          const relative = m[2] ?? m[3]!;
          if (leavesRepository(dir, relative)) out.push({ file, line, rule: 'above-checkout', text: relative });
        }
      });
  }
  return out;
}

/** The check over a repository: findings not allowed, and allow-list entries nothing matches. */
export function checkPaths(
  repoRoot: string,
  files: readonly string[] = trackedFiles(repoRoot),
  allowed: readonly AllowedPath[] = ALLOWED_PATHS,
): { unexcused: PathFinding[]; stale: AllowedPath[] } {
  const found = findPaths(repoRoot, files);
  const excuses = (f: PathFinding) => (a: AllowedPath) => a.file === f.file && a.text === f.text;
  return {
    unexcused: found.filter((f) => !allowed.some(excuses(f))),
    stale: allowed.filter((a) => !found.some((f) => excuses(f)(a))),
  };
}
