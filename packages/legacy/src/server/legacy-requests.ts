/**
 * Answers the requests of an initialized legacy session: the methods only 2025-11-25 has
 * (`ping`, `logging/setLevel`, `resources/subscribe`/`unsubscribe`) here, everything else through
 * the modern server with a `_meta` built from the session (and the MRTR shim for input).
 * spec: 2025-11-25/pages/basic/utilities/ping.mdx, server/utilities/logging.mdx, server/resources.mdx
 */
import { JsonRpcErrorCode, type JsonObject, type JsonRpcResponse, type RequestId } from '@mcpkit/jsonrpc';
import type { McpServer } from '@mcpkit/server';
import { formatErrors, validateSetLevelRequestParams, validateSubscribeRequestParams } from '@mcpkit/schema/2025-11-25';
import { META_CLIENT_CAPABILITIES } from '@mcpkit/schema';
import type { LegacyExtensionCall } from './extension.js';
import { toModernParams, type LegacyCall } from './legacy-call.js';
import { dispatchWithInput } from './mrtr-shim.js';
import type { ResolvedOptions } from './options.js';

const ok = (id: RequestId, result: JsonObject = {}): JsonRpcResponse => ({ jsonrpc: '2.0', id, result });
const fail = (id: RequestId, code: number, message: string): JsonRpcResponse => ({ jsonrpc: '2.0', id, error: { code, message } });

/** Methods of 2026-07-28 that a 2025-11-25 session does not have. */
const MODERN_ONLY = new Set(['server/discover', 'subscriptions/listen']);

type Check = ((value: unknown) => boolean) & { errors?: unknown };

function invalid(check: Check, params: unknown): string | undefined {
  return check(params ?? {}) ? undefined : formatErrors(check.errors as Parameters<typeof formatErrors>[0]);
}

/**
 * Answers one legacy request (not `initialize`, which the transports handle). Resolves null when
 * the request was cancelled: nothing is sent for it.
 */
export async function answerLegacyRequest(server: McpServer, options: ResolvedOptions, call: LegacyCall): Promise<JsonRpcResponse | null> {
  const { id, method, params } = call.request;
  if (options.extensions.length > 0) {
    const extensionCall = extensionCallOf(server, options, call);
    for (const extension of options.extensions) {
      const answered = extension.request?.(extensionCall);
      if (answered !== undefined) return answered;
    }
  }
  switch (method) {
    case 'initialize':
      // spec: lifecycle.mdx — initialization happens once, first
      return fail(id, JsonRpcErrorCode.InvalidRequest, 'The session is already initialized; start a new session to initialize again');
    case 'ping':
      return ok(id);
    case 'logging/setLevel': {
      if (!server.capabilities.logging) return fail(id, JsonRpcErrorCode.MethodNotFound, 'Method not found: logging/setLevel (this server does not log)');
      const problem = invalid(validateSetLevelRequestParams as Check, params);
      if (problem) return fail(id, JsonRpcErrorCode.InvalidParams, `Invalid params for logging/setLevel: ${problem}`);
      await call.session.setLogLevel((params as { level: never }).level);
      return ok(id);
    }
    case 'resources/subscribe':
    case 'resources/unsubscribe': {
      if (!server.capabilities.resources?.subscribe) {
        return fail(id, JsonRpcErrorCode.MethodNotFound, `Method not found: ${method} (this server does not offer resource subscriptions)`);
      }
      const problem = invalid(validateSubscribeRequestParams as Check, params);
      if (problem) return fail(id, JsonRpcErrorCode.InvalidParams, `Invalid params for ${method}: ${problem}`);
      const uri = (params as { uri: string }).uri;
      if (method === 'resources/subscribe') await call.session.subscribe(uri);
      else await call.session.unsubscribe(uri);
      return ok(id);
    }
    default:
      if (MODERN_ONLY.has(method))
        return fail(id, JsonRpcErrorCode.MethodNotFound, `Method not found: ${method} is not part of MCP ${call.session.state.protocolVersion}`);
      return withExtensionResults(
        options,
        method,
        await dispatchWithInput(server, options, call, method, toModernParams(params, call.session.state, server.supportedVersions[0]!)),
      );
  }
}

/** A legacy result after the extensions' rewrites (`LegacyExtension.result`). */
function withExtensionResults(options: ResolvedOptions, method: string, response: JsonRpcResponse | null): JsonRpcResponse | null {
  if (response === null || !('result' in response) || options.extensions.length === 0) return response;
  let result = response.result;
  for (const extension of options.extensions) if (extension.result) result = extension.result(method, result);
  return { ...response, result };
}

/** What an extension may do with one legacy request. */
function extensionCallOf(server: McpServer, options: ResolvedOptions, call: LegacyCall): LegacyExtensionCall {
  return {
    request: call.request,
    sessionId: call.sessionId,
    signal: call.signal,
    transport: call.transport,
    clientCapabilities: call.session.state.clientCapabilities,
    async dispatch(method, params, extra = {}) {
      const modern = toModernParams(params, call.session.state, server.supportedVersions[0]!);
      if (extra.clientExtensions) {
        const meta = modern._meta as JsonObject;
        const declared = meta[META_CLIENT_CAPABILITIES] as JsonObject;
        meta[META_CLIENT_CAPABILITIES] = { ...declared, extensions: { ...(declared.extensions as JsonObject | undefined), ...extra.clientExtensions } };
      }
      const routed = extra.signal ? { ...call, signal: extra.signal } : call;
      return withExtensionResults(options, method, await dispatchWithInput(server, options, routed, method, modern));
    },
    requestClient: (method, params, extra = {}) =>
      call.requester.request(method, params, { signal: extra.signal ?? call.signal, timeoutMs: options.inputTimeoutMs, relatedRequestId: call.request.id }),
  };
}
