import { isRequestId, ResponseError, type DispatchContext, type JsonObject, type JsonRpcRequest, type JsonRpcResponse } from '@mcpkit/jsonrpc';
import type { ValidationError } from '@mcpkit/schema';
import { ErrorCode, formatErrors } from '@mcpkit/schema/2026-07-28/core';
import { isAborted } from '../util/aborted.js';
import { readPrincipal } from '../util/principal.js';
import type { ServerCore } from './core.js';
import { METHODS, REMOVED_METHODS } from './methods.js';
import { RequestContext } from './request-context.js';
import { readRequestMeta } from './request-meta.js';

function error(id: JsonRpcRequest['id'], code: number, message: string, data?: unknown): JsonRpcResponse {
  return data === undefined ? { jsonrpc: '2.0', id, error: { code, message } } : { jsonrpc: '2.0', id, error: { code, message, data } };
}

function notFound(core: ServerCore, method: string): ResponseError {
  if (method === 'initialize') {
    return new ResponseError(
      ErrorCode.MethodNotFound,
      `Method not found: initialize. This server speaks MCP ${core.supportedVersions.join(', ')} without a handshake: send _meta on every request`,
      { supported: [...core.supportedVersions] },
    );
  }
  const why = REMOVED_METHODS.has(method) ? ' (removed in MCP 2026-07-28)' : '';
  return new ResponseError(ErrorCode.MethodNotFound, `Method not found: ${method}${why}`);
}

/**
 * The answer to something that is not a JSON-RPC request (no string `method`, no valid `id`): an
 * Invalid Request error with `id: null`, as JSON-RPC 2.0 says for an id that cannot be read.
 */
export function unreadableRequest(request: unknown): JsonRpcResponse | undefined {
  if (typeof request === 'object' && request !== null) {
    const { id, method } = request as { id?: unknown; method?: unknown };
    if (typeof method === 'string' && isRequestId(id)) return undefined;
    const message = typeof method === 'string' ? 'Invalid Request: the id must be a string or an integer' : 'Invalid Request: a request needs a string method';
    return { jsonrpc: '2.0', id: isRequestId(id) ? id : null, error: { code: ErrorCode.InvalidRequest, message } };
  }
  return { jsonrpc: '2.0', id: null, error: { code: ErrorCode.InvalidRequest, message: 'Invalid Request: not a JSON-RPC request object' } };
}

/**
 * Answers one request (the whole server side of the protocol, as one function of the request, its
 * context and the current registry snapshot). Order of checks: method offered (-32601), `_meta`
 * (-32602 / -32022), params against the method's schema (-32602), then the method itself. Never
 * rejects: a handler's `ResponseError` becomes that error; anything else becomes `-32603` without
 * message or stack, reported to `onError`. Resolves `null` once the request was cancelled.
 */
export function dispatchRequest(core: ServerCore, request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse | null> {
  const { id, method } = request;
  let call: RequestContext | undefined;
  let result: Promise<JsonObject | null> | JsonObject | null;
  try {
    const registry = core.registry();
    const handler = METHODS.get(method) ?? core.extensionMethods.get(method);
    if (!handler || !handler.enabled(core, registry)) throw notFound(core, method);
    const params = request.params;
    const meta = readRequestMeta(params, core.supportedVersions);
    if (!handler.validate(params)) {
      throw new ResponseError(ErrorCode.InvalidParams, `Invalid params for ${method}: ${formatErrors(handler.validate.errors as ValidationError[])}`);
    }
    call = new RequestContext(id, method, meta, readPrincipal(context.transport.principal), context, core.logging);
    result = handler.handle(params!, call, core, registry, context);
  } catch (thrown) {
    return settleNow(() => failed(core, request, context, call, thrown));
  }
  const running = call as RequestContext;
  // A handler that answered synchronously costs no await (pay for what you use): one settled promise.
  if (!isPromise(result)) return Promise.resolve(answered(request, context, running, result));
  return result.then(
    (value) => answered(request, context, running, value),
    (thrown: unknown) => failed(core, request, context, running, thrown),
  );
}

/** A settled promise of `answer()`; a throw (from an `onError` hook) rejects it, as in an async function. */
function settleNow(answer: () => JsonRpcResponse | null): Promise<JsonRpcResponse | null> {
  try {
    return Promise.resolve(answer());
  } catch (error) {
    return Promise.reject(error);
  }
}

function isPromise<T>(value: Promise<T> | T): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function answered(request: JsonRpcRequest, context: DispatchContext, call: RequestContext, result: JsonObject | null): JsonRpcResponse | null {
  call.finish();
  if (result === null || isAborted(context)) return null;
  return { jsonrpc: '2.0', id: request.id, result };
}

function failed(
  core: ServerCore,
  request: JsonRpcRequest,
  context: DispatchContext,
  call: RequestContext | undefined,
  thrown: unknown,
): JsonRpcResponse | null {
  call?.finish();
  if (isAborted(context)) return null;
  const { id, method } = request;
  if (thrown instanceof ResponseError) return error(id, thrown.code, thrown.message, thrown.data);
  core.onError(thrown, { method, requestId: id });
  return error(id, ErrorCode.InternalError, 'Internal error');
}
