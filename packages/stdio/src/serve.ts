import type { Readable, Writable } from 'node:stream';
import {
  IncomingRequests,
  InvalidMessageError,
  TransportClosedError,
  isRequestId,
  type Dispatcher,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type MessageContext,
  type PeerChannel,
  type TransportInfo,
} from '@mcpkit/jsonrpc';
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

/** The only MCP method the stdio binding knows: the client's cancellation of a request. */
const CANCELLED = 'notifications/cancelled';
let serverCount = 0;

/**
 * Serves a `Dispatcher` on stdin/stdout: requests run concurrently and are answered in any order;
 * `notifications/cancelled` aborts the matching request's signal, after which nothing is written for it;
 * unparseable lines get `-32700` (id null), invalid messages `-32600`; and on stdin EOF the server
 * finishes or aborts its work and closes (exiting the process when it owns it).
 */
export function serveStdio(dispatcher: Dispatcher, options: StdioServerOptions = {}): StdioServer {
  return new StdioServerSession(dispatcher, options);
}

class StdioServerSession implements StdioServer {
  readonly closed: Promise<void>;
  readonly peer: PeerChannel;
  private readonly transport: StreamTransport;
  private readonly requests: IncomingRequests;
  private readonly context: MessageContext;
  private readonly closeHandlers: Array<() => void> = [];
  private resolveClosed!: () => void;
  private shuttingDown: Promise<void> | undefined;

  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly options: StdioServerOptions,
  ) {
    const ownsProcess = options.stdin === undefined && options.stdout === undefined;
    const exitOnClose = options.exitOnClose ?? ownsProcess;
    this.closed = new Promise<void>((resolve) => (this.resolveClosed = resolve));
    if (exitOnClose) void this.closed.then(() => exitSoon());
    const transport = new StreamTransport(options.stdin ?? process.stdin, options.stdout ?? process.stdout, {
      maxLineBytes: options.maxLineBytes,
      name: 'stdio',
    });
    this.transport = transport;
    const send = (message: JsonRpcMessage): Promise<void> => transport.send(message);
    this.peer = {
      id: `stdio-${process.pid}-${++serverCount}`,
      send,
      onClose: (handler) => this.closeHandlers.push(handler),
    };
    const info: TransportInfo = { name: 'stdio' };
    this.context = { transport: info, peer: this.peer };
    this.requests = new IncomingRequests(dispatcher, {
      send,
      transport: info,
      peer: this.peer,
      maxInFlight: options.maxInFlight,
      onFull: () => transport.pause(),
      onSpace: () => transport.resume(),
      onError: (error) => this.report(error instanceof Error ? error : new Error(String(error))),
    });
    transport.onMessage((message) => this.route(message));
    transport.onError((error) => this.invalidInput(error));
    transport.onClose(() => void this.shutDown());
    void transport.start();
  }

  close(): Promise<void> {
    this.transport.pause();
    this.transport.input.destroy();
    return this.shutDown();
  }

  private route(message: JsonRpcMessage): void {
    const { method, id } = message as { method?: string; id?: unknown };
    if (method === undefined) {
      this.dispatcher.response?.(message as JsonRpcResponse, this.context);
    } else if (id !== undefined) {
      this.requests.handle(message as JsonRpcRequest);
    } else if (method === CANCELLED) {
      // spec: 2026-07-28/pages/basic/patterns/cancellation.mdx (unknown or malformed cancellations are ignored)
      const { requestId, reason } = (message as JsonRpcNotification).params ?? {};
      if (isRequestId(requestId)) this.requests.cancel(requestId, reason ?? 'cancelled by the client');
    } else {
      this.dispatcher.notification?.(message as JsonRpcNotification, this.context);
    }
  }

  private invalidInput(error: Error): void {
    if (error instanceof InvalidMessageError && error.reply !== undefined) {
      this.transport.send(error.reply).then(undefined, ignore);
    }
    this.report(error);
  }

  private shutDown(): Promise<void> {
    return (this.shuttingDown ??= this.drain());
  }

  private async drain(): Promise<void> {
    const limitMs = this.options.shutdownTimeoutMs ?? 5000;
    const deadline = Date.now() + limitMs;
    // A listen stream ends only when the client cancels it, and a client that closed stdin never will.
    this.requests.abortOpenEnded(new TransportClosedError('The client closed stdin'));
    if (this.transport.canSend) await withTimeout(this.requests.idle(), limitMs);
    this.requests.abortAll(new TransportClosedError('The stdio server is shutting down'));
    if (this.transport.canSend) await withTimeout(this.transport.flush(), Math.max(0, deadline - Date.now()));
    await this.transport.close();
    this.resolveClosed();
    for (const handler of this.closeHandlers.splice(0)) {
      try {
        handler();
      } catch (error) {
        this.report(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  private report(error: Error): void {
    try {
      this.options.onError?.(error);
    } catch {
      // An error handler that throws must not stop the server.
    }
  }
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

/** Waits for `promise`, at most `ms`; never leaves a timer behind. */
async function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

function ignore(): void {}
