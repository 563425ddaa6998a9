import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpClientTransport } from '@mcpkit/http';
import type { MessageTransport } from '@mcpkit/jsonrpc';
import { StdioClientTransport } from '@mcpkit/stdio';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The servers the end-to-end tests run, each in its own process. */
export const SERVERS = {
  /** examples/everything over stdio. */
  everythingStdio: join(dirname(require.resolve('@mcpkit/example-everything/package.json')), 'stdio.mjs'),
  /** examples/everything over HTTP (prints its endpoint). */
  everythingHttp: join(here, 'everything-http.mjs'),
  /** 1,000 tools, a cancellable `slow` tool and `cancellations` (stdio or http). */
  fixture: join(here, 'fixture-server.mjs'),
} as const;

/** A server process serving HTTP on 127.0.0.1. */
export interface HttpServerProcess {
  readonly endpoint: string;
  /** Ends the process: closes its stdin, then kills it if it lingers. */
  stop(): Promise<void>;
}

/** Starts `node script ...args` and waits for the `{"endpoint": ...}` line it prints. */
export async function startHttpServer(script: string, args: string[] = []): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'ignore'] });
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
  return { endpoint, stop: () => stop(child) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin?.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}

/** A stdio transport that spawns `node script ...args`. */
export function stdioTransport(script: string, args: string[] = []): StdioClientTransport {
  return new StdioClientTransport({ command: process.execPath, args: [script, ...args], stderr: 'ignore' });
}

/** An HTTP transport to `endpoint`. */
export function httpTransport(endpoint: string): MessageTransport {
  return new HttpClientTransport(endpoint);
}

/**
 * Retries `check` until it passes (for effects in another process): however long a loaded machine
 * takes, only the test's timeout ends the wait.
 */
export async function eventually(check: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      await check();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
