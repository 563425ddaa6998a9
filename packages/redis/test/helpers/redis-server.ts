import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real `redis-server` on 127.0.0.1 that a test started and must stop. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops it (SIGTERM: it saves its data first when started with `persist`). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same data directory. */
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open, nothing is answered. */
  pause(): void;
  /** Unfreezes it (SIGCONT). */
  resume(): void;
  /** Stops it for good and removes its data directory. */
  dispose(): Promise<void>;
}

const INSTALL = 'redis-server is not installed. Install it with: apt-get install -y redis-server (Debian package, 7.0 or later)';

/** The redis-server binary, or a clear failure saying how to install it (the tests never skip silently). */
export function redisServerBinary(): string {
  for (const candidate of [process.env.REDIS_SERVER_BIN, 'redis-server', '/usr/bin/redis-server', '/usr/local/bin/redis-server']) {
    if (!candidate) continue;
    const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (probe.status === 0 && /Redis server v=(\d+)/.test(probe.stdout)) {
      const major = Number(/v=(\d+)/.exec(probe.stdout)![1]);
      if (major < 7) throw new Error(`${candidate} is Redis ${major}; these tests need 7.0 or later. ${INSTALL}`);
      return candidate;
    }
  }
  throw new Error(INSTALL);
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
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

/** Resolves once something answers `PING` with `+PONG` on the port. */
async function answersPing(port: number, attempts = 200): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      const done = (value: boolean) => {
        socket.destroy();
        resolve(value);
      };
      socket.setTimeout(500, () => done(false));
      socket.once('error', () => done(false));
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`redis-server on port ${port} did not answer PING`);
}

/**
 * Starts `redis-server` on a random port of 127.0.0.1, with its own temporary directory. With
 * `persist`, it writes its data on shutdown and reads it on start (an RDB file), like a server
 * configured to keep data across restarts.
 */
export async function startRedisServer(options: { persist?: boolean } = {}): Promise<RedisServer> {
  const binary = redisServerBinary();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'no', '--save', options.persist ? '3600 1' : '', '--logfile', ''];
  let child: ChildProcess | undefined;
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  const start = async () => {
    child = spawn(binary, args, { stdio: 'ignore' });
    await answersPing(port);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGCONT');
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    dispose: async () => {
      await stop();
      process.off('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
