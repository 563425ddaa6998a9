import { jsonRpcErrorResponse, type InterceptContext } from '@mcpkit/http';
import type { DispatchContext, Dispatcher, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, MessageContext } from '@mcpkit/jsonrpc';
import type { DualEraServer } from '@mcpkit/legacy';
import { ErrorCode, META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION } from '@mcpkit/schema';
import { catalogue as legacyCatalogue } from '@mcpkit/schema/2025-11-25';

/**
 * `serve-example --era legacy`: the example as a server that speaks only 2025-11-25, built from the
 * dual-era server by taking its modern door away. A modern request gets what a legacy server would
 * answer: on stdio, before `initialize`, a method 2025-11-25 does not have (`server/discover`) is
 * `-32601 Method not found` and any other request `-32600` (not initialized); on HTTP, a POST
 * without a session is `400` with an id-less `-32000` error, as a stateful legacy server says.
 * Inside a session, modern `_meta` keys are ignored like any unknown `_meta`.
 */

const LEGACY_METHODS = new Set(Object.keys(legacyCatalogue));
const MODERN_META = [META_PROTOCOL_VERSION, META_CLIENT_CAPABILITIES, META_CLIENT_INFO];

function withoutModernMeta(request: JsonRpcRequest): JsonRpcRequest {
  const meta = request.params?._meta as Record<string, unknown> | undefined;
  if (meta === undefined || !MODERN_META.some((key) => key in meta)) return request;
  const kept = Object.fromEntries(Object.entries(meta).filter(([key]) => !MODERN_META.includes(key)));
  return { ...request, params: { ...request.params, _meta: kept } };
}

function refuse(request: JsonRpcRequest): JsonRpcResponse {
  if (request.method === 'ping') return { jsonrpc: '2.0', id: request.id, result: {} };
  if (!LEGACY_METHODS.has(request.method)) {
    return { jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.MethodNotFound, message: `Method not found: ${request.method}` } };
  }
  return { jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.InvalidRequest, message: 'Server not initialized: send initialize first' } };
}

/** The stdio dispatcher of a legacy-only server. */
export class LegacyOnlyDispatcher implements Dispatcher {
  private readonly sessions = new Set<string>();

  constructor(private readonly dual: DualEraServer) {}

  async dispatch(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse | null> {
    const peer = context.peer;
    if (request.method === 'initialize' && peer !== undefined && !this.sessions.has(peer.id)) {
      const response = await this.dual.dispatch(withoutModernMeta(request), context);
      if (response !== null && 'result' in response) {
        this.sessions.add(peer.id);
        peer.onClose(() => this.sessions.delete(peer.id));
      }
      return response;
    }
    if (peer === undefined || !this.sessions.has(peer.id)) return refuse(request);
    return this.dual.dispatch(withoutModernMeta(request), context);
  }

  notification(notification: JsonRpcNotification, context: MessageContext): void {
    this.dual.notification(notification, context);
  }

  response(response: JsonRpcResponse, context: MessageContext): void {
    this.dual.response(response, context);
  }
}

/** The HTTP `intercept` of a legacy-only server: the dual server's legacy door, and a refusal for the rest. */
export function legacyOnlyIntercept(dual: DualEraServer) {
  return async (request: Request, body: unknown, context: InterceptContext): Promise<Response | undefined> => {
    const handled = await dual.intercept(request, body, context);
    if (handled !== undefined) return handled;
    if (request.method !== 'POST') return undefined; // the handler answers 405
    return jsonRpcErrorResponse(400, null, -32000, 'Bad Request: no valid session (this server speaks only 2025-11-25: send initialize first)');
  };
}
