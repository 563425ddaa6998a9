/**
 * Server-initiated requests of a legacy session (`elicitation/create`, `sampling/createMessage`,
 * `roots/list`): their ids and the table of those awaiting the client's answer (jsonrpc's request correlation).
 * spec: 2025-11-25/pages/basic/utilities/cancellation.mdx
 */
import {
  OutgoingRequests,
  TimeoutError,
  TransportClosedError,
  type JsonObject,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type RequestChannel,
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

/**
 * The requests one session (or one channel) sent its client, on jsonrpc's `OutgoingRequests`: its
 * ids are ours (unique across replicas), its timeouts are the caller's `timeoutMs` with no hard
 * maximum, and a request given up on tells the client with `notifications/cancelled` (spec:
 * 2025-11-25/pages/basic/utilities/cancellation.mdx; never for `ping`, which is not cancellable).
 * `abandoned` also hears of it (the HTTP sessions forget the pending entry in their store).
 */
export function clientRequestTable(send: (message: JsonRpcMessage) => Promise<void>, abandoned?: (id: RequestId) => void): OutgoingRequests {
  const channel: RequestChannel = {
    kind: 'stream',
    send: (message) =>
      send(message).catch((error: unknown) => {
        const method = 'method' in message ? message.method : 'a message';
        throw new TransportClosedError(`Could not send ${method}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }),
  };
  return new OutgoingRequests(channel, {
    nextId: nextServerRequestId,
    maxTotalTimeoutMs: 0,
    onCancel: ({ id, method, error }) => {
      abandoned?.(id);
      if (method === 'ping') return undefined;
      return cancelledNotification(id, error instanceof TimeoutError ? `No answer within ${error.timeoutMs} ms` : 'The request it served was cancelled');
    },
  });
}
