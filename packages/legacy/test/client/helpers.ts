import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WireEvent } from '@mcpkit/client';
import type { StdioClientOptions } from '@mcpkit/stdio';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The servers the client tests start, each in its own process. */
export const SERVERS = {
  /** A minimal legacy stdio server answering the probe in a chosen way (see the file). */
  legacyStdio: join(here, 'fixtures', 'legacy-stdio-server.mjs'),
  /** A legacy server built with the official SDK v1 (stdio, or HTTP with `--http`). */
  sdkV1: join(here, 'fixtures', 'sdk-v1-server.mjs'),
  /** A 2024-11-05 HTTP+SSE server built on the official SDK v1's `SSEServerTransport` (prints its `/sse` URL). */
  sdkV1Sse: join(here, 'fixtures', 'sdk-v1-sse-server.mjs'),
  /** examples/everything made dual-era with this package's built `dualEra` (`stdio` | `http`, `--legacy-only`). */
  dualEverything: join(here, 'fixtures', 'dual-everything.mjs'),
  /** examples/everything (modern) over stdio. */
  everythingStdio: join(dirname(require.resolve('@mcpkit/example-everything/package.json')), 'stdio.mjs'),
} as const;

/** Spawn options for `node script ...args`. */
export function node(script: string, args: string[] = [], env?: NodeJS.ProcessEnv): StdioClientOptions {
  return { command: process.execPath, args: [script, ...args], stderr: 'pipe', env: env === undefined ? undefined : { ...process.env, ...env } };
}

/** Records the wire as the client's trace hook sees it. */
export function recorder(): { trace: (event: WireEvent) => void; events: WireEvent[]; sent: () => string[] } {
  const events: WireEvent[] = [];
  return {
    events,
    trace: (event) => events.push(event),
    /** The methods sent, in order (`response` for our answers to the server). */
    sent: () => events.filter((e) => e.direction === 'send').map((e) => ('method' in e.message ? e.message.method : 'response')),
  };
}

/** A temporary file path, removed with `cleanup()`. */
export function tempFile(name: string): { path: string; read: () => string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-legacy-'));
  const path = join(dir, name);
  return {
    path,
    read: () => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return '';
      }
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The text of the first content block of a tool result. */
export function text(result: { content: Array<{ type: string; text?: string }> }): string {
  const block = result.content[0];
  if (block === undefined || block.type !== 'text') throw new Error(`expected a text block, got ${JSON.stringify(block)}`);
  return block.text as string;
}

/** The `params._meta` of every message sent with `method`, in order. */
export function sentMeta(events: WireEvent[], method: string): Array<Record<string, unknown>> {
  return events
    .filter((e) => e.direction === 'send' && 'method' in e.message && e.message.method === method)
    .map((e) => (e.message as unknown as { params?: { _meta?: Record<string, unknown> } }).params?._meta ?? {});
}

/** A server process serving HTTP on 127.0.0.1. */
export interface HttpServerProcess {
  readonly endpoint: string;
  /** Ends the process: closes its stdin, then kills it if it lingers. */
  stop(): Promise<void>;
}

/** Starts `node script ...args` and waits for the `{"endpoint": ...}` line it prints. */
export async function startHttpServer(script: string, args: string[] = []): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      buffered += chunk;
      const line = buffered.split('\n')[0];
      if (buffered.includes('\n') && line !== undefined) resolve((JSON.parse(line) as { endpoint: string }).endpoint);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before printing its endpoint`)));
    child.once('error', reject);
  });
  return {
    endpoint,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A free port on 127.0.0.1 (for servers that take a port rather than choosing one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The reference server `@modelcontextprotocol/server-everything` in its `sse` mode (GET /sse, POST /message). */
export async function startServerEverythingSse(): Promise<HttpServerProcess> {
  const port = await freePort();
  const script = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
  const child = spawn(process.execPath, [script, 'sse'], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, PORT: String(port) } });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      seen += chunk;
      if (seen.includes('Server is running on port')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited with ${code}: ${seen}`)));
    child.once('error', reject);
  });
  child.stderr!.resume();
  return { endpoint: `http://127.0.0.1:${port}/sse`, stop: () => killChild(child) };
}

/** SIGTERM, then SIGKILL if it lingers; resolves once it exited. */
async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}
