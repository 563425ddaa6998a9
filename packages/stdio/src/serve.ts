import type { Readable, Writable } from 'node:stream';
import { serveTransport, type Dispatcher, type PeerChannel, type ServedTransport } from '@mcpkit/jsonrpc';
import { StreamTransport } from './stream-transport.js';

/** Options of `serveStdio`. */
export interface StdioServerOptions {
  /** Where requests come from. Default `process.stdin`. */
  stdin?: Readable;
  /** Where responses go; it carries protocol messages only. Default `process.stdout`. */
  stdout?: Writable;
  /** Longest incoming line accepted, in bytes. Default 8 MiB. */
  maxLineBytes?: number;
  /** Requests handled at once; beyond it, reading stdin pauses (backpressure on the client). Default 256. */
  maxInFlight?: number;
  /**
   * After stdin ends, how long requests in progress may take before they are aborted. Default 5000 ms.
   * Requests that said `context.untilCancelled()` (listen streams) are not waited for: they end at once.
   */
  shutdownTimeoutMs?: number;
  /**
   * Make sure the process ends once closed: it exits by itself when nothing else keeps it alive (so
   * pending stdout/stderr writes are flushed), and is forced out otherwise (after a second, or up to
   * ten while its stdout/stderr writes are still being read).
   * Default: true when serving the process's own stdin and stdout.
   */
  exitOnClose?: boolean;
  /** Problems that did not stop the server: invalid input (already answered), dispatcher failures. */
  onError?(error: Error): void;
}

/** A running stdio server. */
export interface StdioServer {
  /** Resolves once the server stopped: stdin ended (or `close()`), work finished or was aborted, output flushed. */
  readonly closed: Promise<void>;
  /** The channel back to the client for the whole process (server-initiated messages). */
  readonly peer: PeerChannel;
  /** Stops reading, lets requests in progress finish (up to `shutdownTimeoutMs`), and closes. */
  close(): Promise<void>;
}

let serverCount = 0;

/**
 * Serves a `Dispatcher` on stdin/stdout: `serveTransport` of `@mcpkit/jsonrpc` over a
 * newline-framed stream. Requests run concurrently and are answered in any order;
 * `notifications/cancelled` aborts the matching request's signal, after which nothing is written for it;
 * unparseable lines get `-32700` (id null), invalid messages `-32600`; and on stdin EOF the server
 * finishes or aborts its work and closes (exiting the process when it owns it).
 */
export function serveStdio(dispatcher: Dispatcher, options: StdioServerOptions = {}): StdioServer {
  const ownsProcess = options.stdin === undefined && options.stdout === undefined;
  const transport = new StreamTransport(options.stdin ?? process.stdin, options.stdout ?? process.stdout, {
    maxLineBytes: options.maxLineBytes,
    name: 'stdio',
  });
  const served: ServedTransport = serveTransport(dispatcher, transport, {
    maxInFlight: options.maxInFlight,
    shutdownTimeoutMs: options.shutdownTimeoutMs,
    peerId: `stdio-${process.pid}-${++serverCount}`,
    transportInfo: { name: 'stdio', multiplexed: true },
    onError: options.onError,
  });
  if (options.exitOnClose ?? ownsProcess) void served.closed.then(() => exitSoon());
  return {
    closed: served.closed,
    peer: served.peer,
    close: () => {
      transport.input.destroy();
      return served.close();
    },
  };
}

/** How often a closed server checks whether its process is still alive for no good reason. */
const EXIT_GRACE_MS = 1000;
/** The longest a closed server waits for its own stdout/stderr writes to be read. */
const MAX_FLUSH_MS = 10_000;

function exitSoon(since = Date.now()): void {
  // Unreferenced: it never keeps the process alive, it only ends a process something else keeps
  // alive. Queued stdout/stderr writes (a burst of logs) get up to MAX_FLUSH_MS to be read first.
  setTimeout(() => {
    const flushing = process.stdout.writableLength > 0 || process.stderr.writableLength > 0;
    if (flushing && Date.now() - since < MAX_FLUSH_MS) exitSoon(since);
    else process.exit();
  }, EXIT_GRACE_MS).unref();
}
