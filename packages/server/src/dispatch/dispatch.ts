import { ResponseError, type DispatchContext, type JsonRpcRequest, type JsonRpcResponse } from '@mcpkit/jsonrpc';
import { ErrorCode, formatErrors, type ValidationError } from '@mcpkit/schema';
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
 * Answers one request (the whole server side of the protocol, as one function of the request, its
 * context and the current registry snapshot). Order of checks: method offered (-32601), `_meta`
 * (-32602 / -32022), params against the method's schema (-32602), then the method itself. Never
 * rejects: a handler's `ResponseError` becomes that error; anything else becomes `-32603` without
 * message or stack, reported to `onError`. Resolves `null` once the request was cancelled.
 */
export async function dispatchRequest(core: ServerCore, request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse | null> {
  const { id, method } = request;
  let call: RequestContext | undefined;
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
    const result = await handler.handle(params!, call, core, registry, context);
    call.finish();
    if (result === null || isAborted(context)) return null;
    return { jsonrpc: '2.0', id, result };
  } catch (thrown) {
    call?.finish();
    if (isAborted(context)) return null;
    if (thrown instanceof ResponseError) return error(id, thrown.code, thrown.message, thrown.data);
    core.onError(thrown, { method, requestId: id });
    return error(id, ErrorCode.InternalError, 'Internal error');
  }
}
