/**
 * @modelcontextprotocol/server-everything in one of its HTTP modes, on a free port, as a child
 * process. It takes its port from PORT and logs the number it was given (not the one bound), so
 * the test picks a free port first (listen on 0, close) and hands it over. Between the close and
 * server-everything's own listen another test may take that port: server-everything then exits 1
 * with "already in use", and this starts it again on a new port instead of failing the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The line each mode logs on stderr once it listens. */
const READY: Record<'streamableHttp' | 'sse', string> = {
  streamableHttp: 'listening on port',
  sse: 'Server is running on port',
};

/** How many ports to try before giving up (each lost only to a race with another test). */
const ATTEMPTS = 5;

export interface ServerEverything {
  readonly port: number;
  readonly child: ChildProcess;
  /** Everything it wrote on stderr so far (its failures, for a test's message). */
  stderr(): string;
  /** SIGKILL, resolved once it exited. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

type Attempt = { ok: true; peer: ServerEverything } | { ok: false; inUse: boolean; message: string };

function attempt(mode: 'streamableHttp' | 'sse', port: number, waitMs: number): Promise<Attempt> {
  const script = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
  const child = spawn(process.execPath, [script, mode], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, PORT: String(port) } });
  let seen = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const peer: ServerEverything = {
    port,
    child,
    stderr: () => seen,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  return new Promise((resolve) => {
    // A bound on the wait, so that a server that neither listens nor exits fails naming this step.
    const timer = setTimeout(() => {
      void peer.stop();
      resolve({
        ok: false,
        inUse: false,
        message: `server-everything (${mode}, port ${port}) neither listened nor exited within ${waitMs} ms; its stderr:\n${seen}`,
      });
    }, waitMs);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      if (seen.includes(READY[mode])) {
        clearTimeout(timer);
        resolve({ ok: true, peer });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({
        ok: false,
        inUse: /already in use|EADDRINUSE/.test(seen),
        message: `server-everything (${mode}, port ${port}) exited (${code ?? signal}) before listening; its stderr:\n${seen}`,
      });
    });
  });
}

/** Starts server-everything in `mode` on a free port of this machine; `waitMs` bounds each start. */
export async function startServerEverything(mode: 'streamableHttp' | 'sse', waitMs: number): Promise<ServerEverything> {
  let last = '';
  for (let i = 0; i < ATTEMPTS; i++) {
    const result = await attempt(mode, await freePort(), waitMs);
    if (result.ok) return result.peer;
    last = result.message;
    if (!result.inUse) break;
  }
  throw new Error(last);
}
