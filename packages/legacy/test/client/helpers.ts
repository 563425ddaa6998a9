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
    .map((e) => ((e.message as unknown as { params?: { _meta?: Record<string, unknown> } }).params?._meta ?? {}));
}
