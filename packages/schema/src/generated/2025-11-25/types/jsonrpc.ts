// Copied by tools/codegen from schema/2025-11-25/jsonrpc.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: the JSON-RPC 2.0 envelope. Every message on the wire is one of these four
 * shapes; in this revision both sides send requests, and both sides answer them.
 *
 * Spec: 2025-11-25/pages/basic/index.mdx (Messages)
 */

import type { Notification, Request, Result } from './base.js';

/** Identifies a request so its response can be matched to it: a string or an integer, never null. */
export type RequestId = string | number;

/** Any message that can travel between client and server, in either direction. */
export type JSONRPCMessage =
  | JSONRPCRequest
  | JSONRPCNotification
  | JSONRPCResultResponse
  | JSONRPCErrorResponse;

/** A request that the peer must answer with a result or an error. */
export interface JSONRPCRequest extends Request {
  /** Protocol marker; always `"2.0"`. */
  jsonrpc: '2.0';
  /** Sender-chosen id, not reused by the same sender within the session. */
  id: RequestId;
}

/** A one-way message; the peer never replies to it. It has no `id`. */
export interface JSONRPCNotification extends Notification {
  /** Protocol marker; always `"2.0"`. */
  jsonrpc: '2.0';
}

/** The answer to a request: either its result or an error. */
export type JSONRPCResponse = JSONRPCResultResponse | JSONRPCErrorResponse;

/** A response saying the request succeeded, with its result. */
export interface JSONRPCResultResponse {
  /** Protocol marker; always `"2.0"`. */
  jsonrpc: '2.0';
  /** The id of the request being answered. */
  id: RequestId;
  /** The method-specific outcome. */
  result: Result;
}

/** A response saying the request failed. */
export interface JSONRPCErrorResponse {
  /** Protocol marker; always `"2.0"`. */
  jsonrpc: '2.0';
  /**
   * The id of the request being answered; left out only when the request was too malformed
   * for its id to be read.
   */
  id?: RequestId;
  /** What went wrong. */
  error: Error;
}

/** The error object of a failed response. */
export interface Error {
  /** Integer identifying the kind of failure (JSON-RPC standard codes or MCP-defined ones). */
  code: number;
  /** One short sentence describing the failure. */
  message: string;
  /** Any extra detail the sender chooses to attach (nested errors, diagnostics...). */
  data?: unknown;
}
