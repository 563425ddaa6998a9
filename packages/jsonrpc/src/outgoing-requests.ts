import type { TimeoutError } from './errors.js';
import { CancelledError, InFlightLimitError, RpcError, TransportError } from './errors.js';
import type { JsonObject, JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, RequestId } from './messages.js';
import { DeadlineTimer } from './deadline-timer.js';
import { DONE, OutgoingRequest, QUEUED, SENT, type OutgoingHost, type PendingRequest } from './outgoing-request.js';
import { RequestQueue } from './request-queue.js';
import type { SendOptions } from './transport.js';

/** Where requests go: a `MessageTransport`, or any channel with the same `send` and `kind`. */
export interface RequestChannel {
  /** `stream`: a cancellation must be said in a message; `exchange`: aborting the send is the cancellation. */
  readonly kind: 'stream' | 'exchange';
  send(message: JsonRpcMessage, options?: SendOptions): Promise<void>;
}

/** Options of one request. */
export interface RequestOptions {
  /** Aborting it cancels the request: the promise rejects with `CancelledError` and `onCancel` runs. */
  signal?: AbortSignal;
  /** Idle timeout in ms (no response, no `touch()`); `0` disables it. Defaults to the table's. */
  timeoutMs?: number;
  /** Hard maximum in ms that `touch()` never extends (raised to `timeoutMs` if lower); `0` disables it. */
  maxTotalTimeoutMs?: number;
  /** Transport headers for this request (HTTP only). */
  headers?: Record<string, string>;
}

/** Options of one request of an `OutgoingRequests` table. */
export interface OutgoingRequestOptions extends RequestOptions {
  /**
   * Sends this request (and its cancellation) on another channel than the table's: a server that
   * asks its client something on the stream of the request it is serving.
   */
  via?: (message: JsonRpcMessage) => Promise<void>;
}

/** What `onCancel` learns about a request that ended locally after it was sent. */
export interface CancelInfo {
  readonly id: RequestId;
  readonly method: string;
  /** Why it ended: cancellation or timeout. */
  readonly error: CancelledError | TimeoutError;
  /** On `exchange` transports the send signal was already aborted; on `stream` ones only a message can tell the peer. */
  readonly transportKind: 'stream' | 'exchange';
}

/** How an `OutgoingRequests` table behaves. */
export interface OutgoingRequestsOptions {
  /** Default idle timeout of a request, in ms. Default 60 000; `0` disables it. */
  timeoutMs?: number;
  /** Default hard maximum of a request, in ms, however often it is touched. Default 600 000; `0` disables it. */
  maxTotalTimeoutMs?: number;
  /** Requests sent and awaiting a response at once. Default 256. */
  maxInFlight?: number;
  /** Beyond `maxInFlight`: `queue` (default; sent in order as slots free up) or `reject` with `InFlightLimitError`. */
  whenFull?: 'queue' | 'reject';
  /** The id of each new request. Default 1, 2, 3… */
  nextId?: () => RequestId;
  /**
   * Returns the message that tells the peer a sent request was abandoned (cancelled or timed out), or
   * nothing. JSON-RPC has no such message, so the protocol layer supplies it.
   */
  onCancel?(info: CancelInfo): JsonRpcNotification | undefined;
  /** A throwing `onCancel`. */
  onError?(error: Error): void;
}

/**
 * The requests this side sent, and the correlation of their responses: id allocation, timeouts, the
 * in-flight limit and its queue, cancellation through `AbortSignal`, late responses dropped, and the
 * clean-up when one ends locally (timeout, cancel, failed send, closed channel). `Connection` runs on
 * one; a server that asks its clients things (a legacy session) keeps one per client.
 *
 * @example
 * const outgoing = new OutgoingRequests(transport, { onCancel: ({ id }) => cancelled(id) });
 * const result = await outgoing.request('roots/list', {}, { timeoutMs: 5000 });
 * // and, for each response that arrives: outgoing.settle(response)
 */
export class OutgoingRequests {
  private readonly pending = new Map<RequestId, OutgoingRequest>();
  private readonly queue = new RequestQueue<OutgoingRequest>();
  private readonly exchange: boolean;
  private readonly timer = new DeadlineTimer((now) => this.expire(now));
  private readonly host: OutgoingHost = { abandoned: (request, error) => this.abandoned(request, error) };
  private readonly timeoutMs: number;
  private readonly maxTotalMs: number;
  private readonly maxInFlight: number;
  private readonly rejectWhenFull: boolean;
  private readonly nextId: (() => RequestId) | undefined;
  private counter = 1;
  private closedError: Error | undefined;
  /** Sent and awaiting a response. */
  private active = 0;
  /** Waiting in the queue (cancelled entries excluded). */
  private waiting = 0;

  constructor(
    private readonly channel: RequestChannel,
    private readonly options: OutgoingRequestsOptions = {},
  ) {
    this.exchange = channel.kind === 'exchange';
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxTotalMs = options.maxTotalTimeoutMs ?? 600_000;
    this.maxInFlight = options.maxInFlight ?? 256;
    this.rejectWhenFull = options.whenFull === 'reject';
    this.nextId = options.nextId;
  }

  /** Requests sent and not yet answered. */
  get inFlight(): number {
    return this.active;
  }

  /** Requests waiting for a free slot (`whenFull: 'queue'`). */
  get queued(): number {
    return this.waiting;
  }

  /** Sends a request and resolves with its result. */
  request<R = JsonObject>(method: string, params?: JsonObject, options?: OutgoingRequestOptions): Promise<R> {
    return this.begin<R>(method, params, options).result;
  }

  /** Sends a request (now, or queued) and returns its handle: the id, `touch()` (progress), `cancel()` and `result`. */
  begin<R = JsonObject>(method: string, params?: JsonObject, options?: OutgoingRequestOptions): PendingRequest<R> {
    const idleMs = limit(options?.timeoutMs ?? this.timeoutMs);
    const cap = limit(options?.maxTotalTimeoutMs ?? this.maxTotalMs);
    // The hard maximum is never shorter than the idle timeout it caps.
    const totalMs = idleMs === Infinity ? cap : Math.max(cap, idleMs);
    const signal = options?.signal;
    const timed = idleMs !== Infinity || totalMs !== Infinity;
    const now = timed ? performance.now() : 0;
    const id = this.nextId === undefined ? this.counter++ : this.nextId();
    const request = new OutgoingRequest(this.host, id, method, params, idleMs, totalMs, signal, now);
    request.headers = options?.headers;
    request.via = options?.via;
    if (this.closedError !== undefined) request.fail(this.closedError);
    // Failed here, not through `abandoned`: the request was never queued, so no count may change.
    else if (signal?.aborted) request.fail(new CancelledError(method, request.id, signal.reason));
    else if (this.active < this.maxInFlight) this.transmit(request);
    else if (this.rejectWhenFull) request.fail(new InFlightLimitError(this.maxInFlight));
    else {
      this.waiting++;
      this.queue.push(request);
    }
    if (timed && request.state !== DONE) {
      this.timer.setWaiting(true);
      this.timer.schedule(request.deadline());
    }
    return request as PendingRequest<unknown> as PendingRequest<R>;
  }

  /**
   * Settles the request a response answers. Unknown ids (late answers after cancel or timeout) are
   * dropped: false then.
   */
  settle(response: JsonRpcResponse): boolean {
    const request = this.pending.get(response.id as RequestId);
    if (request === undefined) return false;
    this.release(request);
    request.settle(response);
    if (this.waiting > 0) this.pump();
    return true;
  }

  /** Fails the sent request with this id (its response was unusable). False if there is none. */
  failOne(id: RequestId, error: Error): boolean {
    const request = this.pending.get(id);
    if (request === undefined) return false;
    this.release(request);
    request.fail(error);
    this.pump();
    return true;
  }

  /** Fails every sent and queued request; requests begun later fail with the same error. */
  failAll(error: Error): void {
    this.closedError = error;
    this.timer.stop();
    const requests = [...this.pending.values()];
    this.pending.clear();
    this.active = 0;
    for (const request of requests) request.fail(error);
    for (let next = this.queue.shift(); next !== undefined; next = this.queue.shift()) next.fail(error);
    this.waiting = 0;
  }

  /** Called by a request that timed out or was cancelled. */
  private abandoned(request: OutgoingRequest, error: CancelledError | TimeoutError): void {
    const state = request.state;
    request.fail(error);
    if (state === QUEUED) {
      this.waiting--;
      this.noteIdle();
    }
    if (state !== SENT) return;
    this.release(request);
    request.sendController?.abort(error);
    const notification = this.cancelMessage(request, error);
    if (notification !== undefined) (request.via ?? this.send)(notification).then(undefined, ignore);
    this.pump();
  }

  private readonly send = (message: JsonRpcMessage): Promise<void> => this.channel.send(message);

  private cancelMessage(request: OutgoingRequest, error: CancelledError | TimeoutError): JsonRpcNotification | undefined {
    const onCancel = this.options.onCancel;
    if (onCancel === undefined) return undefined;
    try {
      return onCancel({ id: request.id, method: request.method, error, transportKind: this.channel.kind });
    } catch (hookError) {
      try {
        this.options.onError?.(hookError instanceof Error ? hookError : new Error(String(hookError)));
      } catch {
        // a throwing error handler must not break the clean-up
      }
      return undefined;
    }
  }

  private transmit(request: OutgoingRequest): void {
    request.state = SENT;
    this.active++;
    this.pending.set(request.id, request);
    const params = request.params;
    request.params = undefined;
    const message: JsonRpcRequest =
      params === undefined ? { jsonrpc: '2.0', id: request.id, method: request.method } : { jsonrpc: '2.0', id: request.id, method: request.method, params };
    if (request.via !== undefined) {
      request.via(message).then(undefined, (error) => this.sendFailed(request, error));
      return;
    }
    let sendOptions: SendOptions | undefined;
    if (this.exchange) {
      request.sendController = new AbortController();
      sendOptions = { signal: request.sendController.signal, headers: request.headers };
    } else if (request.headers !== undefined) {
      sendOptions = { headers: request.headers };
    }
    this.channel.send(message, sendOptions).then(undefined, (error) => this.sendFailed(request, error));
  }

  private sendFailed(request: OutgoingRequest, error: unknown): void {
    if (request.state !== SENT) return;
    this.release(request);
    request.fail(error instanceof RpcError ? error : new TransportError(`Could not send ${request.method}: ${String(error)}`, { cause: error }));
    this.pump();
  }

  private release(request: OutgoingRequest): void {
    this.pending.delete(request.id);
    this.active--;
    this.noteIdle();
  }

  /** With nothing pending, the deadline timer must not keep the process alive. */
  private noteIdle(): void {
    if (this.active === 0 && this.waiting === 0) this.timer.setWaiting(false);
  }

  /** Times out what is due at `now`; returns the next deadline. */
  private expire(now: number): number {
    let next = Infinity;
    const due: OutgoingRequest[] = [];
    const visit = (request: OutgoingRequest) => {
      if (request.state === DONE) return;
      const deadline = request.deadline();
      if (deadline - now <= 1) due.push(request);
      else if (deadline < next) next = deadline;
    };
    // Queued ones first: a sent one timing out frees a slot, and a due queued one must not take it.
    this.queue.forEach(visit);
    this.pending.forEach(visit);
    for (const request of due) request.timeOut();
    return next;
  }

  private pump(): void {
    while (this.active < this.maxInFlight) {
      const next = this.queue.shift();
      if (next === undefined) return;
      if (next.state === QUEUED) {
        this.waiting--;
        this.transmit(next);
      }
    }
  }
}

/** A timeout option in ms; `0`, negative or non-finite means none. */
function limit(ms: number): number {
  return ms > 0 && Number.isFinite(ms) ? ms : Infinity;
}

function ignore(): void {}
