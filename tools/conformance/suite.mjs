// Installing and running the pinned conformance suite. The suite needs Node 22 (it imports
// fs.globSync); we run it, and only it, with the Node 22 binary from the npm package
// node-<platform>-<arch>, and keep the caller's PATH, so the client under test (which the suite
// spawns with `sh -c`) stays on the Node the repository uses.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUITE_PACKAGE = '@modelcontextprotocol/conformance';
export const SUITE_VERSION = '0.2.0-alpha.12';
export const NODE22_VERSION = '22.23.5';
export const WORK_DIR = fileURLToPath(new URL('./.work/', import.meta.url));

const nodePackage = `node-${process.platform}-${process.arch}`;
const ownNodeIsEnough = Number(process.versions.node.split('.')[0]) >= 22;

function installedVersion(dir, pkg) {
  try {
    return JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

function layout(dir) {
  return {
    entry: join(dir, 'node_modules', SUITE_PACKAGE, 'dist', 'index.js'),
    node: ownNodeIsEnough ? process.execPath : join(dir, 'node_modules', nodePackage, 'bin', 'node'),
  };
}

function isComplete(dir) {
  if (installedVersion(dir, SUITE_PACKAGE) !== SUITE_VERSION) return false;
  const { entry, node } = layout(dir);
  if (!existsSync(entry) || !existsSync(node)) return false;
  if (ownNodeIsEnough) return true;
  try {
    return execFileSync(node, ['--version'], { encoding: 'utf8' }).trim() === `v${NODE22_VERSION}`;
  } catch {
    return false;
  }
}

/** How long the one-time install of the suite may take (about 25 s on a 2-core machine). */
const INSTALL_TIMEOUT_MS = 300_000;

/**
 * Makes sure the pinned suite (and, on Node < 22, the pinned Node 22 binary) is installed under
 * tools/conformance/.work/, installing it with npm when it is missing or has another version.
 * The install goes to a private folder that is renamed into place, so two runs at once cannot
 * see a half-installed suite.
 * @param {{ log: (line: string) => void }} io
 * @returns {{ node: string, entry: string, dir: string }}
 */
export function ensureSuite({ log }) {
  const dir = join(WORK_DIR, `suite-${SUITE_VERSION}${ownNodeIsEnough ? '' : `-node${NODE22_VERSION}`}`);
  if (isComplete(dir)) return { ...layout(dir), dir };
  mkdirSync(WORK_DIR, { recursive: true });
  const tmp = join(WORK_DIR, `.install-${process.pid}-${Date.now()}`);
  const packages = [`${SUITE_PACKAGE}@${SUITE_VERSION}`, ...(ownNodeIsEnough ? [] : [`${nodePackage}@${NODE22_VERSION}`])];
  log(`installing ${packages.join(' and ')} into ${dir} (once)`);
  try {
    mkdirSync(tmp, { recursive: true });
    // The versions are pinned, so npm's cache is as good as the registry (--prefer-offline): a
    // flaky registry then cannot stall an install whose packages are cached. The install is
    // synchronous, so no signal handler runs while it lasts: bound it.
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', '--engine-strict=false', '--prefer-offline', '--prefix', tmp, ...packages], {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      timeout: INSTALL_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    if (!isComplete(tmp)) throw new Error(`npm finished but ${tmp} does not hold the pinned versions`);
    rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(tmp, dir);
    } catch (err) {
      if (!isComplete(dir)) throw err; // another run installed it at the same moment
    }
  } catch (err) {
    const detail = err && typeof err === 'object' && 'stderr' in err && err.stderr ? `\n${String(err.stderr).trim()}` : '';
    throw new Error(`could not install the conformance suite: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}${detail}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return { ...layout(dir), dir };
}

/** Process groups started here, so an interrupted run can end them. */
export const liveGroups = new Set();

/**
 * Runs the suite's CLI with `args` in its own process group and collects its output. When it
 * outlives `timeoutMs` the whole group (the suite and any client it spawned) is killed.
 * @param {{ node: string, entry: string }} suite
 * @param {string[]} args
 * @param {{ cwd: string, timeoutMs: number, onData?: (chunk: string) => void }} opts
 * @returns {Promise<{ code: number | null, signal: string | null, stdout: string, stderr: string, timedOut: boolean }>}
 */
export function runSuite(suite, args, { cwd, timeoutMs, onData }) {
  return new Promise((resolve, reject) => {
    const child = spawn(suite.node, [suite.entry, ...args], { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    liveGroups.add(child.pid);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (d) => { stdout += d; onData?.(d); });
    child.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; onData?.(d); });
    const timer = setTimeout(() => { timedOut = true; killGroup(child.pid, 'SIGKILL'); }, timeoutMs);
    child.on('error', (err) => { clearTimeout(timer); liveGroups.delete(child.pid); reject(err); });
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
