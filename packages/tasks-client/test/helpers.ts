import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InputHandlers } from '@mcpkit/client';
import { StdioClientTransport } from '@mcpkit/stdio';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** examples/everything over stdio, and over HTTP (this package's fixture). */
export const EVERYTHING_STDIO = join(dirname(require.resolve('@mcpkit/example-everything/package.json')), 'stdio.mjs');
export const EVERYTHING_HTTP = join(here, 'fixtures', 'everything-http.mjs');

/** A server process serving HTTP on 127.0.0.1. */
export interface HttpServerProcess {
  readonly endpoint: string;
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
      const newline = buffered.indexOf('\n');
      if (newline >= 0) resolve((JSON.parse(buffered.slice(0, newline)) as { endpoint: string }).endpoint);
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

/** A stdio transport to examples/everything. */
export function everythingStdio(): StdioClientTransport {
  return new StdioClientTransport({ command: process.execPath, args: [EVERYTHING_STDIO], stderr: 'ignore' });
}

/** Handlers that accept every form: `confirm: true` and a name. */
export const acceptAll: InputHandlers = {
  elicitation: { form: async () => ({ action: 'accept', content: { confirm: true, name: 'Ada' } }) },
};
