import { hasBrand } from './brand.js';
import type { JsonRpcErrorObject, JsonRpcErrorResponse, RequestId } from './messages.js';

/**
 * The errors a JSON-RPC user can receive. Two families that never mix:
 * - `RemoteError`: the peer answered with a JSON-RPC error (it has a `code`).
 * - `LocalError` and its subclasses: something failed on this side (timeout, cancellation, a closed
 *   transport, a refused message). They have no JSON-RPC code, so they cannot be mistaken for the peer's.
 * Check `error.remote`, or use `instanceof`: it works across installed copies and across the ESM and
 * CJS builds (each class carries a brand, see `hasBrand`).
 */

/** Base class of every error this package produces; `remote` tells a peer's error from a local one. */
export abstract class RpcError extends Error {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand`). */
  static readonly '@mcpkit/brand': string = '@mcpkit/jsonrpc/RpcError';
  /** `instanceof` by brand, so an error from another copy of this package is recognised. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included
    return hasBrand(this, value);
  }
  /** `true` for a JSON-RPC error the peer sent, `false` for a local failure. */
  abstract readonly remote: boolean;
}

/** A JSON-RPC error the peer sent in answer to one of our requests. */
export class RemoteError extends RpcError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/jsonrpc/RemoteError';
  override readonly name = 'RemoteError';
  readonly remote = true;
  /** The JSON-RPC error code the peer sent. */
  readonly code: number;
  /** The peer's `error.data`, if any. */
  readonly data: unknown;
  /** The method of the request this error answers (absent for an error with `id: null`). */
  readonly method: string | undefined;
  /** The id of the request this error answers (`null` when the peer could not read our id). */
  readonly requestId: RequestId | null;

  constructor(error: JsonRpcErrorObject, requestId: RequestId | null = null, method?: string) {
    super(error.message);
    this.code = error.code;
    this.data = error.data;
    this.requestId = requestId;
    this.method = method;
  }

  /** The error object as it travelled on the wire. */
  toJSON(): JsonRpcErrorObject {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}

/** Base class of failures that happened on this side; they carry no JSON-RPC code. */
export abstract class LocalError extends RpcError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/jsonrpc/LocalError';
  readonly remote = false;
}

/** The peer did not answer in time (`limit: 'idle'` after `timeoutMs`, `'total'` at the hard maximum). */
export class TimeoutError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/jsonrpc/TimeoutError';
  override readonly name = 'TimeoutError';
  constructor(
    readonly method: string,
    readonly requestId: RequestId,
    /** The limit that expired, in milliseconds. */
    readonly timeoutMs: number,
    /** `idle`: no response (or progress) within `timeoutMs`; `total`: the hard maximum was reached. */
    readonly limit: 'idle' | 'total',
  ) {
    super(
      limit === 'idle'
        ? `Request ${method} (id ${JSON.stringify(requestId)}) timed out after ${timeoutMs} ms`
        : `Request ${method} (id ${JSON.stringify(requestId)}) exceeded its maximum total time of ${timeoutMs} ms`,
    );
  }
}

/** The request was cancelled on this side (its `AbortSignal` fired, or `cancel()` was called). */
export class CancelledError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/jsonrpc/CancelledError';
  override readonly name = 'CancelledError';
  constructor(
    readonly method: string,
    readonly requestId: RequestId,
    /** The abort reason (the signal's `reason`, or the string given to `cancel()`). */
    readonly reason: unknown,
  ) {
    super(
      `Request ${method} (id ${JSON.stringify(requestId)}) was cancelled` +
        (typeof reason === 'string' ? `: ${reason}` : reason instanceof Error ? `: ${reason.message}` : ''),
      reason instanceof Error ? { cause: reason } : undefined,
    );
  }
}

/** A transport could not move a message. */
export class TransportError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/jsonrpc/TransportError';
  override readonly name: string = 'TransportError';
}

/** The transport is closed (or closed while the request was in flight); the message describes why. */
export class TransportClosedError extends TransportError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/jsonrpc/TransportClosedError';
  override readonly name: string = 'TransportClosedError';
}

/** The connection refused a request because `maxInFlight` requests were already waiting (`whenFull: 'reject'`). */
export class InFlightLimitError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/jsonrpc/InFlightLimitError';
  override readonly name = 'InFlightLimitError';
  constructor(readonly limit: number) {
    super(`Too many requests in flight (limit ${limit})`);
  }
}

/** Where an `InvalidMessageError` was found. */
export interface InvalidMessageDetails {
  /** The id of the offending message, when one could be read. */
  id?: RequestId | null;
  /** The error response a server should send back; absent when nothing must be answered (a broken response). */
  reply?: JsonRpcErrorResponse;
  /** The start of the offending text, for diagnostics. */
  text?: string;
}

/** A message was not valid JSON-RPC: received from the peer (and skipped) or refused before sending. */
export class InvalidMessageError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/jsonrpc/InvalidMessageError';
  override readonly name: string = 'InvalidMessageError';
  /** The id of the offending message, when one could be read (`null` otherwise). */
  readonly id: RequestId | null;
  /** The error response a server should answer with, when one should be sent. */
  readonly reply: JsonRpcErrorResponse | undefined;
  /** The start of the offending text (at most 200 characters), when known. */
  readonly text: string | undefined;

  constructor(message: string, details: InvalidMessageDetails = {}, options?: ErrorOptions) {
    super(message, options);
    this.id = details.id ?? null;
    this.reply = details.reply;
    this.text = details.text;
  }
}

/** A frame (a line on stdio) exceeded the configured size limit and was skipped. */
export class MessageTooLargeError extends InvalidMessageError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/jsonrpc/MessageTooLargeError';
  override readonly name = 'MessageTooLargeError';
  constructor(
    /** The configured limit, in bytes. */
    readonly limit: number,
    details: InvalidMessageDetails = {},
  ) {
    super(`Message exceeds the limit of ${limit} bytes and was skipped`, details);
  }
}
