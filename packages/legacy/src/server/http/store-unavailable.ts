/**
 * The answer to a legacy HTTP request the session store could not serve (a shared store out of
 * reach): 503 with `Retry-After`, so the client keeps its session and retries. It is never told
 * 404 (its session is not gone) nor served another session.
 */
import { jsonRpcErrorResponse } from '@mcpkit/http/toolkit';
import { JsonRpcErrorCode, type RequestId } from '@mcpkit/jsonrpc';

/** 503, `Retry-After: 1`, and a -32603 naming the store (with the request's id when there is one). */
export function storeUnavailable(id: RequestId | undefined): Response {
  return jsonRpcErrorResponse(503, id, JsonRpcErrorCode.InternalError, 'The session store is unavailable: retry shortly', undefined, { 'retry-after': '1' });
}
