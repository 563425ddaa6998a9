/**
 * Child processes of the matrix: servers that print `listening URL` and run until stopped, and
 * client scripts that print one JSON line per check and exit. Every child is killed by `stopAll`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const children = new Set<ChildProcess>();

/** Extra environment of every child: no update checks, no telemetry. */
const QUIET_ENV = { DENO_NO_UPDATE_CHECK: '1', DO_NOT_TRACK: '1', BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' };

/** A server process; resolves with its base URL once it printed `listening URL`. */
export function startServer(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ url: string; output: () => string }> {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...QUIET_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening (http:\/\/\S+\/)/.exec(output);
      if (match) resolve({ url: match[1]!, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited (${code}) before listening:\n${output}`)));
  });
}

/** What one check of a client script reported. */
export interface CheckLine {
  check: string;
  ok: boolean;
  detail: string;
}

/** Runs a client script to its end; resolves with its check lines (and all it printed, for failures). */
export function runClient(command: string, args: string[], cwd: string): Promise<{ checks: Map<string, CheckLine>; output: string; code: number | null }> {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...QUIET_ENV }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      children.delete(child);
      const checks = new Map<string, CheckLine>();
      for (const line of output.split('\n')) {
        if (!line.startsWith('{"check"')) continue;
        const parsed = JSON.parse(line) as CheckLine;
        checks.set(parsed.check, parsed);
      }
      resolve({ checks, output, code });
    });
  });
}

/** Runs a command to its end and returns its exit code and output. */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...QUIET_ENV, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      children.delete(child);
      resolve({ code, output });
    });
  });
}

/** A free TCP port on 127.0.0.1 (for workerd, whose config names its port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Kills every child still running. */
export async function stopAll(): Promise<void> {
  const exits = [...children].map(
    (child) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('close', () => resolve());
        child.kill('SIGKILL');
      }),
  );
  children.clear();
  await Promise.all(exits);
}
