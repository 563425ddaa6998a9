import type { JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, RequestId } from './messages.js';
import { JsonRpcErrorCode, errorResponse, toErrorResponse } from './responses.js';
import type { DispatchContext, Dispatcher, PeerChannel, TransportInfo } from './transport.js';

/** How `IncomingRequests` reaches the peer and reports trouble. */
export interface IncomingRequestsOptions {
  /** Sends one message to the peer (a response, or a notification of a request in progress). */
  send(message: JsonRpcMessage): Promise<void>;
  /** Given to the dispatcher as `context.transport`. */
  transport: TransportInfo;
  /** Given to the dispatcher as `context.peer`. */
  peer?: PeerChannel;
  /** Requests handled at once before `onFull` is called (a transport pauses its input then). Default 256. */
  maxInFlight?: number;
  /** Called when `maxInFlight` requests are in progress: stop reading input. */
  onFull?(): void;
  /** Called when a slot frees up again after `onFull`: resume reading input. */
  onSpace?(): void;
  /** Called when a dispatcher broke its contract (threw or rejected); the peer got `-32603`. */
  onError?(error: unknown, request: JsonRpcRequest): void;
}

const ACTIVE = 0;
const ANSWERED = 1;
const ABORTED = 2;
const RESOLVED: Promise<void> = Promise.resolve();

/** One request the peer sent us; it is the `DispatchContext` its dispatcher sees. */
class IncomingRequest implements DispatchContext {
  state = ACTIVE;
  /** Set by `untilCancelled()`: a stream, not work that finishes. */
  openEnded = false;
  private controller: AbortController | undefined;
  private abortReason: unknown;
  private boundNotify: ((notification: JsonRpcNotification) => Promise<void>) | undefined;

  constructor(
    readonly id: RequestId,
    private readonly host: IncomingRequests,
    readonly transport: TransportInfo,
    readonly peer: PeerChannel | undefined,
  ) {}

  /** Created on first use: most requests finish without anyone looking at their signal. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.state === ABORTED) this.controller.abort(this.abortReason);
    }
    return this.controller.signal;
  }

  /** Whether the request was cancelled, without creating its signal. */
  get aborted(): boolean {
    return this.state === ABORTED;
  }

  /** Bound on first use, so `const { notify } = context` works too. */
  get notify(): (notification: JsonRpcNotification) => Promise<void> {
    return (this.boundNotify ??= (notification) => this.sendNotification(notification));
  }

  private sendNotification(notification: JsonRpcNotification): Promise<void> {
    if (this.state !== ACTIVE) return RESOLVED;
    return this.host.sendQuietly(notification);
  }

  untilCancelled(): void {
    this.openEnded = true;
  }

  abort(reason: unknown): void {
    if (this.state === ABORTED) return;
    this.state = ABORTED;
    this.abortReason = reason;
    this.controller?.abort(reason);
  }
}

/**
 * The requests a peer sent us that we are still answering: runs each through a `Dispatcher` at once
 * (a slow request never holds up the next), sends its response unless it was cancelled, aborts its
 * signal on `cancel(id)`, and drops whatever a cancelled request produces afterwards.
 * Shared by every transport's server side and by `Connection` (requests from the peer).
 */
export class IncomingRequests {
  private readonly entries = new Map<RequestId, IncomingRequest>();
  private readonly maxInFlight: number;
  private full = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly options: IncomingRequestsOptions,
  ) {
    this.maxInFlight = options.maxInFlight ?? 256;
  }

  /** Requests in progress (cancelled ones no longer count). */
  get size(): number {
    return this.entries.size;
  }

  /** Starts answering `request`. A repeated id of a request still in progress is answered with `-32600`. */
  handle(request: JsonRpcRequest): void {
    const id = request.id;
    if (this.entries.has(id)) {
      void this.sendQuietly(errorResponse(id, JsonRpcErrorCode.InvalidRequest, `Invalid Request: id ${JSON.stringify(id)} is already in use`));
      return;
    }
    const entry = new IncomingRequest(id, this, this.options.transport, this.options.peer);
    this.entries.set(id, entry);
    if (!this.full && this.entries.size >= this.maxInFlight) {
      this.full = true;
      this.options.onFull?.();
    }
    void this.run(entry, request);
  }

  /** Aborts the request with this id: its signal fires and nothing more is sent for it. False if unknown. */
  cancel(id: RequestId, reason?: unknown): boolean {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.state !== ACTIVE) return false;
    entry.abort(reason ?? 'cancelled by the peer');
    this.release(entry);
    return true;
  }

  /** Aborts every request in progress (the peer went away, or shutdown ran out of time). */
  abortAll(reason: unknown): void {
    for (const entry of [...this.entries.values()]) {
      entry.abort(reason);
      this.release(entry);
    }
  }

  /** Aborts the requests that said `untilCancelled()` (streams that would otherwise hold a shutdown). */
  abortOpenEnded(reason: unknown): void {
    for (const entry of [...this.entries.values()]) {
      if (!entry.openEnded) continue;
      entry.abort(reason);
      this.release(entry);
    }
  }

  /** Resolves once no request is in progress. */
  idle(): Promise<void> {
    if (this.entries.size === 0) return RESOLVED;
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Sends without ever rejecting: a closed transport is reported by the transport itself. */
  sendQuietly(message: JsonRpcMessage): Promise<void> {
    return this.options.send(message).then(undefined, ignore);
  }

  /**
   * Runs the dispatcher and sends its answer. Plain promise callbacks rather than an async function:
   * this runs for every request, and each await of an async function allocates its own frame and reactions.
   */
  private run(entry: IncomingRequest, request: JsonRpcRequest): void {
    let pending: Promise<JsonRpcResponse | null>;
    try {
      // `Promise.resolve` returns a native promise as it is, and accepts a dispatcher that answers with a plain value.
      pending = Promise.resolve(this.dispatcher.dispatch(request, entry));
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (response) => this.answer(entry, response),
      (error: unknown) => {
        this.report(error, request);
        this.answer(entry, toErrorResponse(request.id, error));
      },
    );
  }

  private answer(entry: IncomingRequest, response: JsonRpcResponse | null): void {
    if (entry.state !== ACTIVE) return;
    entry.state = ANSWERED;
    if (response === null) return this.release(entry);
    // Counted in flight until handed off: backpressure. A closed transport is reported by the transport itself.
    let sent: Promise<void>;
    try {
      sent = this.options.send(response);
    } catch {
      return this.release(entry);
    }
    sent.then(
      () => this.release(entry),
      () => this.release(entry),
    );
  }

  private release(entry: IncomingRequest): void {
    if (this.entries.get(entry.id) !== entry) return;
    this.entries.delete(entry.id);
    if (this.full && this.entries.size < this.maxInFlight) {
      this.full = false;
      this.options.onSpace?.();
    }
    if (this.entries.size === 0 && this.idleWaiters.length > 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private report(error: unknown, request: JsonRpcRequest): void {
    try {
      this.options.onError?.(error, request);
    } catch {
      // An error handler that throws must not take the request down with it.
    }
  }
}

function ignore(): void {}
