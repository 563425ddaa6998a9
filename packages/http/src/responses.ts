/**
 * Response building blocks shared by the modern handler and the legacy adapter: JSON-RPC error
 * bodies, the HTTP status of an error code, and the header sets of JSON and SSE replies.
 */
import type { RequestId } from '@mcpkit/jsonrpc';
import { ErrorCode } from './protocol.js';

/** Headers of a JSON reply. */
export const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json' });

/** Headers of an SSE reply (`X-Accel-Buffering: no` keeps proxies from buffering the stream). */
export const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
});

/**
 * The HTTP status of a reply carrying this JSON-RPC error code (DIGEST §9.3, §24.3):
 * -32020/-32021/-32022 → 400, -32601 → 404, anything else 200.
 */
export function statusForErrorCode(code: number): number {
  switch (code) {
    case ErrorCode.HeaderMismatch:
    case ErrorCode.MissingRequiredClientCapability:
    case ErrorCode.UnsupportedProtocolVersion:
      return 400;
    case ErrorCode.MethodNotFound:
      return 404;
    default:
      return 200;
  }
}

/**
 * Serializes a JSON-RPC error response. `id: undefined` omits the member (the MCP schema's id-less
 * error, for bodies that could not be read); `null` keeps it as `null`.
 */
export function jsonRpcErrorBody(id: RequestId | null | undefined, code: number, message: string, data?: unknown): string {
  const error = data === undefined ? { code, message } : { code, message, data };
  return JSON.stringify(id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error });
}

/**
 * Where a reply made by `jsonResponse` keeps its text, so the node adapter writes it in one
 * `res.end` instead of reading the body back through a stream (the legacy path's every reply).
 */
export const JSON_TEXT = Symbol.for('@mcpkit/http.jsonText.v1');

/** A JSON reply. Strings are sent as they are; anything else is serialized once. */
export function jsonResponse(body: unknown, status = 200, headers?: Record<string, string>): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const response = new Response(text, { status, headers: headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS });
  Object.defineProperty(response, JSON_TEXT, { value: text });
  return response;
}

/**
 * A JSON reply carrying a JSON-RPC error.
 * @example jsonRpcErrorResponse(400, 7, -32020, 'Mcp-Method header is missing')
 */
export function jsonRpcErrorResponse(
  status: number,
  id: RequestId | null | undefined,
  code: number,
  message: string,
  data?: unknown,
  headers?: Record<string, string>,
): Response {
  return jsonResponse(jsonRpcErrorBody(id, code, message, data), status, headers);
}

/** A reply without a body (202 for an accepted notification, 405 for GET/DELETE...). */
export function emptyResponse(status: number, headers?: Record<string, string>): Response {
  return new Response(null, { status, headers });
}
