/**
 * JSON-RPC 2.0 message shapes. Generic: nothing here knows MCP.
 * Ids keep their JSON type exactly: `1` and `"1"` are different ids.
 */

/** A request id: a string or an integer, never null. */
export type RequestId = string | number;

/** A JSON object as it travels on the wire. */
export type JsonObject = { [key: string]: unknown };

/** True for a JSON object: not `null`, not an array. The one check every package uses. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value, or a promise of it: what a hook may return. */
export type Awaitable<T> = T | Promise<T>;

/** A request: has an id and expects exactly one response. */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: JsonObject;
}

/** A notification: no id, never answered. */
export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: JsonObject;
}

/** A successful response to the request with the same id. */
export interface JsonRpcSuccess {
  jsonrpc: '2.0';
  id: RequestId;
  result: JsonObject;
}

/** The `error` member of an error response. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** An error response. `id` is null only when the request could not be parsed or had no usable id. */
export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: JsonRpcErrorObject;
}

/** Either kind of response. */
export type JsonRpcResponse = JsonRpcSuccess | JsonRpcErrorResponse;

/** Anything that may cross a JSON-RPC connection. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;
