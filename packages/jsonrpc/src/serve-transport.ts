/**
 * `serveTransport`: serves a `Dispatcher` over any `MessageTransport` (stdio, a WebSocket, a
 * message port). Responses of the peer go to the dispatcher's `response`, requests run concurrently
 * through `IncomingRequests` (answered in any order, at most `maxInFlight` at once, the transport
 * paused beyond), the peer's cancellation notification aborts the matching request, other
 * notifications go to `notification`, invalid input is answered and reported, and when the
 * transport closes the work in progress gets `shutdownTimeoutMs` to finish before it is aborted.
 * `serveStdio` of `@mcpkit/stdio` is this function over a newline-framed stream.
 */
import { InvalidMessageError, TransportClosedError } from './errors.js';
import { IncomingRequests } from './incoming-requests.js';
import { isRequestId } from './classify.js';
import type { JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from './messages.js';
import type { Dispatcher, MessageContext, MessageTransport, PeerChannel, TransportInfo } from './transport.js';

/** Options of {@link serveTransport}. */
export interface ServeTransportOptions {
  /** Requests handled at once; beyond it the transport is paused (when it can be). Default 256. */
  maxInFlight?: number;
  /**
   * After the transport closed, how long requests in progress may take before they are aborted.
   * Default 5000 ms. Requests that said `context.untilCancelled()` (listen streams) end at once.
   */
  shutdownTimeoutMs?: number;
  /** The method of the peer's cancellation notification (params `{ requestId, reason? }`). Default `notifications/cancelled` (MCP's). */
  cancelMethod?: string;
  /** The `peer.id` of the channel; default `<transport name>-<n>`. */
  peerId?: string;
  /** What the dispatcher is told as `context.transport` (default `{ name: transport.name, multiplexed: true }`). */
  transportInfo?: TransportInfo;
  /** Problems that did not stop serving: invalid input (already answered), dispatcher failures. */
  onError?(error: Error): void;
}

/** A dispatcher being served over a transport. */
export interface ServedTransport {
  /** Resolves once serving stopped: the transport closed (or `close()`), work finished or was aborted, output flushed. */
  readonly closed: Promise<void>;
  /** The channel back to the peer (server-initiated messages); its `onClose` handlers run after `closed` settles. */
  readonly peer: PeerChannel;
  /** Requests in progress. */
  readonly inFlight: number;
  /** Lets requests in progress finish (up to `shutdownTimeoutMs`), then closes the transport. */
  close(): Promise<void>;
}

let served = 0;

/**
 * Serves `dispatcher` over `transport` and starts it.
 * @example const served = serveTransport(server, new WebSocketTransport(socket)); await served.closed;
 */
export function serveTransport(dispatcher: Dispatcher, transport: MessageTransport, options: ServeTransportOptions = {}): ServedTransport {
  return new TransportServer(dispatcher, transport, options);
}

class TransportServer implements ServedTransport {
  readonly closed: Promise<void>;
  readonly peer: PeerChannel;
  private readonly requests: IncomingRequests;
  private readonly context: MessageContext;
  private readonly closeHandlers: Array<() => void> = [];
  private readonly cancelMethod: string;
  private resolveClosed!: () => void;
  private shuttingDown: Promise<void> | undefined;

  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly transport: MessageTransport,
    private readonly options: ServeTransportOptions,
  ) {
    this.closed = new Promise<void>((resolve) => (this.resolveClosed = resolve));
    this.cancelMethod = options.cancelMethod ?? 'notifications/cancelled';
    const send = (message: JsonRpcMessage): Promise<void> => transport.send(message);
    this.peer = {
      id: options.peerId ?? `${transport.name ?? 'transport'}-${++served}`,
      send,
      onClose: (handler) => this.closeHandlers.push(handler),
    };
    const info: TransportInfo = options.transportInfo ?? { name: transport.name ?? 'transport', multiplexed: true };
    this.context = { transport: info, peer: this.peer };
    this.requests = new IncomingRequests(dispatcher, {
      send,
      transport: info,
      peer: this.peer,
      maxInFlight: options.maxInFlight,
      onFull: () => transport.pause?.(),
      onSpace: () => transport.resume?.(),
      onError: (error) => this.report(error instanceof Error ? error : new Error(String(error))),
    });
    transport.onMessage((message) => this.route(message));
    transport.onError((error) => this.invalidInput(error));
    transport.onClose(() => void this.shutDown());
    transport.start().then(undefined, (error: unknown) => {
      this.report(error instanceof Error ? error : new Error(String(error)));
      void this.shutDown();
    });
  }

  get inFlight(): number {
    return this.requests.size;
  }

  close(): Promise<void> {
    this.transport.pause?.();
    return this.shutDown();
  }

  private route(message: JsonRpcMessage): void {
    const { method, id } = message as { method?: string; id?: unknown };
    if (method === undefined) {
      this.dispatcher.response?.(message as JsonRpcResponse, this.context);
    } else if (id !== undefined) {
      this.requests.handle(message as JsonRpcRequest);
    } else if (method === this.cancelMethod) {
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
    const canSend = () => this.transport.canSend !== false;
    // A listen stream ends only when the peer cancels it, and a peer that closed the channel never will.
    this.requests.abortOpenEnded(new TransportClosedError('The peer closed the channel'));
    if (canSend()) await withTimeout(this.requests.idle(), limitMs);
    this.requests.abortAll(new TransportClosedError('The server is shutting down'));
    if (canSend() && this.transport.flush) await withTimeout(this.transport.flush(), Math.max(0, deadline - Date.now()));
    await this.transport.close().catch((error: unknown) => this.report(error instanceof Error ? error : new Error(String(error))));
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
      // An error handler that throws must not stop serving.
    }
  }
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
