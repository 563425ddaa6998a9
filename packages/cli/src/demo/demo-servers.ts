import { fileURLToPath } from 'node:url';
import { HttpClientTransport } from '@mcpkit/http';
import type { MessageTransport, RequestId } from '@mcpkit/jsonrpc';
import { generateStateKey } from '@mcpkit/server/state';
import { StdioClientTransport } from '@mcpkit/stdio';
import { startHttpExample, type ServedEra } from '../serve/example-server.js';
import { parseMemoryLine, type MemorySnapshot } from '../serve/memory-report.js';
import { RecordingSessionStore } from './recording-store.js';
import type { WireLog } from './wire-log.js';

/**
 * The servers the demo talks to: examples/everything, served by `mcpkit serve-example` as a child
 * process over stdio, or in this process over HTTP on 127.0.0.1. Each can say what it remembers
 * between requests: the child reports it on stderr after each request; the HTTP server's session
 * store is read directly.
 */

/** One legacy session as the server holds it. */
export interface SessionView {
  readonly id: string;
  readonly protocolVersion: string;
  readonly clientInfo: Readonly<Record<string, unknown>>;
  /** Present when the server stores them with the session (HTTP). */
  readonly clientCapabilities?: Readonly<Record<string, unknown>>;
}

/** A server of one scenario. */
export interface DemoServer {
  /** How it was started, for the transcript. */
  readonly label: string;
  /** A fresh client transport to it; HTTP exchanges are reported to `log`. */
  transport(log: WireLog): MessageTransport;
  /** The sessions it holds after the request `after` was answered (stdio waits for its report). */
  sessions(after?: RequestId): Promise<readonly SessionView[]>;
  /** How the last stdio process ended (after it was closed). */
  readonly lastExit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  close(): Promise<void>;
}

/** The built `mcpkit` entry point, next to this module in dist/. */
function binPath(): string {
  return fileURLToPath(new URL('./bin.js', import.meta.url));
}

/** Starts `mcpkit serve-example --transport stdio --era ERA --report-memory` once per `transport()`. */
export function stdioServer(era: ServedEra): DemoServer {
  const args = [binPath(), 'serve-example', '--transport', 'stdio', '--era', era, '--report-memory'];
  const reports: MemorySnapshot[] = [];
  const waiters = new Set<() => void>();
  let pending = '';
  let last: StdioClientTransport | undefined;
  const feed = (text: string): void => {
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const snapshot = parseMemoryLine(line);
      if (snapshot !== undefined) reports.push(snapshot);
    }
    for (const wake of waiters) wake();
  };
  return {
    label: `mcpkit serve-example --transport stdio --era ${era} --report-memory (a child process)`,
    transport() {
      last = new StdioClientTransport({ command: process.execPath, args, stderr: feed, shutdownGraceMs: 2000, killGraceMs: 1000 });
      return last;
    },
    async sessions(after) {
      const find = () => [...reports].reverse().find((r) => after === undefined || r.after === after);
      const deadline = Date.now() + 15_000;
      for (let found = find(); ; found = find()) {
        if (found !== undefined) {
          // Capabilities show when the server's session announcement carries them.
          return found.sessions.map((s) => ({ ...s, clientCapabilities: (s as { clientCapabilities?: Record<string, unknown> }).clientCapabilities }));
        }
        if (Date.now() > deadline) throw new Error(`the server reported no memory after request ${JSON.stringify(after)}`);
        await new Promise<void>((resolve) => {
          const wake = (): void => (waiters.delete(wake), clearTimeout(timer), resolve());
          const timer = setTimeout(wake, 200);
          waiters.add(wake);
        });
      }
    },
    get lastExit() {
      const exit = last?.exit;
      return exit && { code: exit.code, signal: exit.signal };
    },
    async close() {
      await last?.close();
    },
  };
}

/** Serves the example in this process over HTTP on 127.0.0.1 (a free port), its sessions in a store the demo can read. */
export async function httpServer(era: ServedEra): Promise<DemoServer & { readonly endpoint: string }> {
  const store = new RecordingSessionStore();
  // A key of its own, so the in-process server does not warn about sealing with a random one.
  const server = { state: { keys: generateStateKey('demo') } };
  const example = await startHttpExample({ era, host: '127.0.0.1', port: 0, sessions: era === 'modern' ? undefined : store, server });
  return {
    label: `examples/everything, ${era === 'dual' ? 'both eras' : `${era} only`}, at ${example.endpoint} (in this process)`,
    endpoint: example.endpoint,
    transport: (log) => new HttpClientTransport(example.endpoint, { onExchange: log.exchange }),
    async sessions() {
      return (await store.sessions()).map((s) => ({
        id: s.id,
        protocolVersion: s.protocolVersion,
        clientInfo: s.clientInfo,
        clientCapabilities: s.clientCapabilities,
      }));
    },
    lastExit: undefined,
    close: () => example.close(),
  };
}
