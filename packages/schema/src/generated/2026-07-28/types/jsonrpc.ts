// Copied by tools/codegen from schema/2026-07-28/jsonrpc.ts. Edit the source, then run `pnpm codegen`.
/**
 * JSON-RPC 2.0 envelopes as MCP uses them, request ids, the error object and the standard
 * JSON-RPC error codes.
 *
 * Source: `2026-07-28/pages/basic/index.mdx` (messages, error codes), `2026-07-28/schema.json`.
 * MCP-specific error responses (-32020 to -32022) live in `errors.ts`.
 */

import type { Notification, Request, Result } from './base.js';

/**
 * Identifier a sender gives a request so the response can be matched to it: a string or an
 * integer, never `null`, and never reused while an earlier request with it is still open.
 */
export type RequestId = string | number;

/**
 * A JSON-RPC request: a call that expects exactly one response carrying the same `id`.
 */
export interface JSONRPCRequest extends Request {
  /** Protocol marker; always the string `"2.0"`. */
  jsonrpc: '2.0';
  /** Correlates the response with this request. */
  id: RequestId;
}

/**
 * A JSON-RPC notification: a one-way message with no `id` that never gets a response.
 */
export interface JSONRPCNotification extends Notification {
  /** Protocol marker; always the string `"2.0"`. */
  jsonrpc: '2.0';
}

/**
 * A successful JSON-RPC response: the `result` of the request with the same `id`.
 */
export interface JSONRPCResultResponse {
  /** Protocol marker; always the string `"2.0"`. */
  jsonrpc: '2.0';
  /** The `id` of the request being answered. */
  id: RequestId;
  /** What the request produced. */
  result: Result;
}

/**
 * A failed JSON-RPC response: an `error` object instead of a result.
 */
export interface JSONRPCErrorResponse {
  /** Protocol marker; always the string `"2.0"`. */
  jsonrpc: '2.0';
  /** The `id` of the failed request; left out only when the request could not even be read. */
  id?: RequestId;
  /** Why the request failed. */
  error: Error;
}

/**
 * Any response: either a result or an error.
 */
export type JSONRPCResponse = JSONRPCResultResponse | JSONRPCErrorResponse;

/**
 * Anything that can travel on an MCP connection: a request, a notification, or one of the two
 * kinds of response.
 */
export type JSONRPCMessage =
  | JSONRPCRequest
  | JSONRPCNotification
  | JSONRPCResultResponse
  | JSONRPCErrorResponse;

/**
 * The error member of a failed response.
 */
export interface Error {
  /** Integer naming the kind of failure (see the standard and MCP codes). */
  code: number;
  /** Short human-readable summary, ideally one sentence. */
  message: string;
  /** Extra detail in a shape the sender chooses (nested errors, offending values, ...). */
  data?: unknown;
}

/**
 * Error -32700: the receiver got text that is not valid JSON.
 */
export interface ParseError extends Error {
  /** Always -32700. */
  code: -32700;
}

/**
 * Error -32600: the JSON is valid but is not a well-formed JSON-RPC request (for example a missing
 * `method` or a wrongly typed member).
 */
export interface InvalidRequestError extends Error {
  /** Always -32600. */
  code: -32600;
}

/**
 * Error -32601: the method is unknown, or belongs to a server capability that was not advertised.
 * On HTTP it comes with status 404.
 */
export interface MethodNotFoundError extends Error {
  /** Always -32601. */
  code: -32601;
}

/**
 * Error -32602: the parameters are wrong. MCP uses it for missing required `_meta` keys, unknown
 * tools or prompts, missing prompt arguments, bad cursors or log levels, unknown resources, and more.
 */
export interface InvalidParamsError extends Error {
  /** Always -32602. */
  code: -32602;
}

/**
 * Error -32603: the receiver hit an unexpected failure of its own while handling the request.
 */
export interface InternalError extends Error {
  /** Always -32603. */
  code: -32603;
}
