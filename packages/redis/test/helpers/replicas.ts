import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPLICA = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'replica.mjs');

/** A replica of examples/everything running in its own process. */
export interface Replica {
  readonly endpoint: string;
  readonly pid: number;
  /** Lines it wrote to stderr (Redis outages, internal errors). */
  readonly log: string[];
  /** Kills it at once (SIGKILL): no goodbye, like a crashed machine. */
  kill(): Promise<void>;
  /** Stops it gracefully (closes stdin; SIGKILL after 5 s). */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts one replica with `env` (REDIS_URL, MCPKIT_STATE_KEYS...) and waits until it serves. */
export async function startReplica(env: Record<string, string>): Promise<Replica> {
  const child = spawn(process.execPath, [REPLICA], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const log: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => log.push(...chunk.split('\n').filter(Boolean)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const ready = await new Promise<{ endpoint: string; pid: number }>((resolve, reject) => {
    let buffered = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const newline = buffered.indexOf('\n');
      if (newline >= 0) resolve(JSON.parse(buffered.slice(0, newline)) as { endpoint: string; pid: number });
    });
    child.once('exit', (code) => reject(new Error(`replica exited with ${code} before serving:\n${log.join('\n')}`)));
  });
  const done = async () => {
    await exited(child);
    process.off('exit', killOnExit);
  };
  return {
    ...ready,
    log,
    kill: async () => {
      child.kill('SIGKILL');
      await done();
    },
    stop: async () => {
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await done();
      clearTimeout(timer);
    },
  };
}

/** Starts `count` replicas sharing `env`. */
export function startReplicas(count: number, env: Record<string, string>): Promise<Replica[]> {
  return Promise.all(Array.from({ length: count }, () => startReplica(env)));
}
