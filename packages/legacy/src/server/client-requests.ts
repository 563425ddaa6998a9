/**
 * Server-initiated requests of a legacy session (`elicitation/create`, `sampling/createMessage`,
 * `roots/list`): ids, the table of requests awaiting the client's answer, timeouts and cancellation.
 * spec: 2025-11-25/pages/basic/utilities/cancellation.mdx
 */
import {
  CancelledError,
  RemoteError,
  TimeoutError,
  type JsonObject,
  type JsonRpcNotification,
  type JsonRpcResponse,
  type RequestId,
} from '@mcpkit/jsonrpc';

/** How one server-initiated request is sent and how long it may wait. */
export interface ClientRequestOptions {
  /** Aborted when the client request this one serves was cancelled. */
  readonly signal: AbortSignal;
  /** How long to wait for the client's answer. */
  readonly timeoutMs: number;
  /** The id of the client request this one serves, if any. */
  readonly relatedRequestId?: RequestId;
}

/** Sends a request to the client of one session and resolves with its result. */
export interface ClientRequester {
  /**
   * Resolves with the client's result; rejects with `RemoteError` (the client answered an error),
   * `TimeoutError`, `CancelledError` or a `TransportClosedError` (the session ended).
   */
  request(method: string, params: JsonObject, options: ClientRequestOptions): Promise<JsonObject>;
}

let prefix: string | undefined;
let counter = 0;

/** This process's random name (drawn on first use, never at module load): unique across replicas in practice. */
export function replicaId(): string {
  prefix ??= Array.from(globalThis.crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, '0')).join('');
  return prefix;
}

/** A fresh id for a server-initiated request: unique in this process, and across replicas in practice. */
export function nextServerRequestId(): string {
  return `srv-${replicaId()}-${++counter}`;
}

/** The notification that tells the client we gave up on one of our requests. */
export function cancelledNotification(requestId: RequestId, reason: string): JsonRpcNotification {
  return { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason } };
}

interface Waiter {
  readonly method: string;
  resolve(result: JsonObject): void;
  reject(error: Error): void;
}

/** The requests of one session (or one process) that wait for the client's response. */
export class PendingClientRequests {
  private readonly waiting = new Map<RequestId, Waiter>();

  /**
   * Waits for the response to `id`. On timeout or abort the wait ends with a local error and
   * `abandon(reason)` runs (it tells the client with `notifications/cancelled`).
   */
  wait(id: RequestId, method: string, options: ClientRequestOptions, abandon: (reason: string) => void): Promise<JsonObject> {
    const { signal, timeoutMs } = options;
    if (signal.aborted) return Promise.reject(new CancelledError(method, id, signal.reason));
    return new Promise<JsonObject>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.waiting.delete(id);
      };
      const onAbort = () => {
        finish();
        abandon('The request it served was cancelled');
        reject(new CancelledError(method, id, signal.reason));
      };
      const timer = setTimeout(() => {
        finish();
        abandon(`No answer within ${timeoutMs} ms`);
        reject(new TimeoutError(method, id, timeoutMs, 'idle'));
      }, timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(id, {
        method,
        resolve: (result) => {
          finish();
          resolve(result);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      });
    });
  }

  /** Whether `id` is awaited here. */
  has(id: RequestId): boolean {
    return this.waiting.has(id);
  }

  /** Delivers the client's response; false when no request here waits for that id. */
  settle(response: JsonRpcResponse): boolean {
    const waiter = this.waiting.get(response.id as RequestId);
    if (!waiter) return false;
    if ('error' in response) waiter.reject(new RemoteError(response.error, response.id, waiter.method));
    else waiter.resolve(response.result as JsonObject);
    return true;
  }

  /** Ends the wait for `id` with `error` (the request could not be sent); false when none waits. */
  fail(id: RequestId, error: Error): boolean {
    const waiter = this.waiting.get(id);
    waiter?.reject(error);
    return waiter !== undefined;
  }

  /** Ends every wait with `error` (the session or the process went away). */
  failAll(error: Error): void {
    for (const waiter of [...this.waiting.values()]) waiter.reject(error);
  }

  /** How many requests wait. */
  get size(): number {
    return this.waiting.size;
  }
}
