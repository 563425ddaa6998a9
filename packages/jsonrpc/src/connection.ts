import type { InvalidMessageError } from './errors.js';
import { RemoteError, TransportClosedError } from './errors.js';
import { IncomingRequests } from './incoming-requests.js';
import type { JsonObject, JsonRpcErrorObject, JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, RequestId } from './messages.js';
import type { PendingRequest } from './outgoing-request.js';
import { OutgoingRequests, type CancelInfo, type RequestOptions } from './outgoing-requests.js';
import { JsonRpcErrorCode, errorResponse } from './responses.js';
import type { CloseInfo, Dispatcher, MessageTransport, PeerChannel, SendOptions } from './transport.js';

/** How a `Connection` behaves. */
export interface ConnectionOptions {
  /** Default idle timeout of a request, in ms. Default 60 000; `0` disables it. */
  timeoutMs?: number;
  /** Default hard maximum of a request, in ms, however often it is touched. Default 600 000; `0` disables it. */
  maxTotalTimeoutMs?: number;
  /** Requests sent and awaiting a response at once. Default 256. */
  maxInFlight?: number;
  /** Beyond `maxInFlight`: `queue` (default; sent in order as slots free up) or `reject` with `InFlightLimitError`. */
  whenFull?: 'queue' | 'reject';
  /** Answers requests the peer sends us. Without one they get `-32601`. */
  dispatcher?: Dispatcher;
  /**
   * Returns the message that tells the peer a sent request was abandoned (cancelled or timed out), or
   * nothing. JSON-RPC has no such message, so the protocol layer supplies it.
   */
  onCancel?(info: CancelInfo): JsonRpcNotification | undefined;
  /** Problems that did not end the connection: invalid incoming messages, an error with `id: null`, a throwing handler. */
  onError?(error: Error): void;
}

let connectionCount = 0;

/**
 * The client side of JSON-RPC over any `MessageTransport`: allocates integer ids, correlates responses,
 * enforces timeouts and the in-flight limit, cancels through `AbortSignal`, drops late responses,
 * and can answer the peer's own requests with a `Dispatcher`.
 */
export class Connection {
  private readonly outgoing: OutgoingRequests;
  private readonly incoming: IncomingRequests | undefined;
  private closedError: TransportClosedError | undefined;
  private notificationHandler: ((notification: JsonRpcNotification) => void) | undefined;
  private closeHandlers: Array<(error: TransportClosedError) => void> = [];

  constructor(
    private readonly transport: MessageTransport,
    private readonly options: ConnectionOptions = {},
  ) {
    this.outgoing = new OutgoingRequests(transport, {
      timeoutMs: options.timeoutMs,
      maxTotalTimeoutMs: options.maxTotalTimeoutMs,
      maxInFlight: options.maxInFlight,
      whenFull: options.whenFull,
      onCancel: options.onCancel,
      onError: (error) => this.report(error),
    });
    if (options.dispatcher !== undefined) {
      const send = (message: JsonRpcMessage): Promise<void> => this.transport.send(message);
      const peer: PeerChannel = {
        id: `connection-${++connectionCount}`,
        send,
        onClose: (handler) => this.onClose(() => handler()),
      };
      this.incoming = new IncomingRequests(options.dispatcher, {
        send,
        transport: { name: transport.name ?? 'unknown' },
        peer,
        onError: (error) => this.report(error),
      });
    }
    transport.onMessage((message) => this.receive(message));
    transport.onError((error) => this.receiveError(error));
    transport.onClose((info) => this.transportClosed(info));
  }

  /** Requests sent and not yet answered. */
  get inFlight(): number {
    return this.outgoing.inFlight;
  }

  /** Requests waiting for a free slot (`whenFull: 'queue'`). */
  get queued(): number {
    return this.outgoing.queued;
  }

  /** True once the connection or its transport closed; every request then rejects with `TransportClosedError`. */
  get closed(): boolean {
    return this.closedError !== undefined;
  }

  /** Starts the transport. */
  start(): Promise<void> {
    return this.transport.start();
  }

  /** Sends a request and resolves with its result. */
  request<R = JsonObject>(method: string, params?: JsonObject, options?: RequestOptions): Promise<R> {
    return this.begin<R>(method, params, options).result;
  }

  /** Sends a request and returns its handle: the id, `touch()` (progress) and `cancel()`, and `result`. */
  begin<R = JsonObject>(method: string, params?: JsonObject, options?: RequestOptions): PendingRequest<R> {
    return this.outgoing.begin<R>(method, params, options);
  }

  /** Sends a notification. Rejects with `TransportClosedError` once closed. */
  notify(method: string, params?: JsonObject, options?: SendOptions): Promise<void> {
    if (this.closedError !== undefined) return Promise.reject(this.closedError);
    const message: JsonRpcNotification = params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
    return this.transport.send(message, options);
  }

  /** Registers the handler of incoming notifications (one handler; a later call replaces it). */
  onNotification(handler: (notification: JsonRpcNotification) => void): void {
    this.notificationHandler = handler;
  }

  /** Registers a handler called once when the connection closes, with the error pending requests got. */
  onClose(handler: (error: TransportClosedError) => void): void {
    if (this.closedError !== undefined) handler(this.closedError);
    else this.closeHandlers.push(handler);
  }

  /** Aborts a request the *peer* sent us (when the protocol layer receives its cancellation). */
  cancelIncoming(id: RequestId, reason?: unknown): boolean {
    return this.incoming?.cancel(id, reason) ?? false;
  }

  /** Fails everything pending with `TransportClosedError` and closes the transport. */
  async close(): Promise<void> {
    this.shutDown(new TransportClosedError('Connection closed'));
    await this.transport.close();
  }

  private receive(message: JsonRpcMessage): void {
    const { method, id } = message as { method?: string; id?: RequestId | null };
    if (method === undefined) {
      if (id != null) this.outgoing.settle(message as JsonRpcResponse);
      // An error with id null: the peer could not read one of our messages. Nothing to correlate.
      else this.report(new RemoteError((message as { error: JsonRpcErrorObject }).error, null));
    } else if (id === undefined) {
      try {
        this.notificationHandler?.(message as JsonRpcNotification);
      } catch (error) {
        this.report(error);
      }
    } else if (this.incoming !== undefined) {
      this.incoming.handle(message as JsonRpcRequest);
    } else {
      const reply = errorResponse(id as RequestId, JsonRpcErrorCode.MethodNotFound, `Method not found: ${method}`);
      this.transport.send(reply).then(undefined, ignore);
    }
  }

  private receiveError(error: Error): void {
    const broken = error as Partial<InvalidMessageError>;
    // A response we cannot use fails its request now instead of leaving it to time out.
    if (broken.reply === undefined && broken.id != null) this.outgoing.failOne(broken.id, error);
    this.report(error);
  }

  private transportClosed(info: CloseInfo): void {
    this.shutDown(info.error instanceof TransportClosedError ? info.error : new TransportClosedError(info.reason ?? 'Transport closed', { cause: info.error }));
  }

  private shutDown(error: TransportClosedError): void {
    if (this.closedError !== undefined) return;
    this.closedError = error;
    this.outgoing.failAll(error);
    this.incoming?.abortAll(error);
    const handlers = this.closeHandlers;
    this.closeHandlers = [];
    for (const handler of handlers) {
      try {
        handler(error);
      } catch (handlerError) {
        this.report(handlerError);
      }
    }
  }

  private report(error: unknown): void {
    try {
      this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // A throwing error handler must not break message handling.
    }
  }
}

function ignore(): void {}

export type { PendingRequest };
