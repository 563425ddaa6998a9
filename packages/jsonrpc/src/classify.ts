import { InvalidMessageError } from './errors.js';
import { isJsonObject } from './messages.js';
import type { JsonRpcErrorResponse, JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, RequestId } from './messages.js';
import { JsonRpcErrorCode, errorResponse } from './responses.js';

/** What a decoded JSON value is. */
export type MessageKind = 'request' | 'notification' | 'response' | 'invalid';

/** A value that is not a valid JSON-RPC message, with the error response that describes why. */
export interface InvalidOutcome {
  kind: 'invalid';
  /** `-32700` (not JSON) or `-32600` (not a valid message), with the message's id when it could be read. */
  error: JsonRpcErrorResponse;
  /** Whether a server should send `error` back. `false` for a broken *response*: answering one could be misread. */
  respond: boolean;
}

/** The result of classifying one decoded value. */
export type ParseOutcome =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'response'; message: JsonRpcResponse }
  | InvalidOutcome;

/** True for a valid request id: a string or an integer (never null, never a fraction). */
export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
}

/**
 * Classifies a decoded JSON value without allocating anything: the hot-path check every transport runs.
 * Ids keep their JSON type; `params` and `result` must be objects; a response has exactly one of
 * `result` and `error`; only an error response may have `id: null` (or no id).
 */
export function messageKind(value: unknown): MessageKind {
  if (!isJsonObject(value) || value.jsonrpc !== '2.0') return 'invalid';
  const method = value.method;
  if (method !== undefined) {
    if (typeof method !== 'string') return 'invalid';
    const params = value.params;
    if (params !== undefined && !isJsonObject(params)) return 'invalid';
    const id = value.id;
    if (id === undefined) return 'notification';
    return isRequestId(id) ? 'request' : 'invalid';
  }
  const result = value.result;
  const error = value.error;
  if (result !== undefined) {
    return error === undefined && isRequestId(value.id) && isJsonObject(result) ? 'response' : 'invalid';
  }
  if (error === undefined) return 'invalid';
  // An error response without an id is read as one with `id: null` (some peers omit it when they
  // could not read the request's).
  if (value.id != null && !isRequestId(value.id)) return 'invalid';
  return isJsonObject(error) && Number.isInteger(error.code) && typeof error.message === 'string' ? 'response' : 'invalid';
}

/** Explains why `value` is invalid (cold path: only called after `messageKind` said so). */
function describeInvalid(value: unknown): InvalidOutcome {
  if (!isJsonObject(value)) {
    const why = Array.isArray(value) ? 'batches are not supported' : 'a message must be a JSON object';
    return invalid(null, `Invalid Request: ${why}`, true);
  }
  const id = isRequestId(value.id) ? value.id : null;
  const responseLike = value.method === undefined && (value.result !== undefined || value.error !== undefined);
  return invalid(id, `Invalid Request: ${problemOf(value)}`, !responseLike);
}

function problemOf(value: Record<string, unknown>): string {
  if (value.jsonrpc !== '2.0') return '"jsonrpc" must be "2.0"';
  if (value.method !== undefined) {
    if (typeof value.method !== 'string') return '"method" must be a string';
    if (value.params !== undefined && !isJsonObject(value.params)) return '"params" must be an object';
    return value.id === null ? '"id" must not be null in a request' : '"id" must be a string or an integer';
  }
  if (value.result !== undefined && value.error !== undefined) {
    return 'a response must have "result" or "error", not both';
  }
  if (value.result !== undefined) {
    return isJsonObject(value.result) ? '"id" must be a string or an integer' : '"result" must be an object';
  }
  if (value.error !== undefined) {
    const e = value.error;
    if (!isJsonObject(e) || !Number.isInteger(e.code) || typeof e.message !== 'string') {
      return '"error" must be an object with an integer "code" and a string "message"';
    }
    return '"id" must be a string, an integer or null';
  }
  return 'a message needs "method" (request, notification) or "result"/"error" (response)';
}

function invalid(id: RequestId | null, message: string, respond: boolean): InvalidOutcome {
  return { kind: 'invalid', error: errorResponse(id, JsonRpcErrorCode.InvalidRequest, message), respond };
}

/** Classifies a decoded JSON value into a request, notification, response, or an explained invalid outcome. */
export function classify(value: unknown): ParseOutcome {
  const kind = messageKind(value);
  switch (kind) {
    case 'request':
      return { kind, message: value as JsonRpcRequest };
    case 'notification':
      return { kind, message: value as JsonRpcNotification };
    case 'response':
      return { kind, message: value as JsonRpcResponse };
    default:
      return describeInvalid(value);
  }
}

/** The `-32700` outcome for text that is not JSON. */
function parseError(error: unknown): InvalidOutcome {
  const detail = error instanceof Error ? clip(error.message) : 'invalid JSON';
  return {
    kind: 'invalid',
    error: errorResponse(null, JsonRpcErrorCode.ParseError, `Parse error: ${detail}`),
    respond: true,
  };
}

/** Parses one message's text (a single `JSON.parse`) and classifies it. Never throws. */
export function parseMessage(text: string): ParseOutcome {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return parseError(error);
  }
  return classify(value);
}

/**
 * Parses and checks one message's text for a transport: returns the message itself (no wrapper) or an
 * `InvalidMessageError` carrying the reply a server should send. Never throws.
 */
export function readMessage(text: string): JsonRpcMessage | InvalidMessageError {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return toInvalidMessageError(parseError(error), text);
  }
  if (messageKind(value) !== 'invalid') return value as JsonRpcMessage;
  return toInvalidMessageError(describeInvalid(value), text);
}

/** Wraps an invalid outcome in the error a transport reports through `MessageReader.onError`. */
export function toInvalidMessageError(outcome: InvalidOutcome, text?: string): InvalidMessageError {
  return new InvalidMessageError(outcome.error.error.message, {
    id: outcome.error.id,
    reply: outcome.respond ? outcome.error : undefined,
    text: text === undefined ? undefined : clip(text),
  });
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** True for a request (has `method` and `id`). */
export function isRequest(message: JsonRpcMessage): message is JsonRpcRequest {
  return (message as { method?: unknown }).method !== undefined && (message as { id?: unknown }).id !== undefined;
}

/** True for a notification (has `method`, no `id`). */
export function isNotification(message: JsonRpcMessage): message is JsonRpcNotification {
  return (message as { method?: unknown }).method !== undefined && (message as { id?: unknown }).id === undefined;
}

/** True for a response, success or error (no `method`). */
export function isResponse(message: JsonRpcMessage): message is JsonRpcResponse {
  return (message as { method?: unknown }).method === undefined;
}

/** True for an error response. */
export function isErrorResponse(message: JsonRpcMessage): message is JsonRpcErrorResponse {
  return (message as { method?: unknown }).method === undefined && (message as { error?: unknown }).error !== undefined;
}
