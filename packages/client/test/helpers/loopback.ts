import {
  IncomingRequests,
  TransportError,
  type CloseInfo,
  type Dispatcher,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type MessageTransport,
  type RequestId,
  type SendOptions,
} from '@mcpkit/jsonrpc';

/**
 * An in-process transport that serves a `Dispatcher`, with the two cancellation styles of the real
 * ones: `stream` (stdio-like: the server learns of a cancellation from `notifications/cancelled`) and
 * `exchange` (HTTP-like: aborting the send signal ends the exchange, and with it the request).
 * Every message crosses a JSON round trip, like a wire. Requests are served by the same
 * `IncomingRequests` the real server side uses.
 */
export class LoopbackTransport implements MessageTransport {
  readonly name = 'loopback';
  /** Everything the client sent, as it crossed the wire. */
  readonly sent: JsonRpcMessage[] = [];
  /** The extra headers sent with each request, by id (exchange transports only). */
  readonly headers = new Map<RequestId, Record<string, string>>();
  /** Ids the server side saw cancelled (by `notifications/cancelled` or an aborted exchange). */
  readonly cancelled: RequestId[] = [];
  private readonly incoming: IncomingRequests;
  private readonly exchanges = new Map<RequestId, { resolve: () => void; reject: (e: Error) => void }>();
  private onMessageHandler: (message: JsonRpcMessage) => void = () => {};
  private onCloseHandler: (info: CloseInfo) => void = () => {};
  private closed = false;

  constructor(
    dispatcher: Dispatcher,
    readonly kind: 'stream' | 'exchange' = 'stream',
  ) {
    this.incoming = new IncomingRequests(dispatcher, {
      send: async (message) => this.toClient(message),
      transport: { name: 'loopback' },
    });
  }

  onMessage(handler: (message: JsonRpcMessage) => void): void {
    this.onMessageHandler = handler;
  }
  onError(): void {}
  onClose(handler: (info: CloseInfo) => void): void {
    this.onCloseHandler = handler;
  }
  async start(): Promise<void> {}

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.incoming.abortAll('client closed');
    this.onCloseHandler({ reason: 'closed' });
  }

  /** Ends the channel from the server side, as a crashed process would. */
  crash(): void {
    this.closed = true;
    this.incoming.abortAll('crash');
    this.onCloseHandler({ reason: 'the server went away' });
  }

  /** Breaks one exchange (HTTP only): the server sees a cancellation, the client's send fails. */
  drop(id: RequestId): void {
    this.incoming.cancel(id, 'dropped');
    this.cancelled.push(id);
    const exchange = this.exchanges.get(id);
    this.exchanges.delete(id);
    exchange?.reject(new TransportError(`The response stream of request ${JSON.stringify(id)} ended without a response`));
  }

  send(message: JsonRpcMessage, options?: SendOptions): Promise<void> {
    if (this.closed) return Promise.reject(new TransportError('closed'));
    const copy = JSON.parse(JSON.stringify(message)) as JsonRpcMessage;
    this.sent.push(copy);
    const { id, method } = copy as { id?: RequestId; method?: string };
    if (method === undefined) return Promise.resolve();
    if (id === undefined) {
      if (method === 'notifications/cancelled') {
        const requestId = (copy as unknown as { params: { requestId: RequestId } }).params.requestId;
        this.cancelled.push(requestId);
        this.incoming.cancel(requestId, 'cancelled by the client');
      }
      return Promise.resolve();
    }
    if (options?.headers !== undefined) this.headers.set(id, options.headers);
    if (this.kind === 'stream') {
      this.incoming.handle(copy as JsonRpcRequest);
      return Promise.resolve();
    }
    // An exchange lasts until its response arrives or it is aborted or dropped.
    return new Promise<void>((resolve, reject) => {
      this.exchanges.set(id, { resolve, reject });
      options?.signal?.addEventListener(
        'abort',
        () => {
          if (!this.exchanges.delete(id)) return;
          this.cancelled.push(id);
          this.incoming.cancel(id, 'exchange aborted');
          resolve();
        },
        { once: true },
      );
      this.incoming.handle(copy as JsonRpcRequest);
    });
  }

  /** Ids of requests the server is still working on. */
  get inProgress(): number {
    return this.incoming.size;
  }

  /** Requests the client sent with this method, in order. */
  requests(method?: string): JsonRpcRequest[] {
    return this.sent.filter((m): m is JsonRpcRequest => 'id' in m && 'method' in m && (method === undefined || m.method === method));
  }

  private toClient(message: JsonRpcMessage): void {
    if (this.closed) return;
    const copy = JSON.parse(JSON.stringify(message)) as JsonRpcMessage;
    queueMicrotask(() => {
      if (this.closed) return;
      this.onMessageHandler(copy);
      const id = (copy as { id?: RequestId }).id;
      if ('method' in copy || id === undefined || id === null) return;
      const exchange = this.exchanges.get(id);
      this.exchanges.delete(id);
      exchange?.resolve();
    });
  }
}
