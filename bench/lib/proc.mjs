// Child processes for the harness: every measurement runs in a fresh process so sides never share a heap or a JIT.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const BENCH_DIR = new URL('..', import.meta.url).pathname;

/**
 * Runs `node [nodeArgs] script ...args` and resolves with the JSON object the script printed as its last
 * stdout line. Rejects with the tail of stderr when the script exits non-zero, prints no JSON, or times out.
 */
export function runNodeJson(script, args = [], { nodeArgs = [], env, timeoutMs = 300_000, cwd = BENCH_DIR } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} timed out after ${timeoutMs} ms\n${tail(err)}`));
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = out
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .pop();
      if (code !== 0 || !line) {
        reject(new Error(`${basename(script)} exited with ${code ?? signal}${line ? '' : ' without a result'}: ${reason(err || out)}\n${tail(err || out)}`));
        return;
      }
      try {
        const result = JSON.parse(line);
        // What the child (and its own children) said on stderr, for explaining wrong answers; not serialised.
        if (result && typeof result === 'object') Object.defineProperty(result, 'stderrTail', { value: tail(err), enumerable: false });
        resolve(result);
      } catch (e) {
        reject(new Error(`${script} printed unparseable JSON: ${e.message}`));
      }
    });
  });
}

/**
 * Starts a long-running node script that prints one JSON line when ready (e.g. `{"port": 1234}`).
 * Resolves with `{ child, ready }` once that line arrives; rejects if the child exits first or is too slow.
 */
export function startNodeService(script, args = [], { nodeArgs = [], env, readyTimeoutMs = 30_000, cwd = BENCH_DIR } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let settled = false;
    const fail = (e) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(e);
    };
    const timer = setTimeout(() => fail(new Error(`${script} not ready after ${readyTimeoutMs} ms\n${tail(err)}`)), readyTimeoutMs);
    child.stderr.setEncoding('utf8').on('data', (d) => (err = (err + d).slice(-4000)));
    child.stdout.setEncoding('utf8').on('data', (d) => {
      if (settled) return;
      out += d;
      const nl = out.indexOf('\n');
      if (nl === -1) return;
      try {
        const ready = JSON.parse(out.slice(0, nl));
        settled = true;
        clearTimeout(timer);
        resolve({ child, ready, stderr: () => err });
      } catch {
        fail(new Error(`${script} printed a bad ready line: ${out.slice(0, 200)}`));
      }
    });
    child.on('error', fail);
    child.on('exit', (code, signal) => fail(new Error(`${script} exited (${code ?? signal}) before it was ready\n${tail(err)}`)));
  });
}

/** Stops a child: SIGTERM, then SIGKILL after `graceMs`. Resolves when it has exited. */
export function stopChild(child, graceMs = 3000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** VmRSS and VmHWM (peak resident set) of a live process in bytes, from /proc; nulls when unavailable. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => {
      const m = status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'));
      return m ? Number(m[1]) * 1024 : null;
    };
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return { rss: null, hwm: null };
  }
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a live process has used so far, from /proc; null when unavailable. */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15 of the whole line.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The most telling line of an error output: the first that names an error, else the last one. */
function reason(text) {
  const lines = String(text)
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.find((l) => /^(\w*Error\b|Error \[|error:)/.test(l)) ?? lines.at(-1) ?? 'no output';
}

function tail(text, lines = 15) {
  return String(text).trim().split('\n').slice(-lines).join('\n');
}
