import { hasBrand } from './brand.js';
import type { JsonObject, JsonRpcErrorResponse, JsonRpcSuccess, RequestId } from './messages.js';

/** The error codes JSON-RPC 2.0 itself defines. */
export const JsonRpcErrorCode = {
  /** The text was not valid JSON. */
  ParseError: -32700,
  /** The JSON was not a valid request. */
  InvalidRequest: -32600,
  /** The method does not exist or is not available. */
  MethodNotFound: -32601,
  /** The params are invalid for the method. */
  InvalidParams: -32602,
  /** The receiver failed while handling the request. */
  InternalError: -32603,
} as const;

/** Builds an error response. */
export function errorResponse(id: RequestId | null, code: number, message: string, data?: unknown): JsonRpcErrorResponse {
  return data === undefined ? { jsonrpc: '2.0', id, error: { code, message } } : { jsonrpc: '2.0', id, error: { code, message, data } };
}

/** Builds a success response. */
export function successResponse(id: RequestId, result: JsonObject): JsonRpcSuccess {
  return { jsonrpc: '2.0', id, result };
}

/**
 * Thrown by a request handler to answer with this exact JSON-RPC error. Anything else a handler throws
 * becomes `-32603 Internal error` without its message or stack (see `toErrorResponse`).
 */
export class ResponseError extends Error {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand`). */
  static readonly '@mcpkit/brand': string = '@mcpkit/jsonrpc/ResponseError';
  /** `instanceof` by brand, so a `ResponseError` from another copy of this package is recognised. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included
    return hasBrand(this, value);
  }
  override readonly name = 'ResponseError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/**
 * Maps a thrown value to the error response for request `id`: a `ResponseError` keeps its code, message
 * and data; anything else becomes `-32603 Internal error`, so no message, path or stack leaks to the peer.
 */
export function toErrorResponse(id: RequestId | null, error: unknown): JsonRpcErrorResponse {
  if (error instanceof ResponseError) return errorResponse(id, error.code, error.message, error.data);
  return errorResponse(id, JsonRpcErrorCode.InternalError, 'Internal error');
}
