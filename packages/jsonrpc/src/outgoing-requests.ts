import type { TimeoutError } from './errors.js';
import { CancelledError, InFlightLimitError, RpcError, TransportError } from './errors.js';
import type { JsonObject, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, RequestId } from './messages.js';
import { DeadlineTimer } from './deadline-timer.js';
import { DONE, OutgoingRequest, QUEUED, SENT, type OutgoingHost } from './outgoing-request.js';
import { RequestQueue } from './request-queue.js';
import type { MessageTransport, SendOptions } from './transport.js';

/** What the table needs besides the transport. */
export interface OutgoingOptions {
  maxInFlight: number;
  rejectWhenFull: boolean;
  /** The message that tells the peer a sent request was abandoned, if any. */
  cancelMessage(request: OutgoingRequest, error: CancelledError | TimeoutError): JsonRpcNotification | undefined;
}

/**
 * The requests this side sent: id allocation, the in-flight limit and its queue, correlation of
 * responses, and the clean-up when one ends locally (timeout, cancel, failed send, closed transport).
 */
export class OutgoingRequests implements OutgoingHost {
  private readonly pending = new Map<RequestId, OutgoingRequest>();
  private readonly queue = new RequestQueue<OutgoingRequest>();
  private readonly exchange: boolean;
  private readonly timer = new DeadlineTimer((now) => this.expire(now));
  private nextId = 1;
  /** Sent and awaiting a response. */
  active = 0;
  /** Waiting in the queue (cancelled entries excluded). */
  waiting = 0;

  constructor(
    private readonly transport: MessageTransport,
    private readonly options: OutgoingOptions,
  ) {
    this.exchange = transport.kind === 'exchange';
  }

  /** Creates a request with the next id and sends it now, queues it, or refuses it when full. */
  start(
    method: string,
    params: JsonObject | undefined,
    idleMs: number,
    totalMs: number,
    signal: AbortSignal | undefined,
    headers: Record<string, string> | undefined,
    closedError: Error | undefined,
  ): OutgoingRequest {
    const timed = idleMs !== Infinity || totalMs !== Infinity;
    const now = timed ? performance.now() : 0;
    const request = new OutgoingRequest(this, this.nextId++, method, params, idleMs, totalMs, signal, now);
    request.headers = headers;
    if (closedError !== undefined) request.fail(closedError);
    // Failed here, not through `abandoned`: the request was never queued, so no count may change.
    else if (signal?.aborted) request.fail(new CancelledError(method, request.id, signal.reason));
    else if (this.active < this.options.maxInFlight) this.transmit(request);
    else if (this.options.rejectWhenFull) request.fail(new InFlightLimitError(this.options.maxInFlight));
    else {
      this.waiting++;
      this.queue.push(request);
    }
    if (timed && request.state !== DONE) {
      this.timer.setWaiting(true);
      this.timer.schedule(request.deadline());
    }
    return request;
  }

  /** Settles the request a response answers. Unknown ids (late answers after cancel or timeout) are dropped. */
  settle(response: JsonRpcResponse): void {
    const request = this.pending.get(response.id as RequestId);
    if (request === undefined) return;
    this.release(request);
    request.settle(response);
    if (this.waiting > 0) this.pump();
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

  /** Fails every sent and queued request. */
  failAll(error: Error): void {
    this.timer.stop();
    const requests = [...this.pending.values()];
    this.pending.clear();
    this.active = 0;
    for (const request of requests) request.fail(error);
    for (let next = this.queue.shift(); next !== undefined; next = this.queue.shift()) next.fail(error);
    this.waiting = 0;
  }

  /** @internal Called by a request that timed out or was cancelled. */
  abandoned(request: OutgoingRequest, error: CancelledError | TimeoutError): void {
    const state = request.state;
    request.fail(error);
    if (state === QUEUED) {
      this.waiting--;
      this.noteIdle();
    }
    if (state !== SENT) return;
    this.release(request);
    request.sendController?.abort(error);
    const notification = this.options.cancelMessage(request, error);
    if (notification !== undefined) this.transport.send(notification).then(undefined, ignore);
    this.pump();
  }

  private transmit(request: OutgoingRequest): void {
    request.state = SENT;
    this.active++;
    this.pending.set(request.id, request);
    const params = request.params;
    request.params = undefined;
    const message: JsonRpcRequest =
      params === undefined
        ? { jsonrpc: '2.0', id: request.id, method: request.method }
        : { jsonrpc: '2.0', id: request.id, method: request.method, params };
    let sendOptions: SendOptions | undefined;
    if (this.exchange) {
      request.sendController = new AbortController();
      sendOptions = { signal: request.sendController.signal, headers: request.headers };
    } else if (request.headers !== undefined) {
      sendOptions = { headers: request.headers };
    }
    this.transport.send(message, sendOptions).then(undefined, (error) => this.sendFailed(request, error));
  }

  private sendFailed(request: OutgoingRequest, error: unknown): void {
    if (request.state !== SENT) return;
    this.release(request);
    request.fail(
      error instanceof RpcError
        ? error
        : new TransportError(`Could not send ${request.method}: ${String(error)}`, { cause: error }),
    );
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
    while (this.active < this.options.maxInFlight) {
      const next = this.queue.shift();
      if (next === undefined) return;
      if (next.state === QUEUED) {
        this.waiting--;
        this.transmit(next);
      }
    }
  }
}

function ignore(): void {}
