// What the report says about the machine and the software it measured.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

function pkgVersion(name) {
  try {
    const url = new URL(`../node_modules/${name}/package.json`, import.meta.url);
    return JSON.parse(readFileSync(url, 'utf8')).version;
  } catch {
    return '?';
  }
}

/** The load average over the last minute, as text. */
export function loadAverage() {
  return os.loadavg()[0].toFixed(2);
}

/**
 * Waits until the 1-minute load average drops below `cores`, checking every 5 s, for at most `minutes`.
 * Resolves with the load average it starts at.
 */
export async function waitForQuiet(minutes, cores, log) {
  const deadline = Date.now() + minutes * 60_000;
  let announced = false;
  while (os.loadavg()[0] >= cores && Date.now() < deadline) {
    if (!announced) log(`  waiting for a quieter machine (load average ${loadAverage()}, at most ${minutes} min)`);
    announced = true;
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  if (announced) log(`  starting at load average ${loadAverage()}`);
  return loadAverage();
}

/** A description of this machine and of the packages under test. */
export function environment() {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', '.'], {
      encoding: 'utf8',
      cwd: new URL('..', import.meta.url).pathname,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (dirty) commit += ' (bench/ has uncommitted changes)';
  } catch {
    /* not a git checkout */
  }
  return {
    date: new Date()
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC'),
    cpu: os.cpus()[0]?.model?.trim() ?? 'unknown CPU',
    cores: os.availableParallelism?.() ?? os.cpus().length,
    memGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.versions.node,
    official: ['server', 'client', 'node'].map((p) => `@modelcontextprotocol/${p} ${pkgVersion(`@modelcontextprotocol/${p}`)}`).join(', '),
    commit,
  };
}
