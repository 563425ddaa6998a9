// Finding and running the pinned conformance suite. The suite needs Node 22 (it imports
// fs.globSync); we run it, and only it, with the Node 22 binary from the npm package
// node-<platform>-<arch>, and keep the caller's PATH, so the client under test (which the suite
// spawns with `sh -c`) stays on the Node the repository uses.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUITE_PACKAGE = '@modelcontextprotocol/conformance';
export const SUITE_VERSION = '0.2.0-alpha.12';
export const NODE22_VERSION = '22.23.5';
export const WORK_DIR = fileURLToPath(new URL('./.work/', import.meta.url));

const ownNodeIsEnough = Number(process.versions.node.split('.')[0]) >= 22;
const TOOLS = fileURLToPath(new URL('../', import.meta.url));

function installedVersion(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/**
 * Finds the pinned suite and, on Node < 22, the pinned Node 22 binary. Both are dev dependencies
 * of @mcpkit/tools, so `pnpm install` fetches them with the user's own npm configuration (registry,
 * CA) like every other package; nothing is installed at test time. The Node 22 binary comes from
 * the optional dependency node-<platform>-<arch> (published for linux-x64 and linux-arm64 only);
 * elsewhere, run the suite with Node 22 or later.
 * @returns {{ node: string, entry: string, dir: string }}
 */
export function ensureSuite() {
  const dir = join(TOOLS, 'node_modules', SUITE_PACKAGE);
  const version = installedVersion(dir);
  if (version !== SUITE_VERSION) {
    throw new Error(`${SUITE_PACKAGE}@${SUITE_VERSION} is not installed in tools/node_modules (found ${version ?? 'nothing'}): run pnpm install`);
  }
  const entry = join(dir, 'dist', 'index.js');
  if (ownNodeIsEnough) return { node: process.execPath, entry, dir };
  const nodePackage = `node-${process.platform}-${process.arch}`;
  const node = join(TOOLS, 'node_modules', nodePackage, 'bin', 'node');
  let seen;
  try {
    seen = existsSync(node) ? execFileSync(node, ['--version'], { encoding: 'utf8' }).trim() : undefined;
  } catch {
    seen = undefined;
  }
  if (seen !== `v${NODE22_VERSION}`) {
    throw new Error(
      `the conformance suite needs Node 22; ${nodePackage}@${NODE22_VERSION} (an optional dev dependency of @mcpkit/tools) ` +
        `is ${seen ? `at ${seen}` : 'not installed'}: run pnpm install, or run pnpm conformance with Node 22 or later`,
    );
  }
  return { node, entry, dir };
}

/** Process groups started here, so an interrupted run can end them. */
export const liveGroups = new Set();

/**
 * Runs the suite's CLI with `args` in its own process group and collects its output. When it
 * outlives `timeoutMs` the whole group (the suite and any client it spawned) is killed.
 * @param {{ node: string, entry: string }} suite
 * @param {string[]} args
 * @param {{ cwd: string, timeoutMs: number, env?: NodeJS.ProcessEnv, onData?: (chunk: string) => void }} opts
 * @returns {Promise<{ code: number | null, signal: string | null, stdout: string, stderr: string, timedOut: boolean }>}
 */
export function runSuite(suite, args, { cwd, timeoutMs, env, onData }) {
  return new Promise((resolve, reject) => {
    const child = spawn(suite.node, [suite.entry, ...args], { cwd, env: env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    liveGroups.add(child.pid);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (d) => {
      stdout += d;
      onData?.(d);
    });
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
      onData?.(d);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid, 'SIGKILL');
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      liveGroups.delete(child.pid);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      killGroup(child.pid, 'SIGKILL'); // clients the suite left behind
      liveGroups.delete(child.pid);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

/** Sends `signal` to a whole process group; a group that is already gone is fine. */
export function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already exited
  }
}
