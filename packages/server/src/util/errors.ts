import { ResponseError } from '@mcpkit/jsonrpc';
import type { ClientCapabilities } from '@mcpkit/schema';
import { ErrorCode } from '@mcpkit/schema/2026-07-28/core';

/**
 * Builders of the protocol errors a handler may throw (or dispatch answers with). Each returns a
 * `ResponseError` from `@mcpkit/jsonrpc`: dispatch turns it into exactly this JSON-RPC error.
 */

/** `-32602 Invalid params`, with an optional `data`. */
export function invalidParams(message: string, data?: unknown): ResponseError {
  return new ResponseError(ErrorCode.InvalidParams, message, data);
}

/**
 * `-32602 Resource not found` with `data.uri`: the 2026-07-28 answer to reading a resource that
 * does not exist (never `-32002`, never an empty `contents`).
 */
export function resourceNotFound(uri: string): ResponseError {
  return new ResponseError(ErrorCode.InvalidParams, 'Resource not found', { uri });
}

/** `-32021 MissingRequiredClientCapability` naming, as a `ClientCapabilities` object, what this request lacked. */
export function missingClientCapabilities(required: ClientCapabilities): ResponseError {
  const names = Object.keys(required).join(', ');
  return new ResponseError(ErrorCode.MissingRequiredClientCapability, `This request needs client capabilities it did not declare: ${names}`, {
    requiredCapabilities: required,
  });
}

/** `-32601 Method not found`. */
export function methodNotFound(message: string): ResponseError {
  return new ResponseError(ErrorCode.MethodNotFound, message);
}

/**
 * `-32021 MissingRequiredClientCapability` for an extension the request's client did not declare:
 * `data.requiredCapabilities` is `{ extensions: { [id]: {} } }` (basic/versioning.mdx "Extensions").
 */
export function missingClientExtension(id: string): ResponseError {
  return new ResponseError(ErrorCode.MissingRequiredClientCapability, `This request needs the client to declare the extension ${id} in its capabilities`, {
    requiredCapabilities: { extensions: { [id]: {} } },
  });
}
