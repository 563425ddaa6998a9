import {
  errorResponse,
  ResponseError,
  successResponse,
  JsonRpcErrorCode,
  type DispatchContext,
  type JsonObject,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from '@mcpkit/jsonrpc';

/**
 * A jsonrpc dispatcher from a function that returns a result or throws: a `ResponseError` (or a peer's
 * error, re-thrown by the client) keeps its code and message, anything else is `-32603`.
 */
export function answerWith(
  serve: (request: JsonRpcRequest) => Promise<JsonObject>,
): (request: JsonRpcRequest, context: DispatchContext) => Promise<JsonRpcResponse> {
  return async (request) => {
    try {
      return successResponse(request.id, await serve(request));
    } catch (error) {
      if (error instanceof ResponseError) return errorResponse(request.id, error.code, error.message, error.data);
      const remote = error as { code?: unknown; message?: unknown; data?: unknown };
      if (typeof remote?.code === 'number' && typeof remote.message === 'string') return errorResponse(request.id, remote.code, remote.message, remote.data);
      return errorResponse(request.id, JsonRpcErrorCode.InternalError, error instanceof Error ? error.message : String(error));
    }
  };
}
