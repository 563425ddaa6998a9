import { CancelledError, RemoteError, TimeoutError } from './errors.js';
import type { JsonObject, JsonRpcErrorResponse, JsonRpcMessage, JsonRpcResponse, JsonRpcSuccess, RequestId } from './messages.js';

/** A request this side sent and is waiting for; what `Connection.begin` and `OutgoingRequests.begin` return. */
export interface PendingRequest<R = JsonObject> {
  /** The id the request carries on the wire. */
  readonly id: RequestId;
  readonly method: string;
  /** Settles with the result, a `RemoteError`, or a `LocalError` (timeout, cancel, closed transport). */
  readonly result: Promise<R>;
  /** Restarts the idle timeout (call it when progress arrives); never extends past the hard maximum. */
  touch(): void;
  /** Cancels the request: `result` rejects with `CancelledError`; a late response is dropped. */
  cancel(reason?: string): void;
}

/** What an `OutgoingRequest` needs from its connection. */
export interface OutgoingHost {
  /** Called once when the request ends locally (timeout or cancellation) rather than by a response. */
  abandoned(request: OutgoingRequest, error: CancelledError | TimeoutError): void;
}

export const QUEUED = 0;
export const SENT = 1;
export const DONE = 2;

/**
 * One outgoing request: its promise, its deadlines and its abort listener. It owns no timer: the
 * connection's shared `DeadlineTimer` asks `deadline()` when it fires, and `touch` only records the
 * time. The object itself is the abort listener, so a request costs no closure beyond its promise.
 */
export class OutgoingRequest implements PendingRequest<unknown> {
  readonly result: Promise<unknown>;
  state = QUEUED;
  /** Set while the request waits in the queue; dropped once sent. */
  params: JsonObject | undefined;
  /** Transport headers to send with the request (HTTP only). */
  headers: Record<string, string> | undefined;
  /** The request's own channel (`RequestOptions.via`), if not the table's. */
  via: ((message: JsonRpcMessage) => Promise<void>) | undefined;
  /** Present only on exchange transports, where aborting the send is the cancellation. */
  sendController: AbortController | undefined;
  private resolve!: (value: unknown) => void;
  private reject!: (error: Error) => void;
  private lastTouch: number;
  private readonly idleMs: number;
  private readonly hardDeadline: number;
  private readonly totalMs: number;

  constructor(
    private readonly host: OutgoingHost,
    readonly id: RequestId,
    readonly method: string,
    params: JsonObject | undefined,
    idleMs: number,
    totalMs: number,
    private readonly signal: AbortSignal | undefined,
    /** `performance.now()` at the call (only read when a timeout applies). */
    now: number,
  ) {
    this.params = params;
    this.result = new Promise<unknown>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.idleMs = idleMs;
    this.totalMs = totalMs;
    this.lastTouch = now;
    this.hardDeadline = now + totalMs;
    signal?.addEventListener('abort', this, { once: true });
  }

  /** When the request times out unless answered or touched first (`Infinity` without timeouts). */
  deadline(): number {
    return Math.min(this.lastTouch + this.idleMs, this.hardDeadline);
  }

  touch(): void {
    if (this.state !== DONE && this.idleMs !== Infinity) this.lastTouch = performance.now();
  }

  cancel(reason?: string): void {
    if (this.state === DONE) return;
    this.host.abandoned(this, new CancelledError(this.method, this.id, reason ?? 'cancelled'));
  }

  /** The abort listener of `signal` (an object listener: no closure per request). */
  handleEvent(): void {
    if (this.state === DONE) return;
    this.host.abandoned(this, new CancelledError(this.method, this.id, this.signal?.reason));
  }

  /** Ends the request with a `TimeoutError` naming the limit that expired. */
  timeOut(): void {
    if (this.state === DONE) return;
    const total = this.hardDeadline <= this.lastTouch + this.idleMs;
    this.host.abandoned(this, new TimeoutError(this.method, this.id, total ? this.totalMs : this.idleMs, total ? 'total' : 'idle'));
  }

  /** Settles with the peer's response. */
  settle(response: JsonRpcResponse): void {
    if (!this.finish()) return;
    const error = (response as JsonRpcErrorResponse).error;
    if (error !== undefined) this.reject(new RemoteError(error, this.id, this.method));
    else this.resolve((response as JsonRpcSuccess).result);
  }

  /** Settles with a local failure. */
  fail(error: Error): void {
    if (this.finish()) this.reject(error);
  }

  private finish(): boolean {
    if (this.state === DONE) return false;
    this.state = DONE;
    this.params = undefined;
    this.signal?.removeEventListener('abort', this);
    return true;
  }
}
