// What every artifact builder shares: where the bindings are, their version, running a toolchain.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { schemaVersion } from '../codegen/lib/lang-packages.mjs';
import { REPO_ROOT } from '../codegen/lib/paths.mjs';

/** `packages/schema/lang`: one folder per language. */
export const LANG_DIR = join(REPO_ROOT, 'packages', 'schema', 'lang');

/** The version every artifact carries: @mcpkit/schema's (packages/schema/package.json). */
export const version = () => schemaVersion();

/** A toolchain an artifact needs is not installed: the message says which and how to get it. */
export class MissingToolchainError extends Error {
  name = 'MissingToolchainError';
}

/**
 * Runs `command` with `args` and returns its stdout; throws with the end of its output when it fails.
 * `nice`: a little below the other work of the machine (compiling takes minutes of CPU on two cores).
 * Only a little: at niceness 15 a compile got about 1 % of a core beside normal-priority work.
 */
export function run(command, args, { cwd, env, input, nice = true } = {}) {
  const niced = nice && spawnSync('nice', ['true']).status === 0;
  const [file, argv] = niced ? ['nice', ['-n', '5', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { cwd, env: env ? { ...process.env, ...env } : process.env, input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${String(result.stderr).slice(-4000)}\n${String(result.stdout).slice(-2000)}`);
  }
  return result.stdout;
}

/** The first output line of `command args` matching `line` (a version), or undefined when it cannot run. */
export function toolVersion(command, args = ['--version'], line = /\S/) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  return `${result.stdout}${result.stderr}`
    .split('\n')
    .find((text) => line.test(text))
    ?.trim();
}

/** Throws MissingToolchainError unless `command args` runs; returns its version line (the first matching `line`). */
export function requireTool(command, args, hint, line) {
  const found = toolVersion(command, args, line);
  if (!found) throw new MissingToolchainError(`no \`${command}\` (${hint})`);
  return found;
}

/** Copies a language folder to `target` (builds never write into the repository). */
export function copyLang(lang, target) {
  cpSync(join(LANG_DIR, lang), target, {
    recursive: true,
    filter: (path) => !/(^|\/)(target|bin|obj|build|dist|__pycache__)(\/|$)/.test(path.slice(LANG_DIR.length)),
  });
  return target;
}

/** What the summary and artifacts.json say about one artifact file. */
export function describeFile(path, kind) {
  const data = readFileSync(path);
  return { file: basename(path), path, kind, bytes: statSync(path).size, sha256: createHash('sha256').update(data).digest('hex') };
}
