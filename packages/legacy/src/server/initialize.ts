/**
 * The `initialize` handshake: version negotiation, the session state it settles and the
 * `InitializeResult`, built from the modern server's info, capabilities and instructions.
 * spec: 2025-11-25/pages/basic/lifecycle.mdx (Initialization, Version Negotiation)
 */
import { JsonRpcErrorCode, type JsonObject, type JsonRpcRequest, type JsonRpcResponse } from '@mcpkit/jsonrpc';
import type { McpServer } from '@mcpkit/server';
import { formatErrors, validateInitializeRequestParams } from '@mcpkit/schema/2025-11-25';
import { negotiateLegacyVersion } from '../shared/versions.js';
import type { LegacyExtension } from './extension.js';
import { toLegacyCapabilities } from './legacy-shapes.js';
import type { LegacySessionState } from './session.js';

/** What `initialize` produced: a session to create and the result to send, or the error to send. */
export type InitializeOutcome =
  | { readonly ok: true; readonly state: LegacySessionState; readonly result: JsonObject }
  | { readonly ok: false; readonly response: JsonRpcResponse };

/**
 * Answers `initialize`: echoes the client's version when it is served, else offers the newest
 * served one. A request without a usable `protocolVersion` gets the legacy version error,
 * `-32602` with `data: {supported, requested}` (never -32022, which 2025-11-25 does not know).
 */
export function initializeSession(
  server: McpServer,
  served: readonly string[],
  request: JsonRpcRequest,
  extensions: readonly LegacyExtension[] = [],
): InitializeOutcome {
  const params = request.params;
  const requested = params?.protocolVersion;
  if (typeof requested !== 'string') {
    return {
      ok: false,
      response: {
        jsonrpc: '2.0',
        id: request.id,
        error: {
          code: JsonRpcErrorCode.InvalidParams,
          message: 'Unsupported protocol version',
          data: { supported: [...served], requested: requested ?? null },
        },
      },
    };
  }
  if (!validateInitializeRequestParams(params)) {
    const reason = formatErrors(validateInitializeRequestParams.errors);
    return {
      ok: false,
      response: { jsonrpc: '2.0', id: request.id, error: { code: JsonRpcErrorCode.InvalidParams, message: `Invalid params for initialize: ${reason}` } },
    };
  }
  const protocolVersion = negotiateLegacyVersion(requested, served);
  const state: LegacySessionState = {
    protocolVersion,
    clientCapabilities: (params!.capabilities ?? {}) as JsonObject,
    clientInfo: { ...params!.clientInfo } as JsonObject,
    logLevel: undefined,
    subscriptions: [],
  };
  const result: JsonObject = {
    protocolVersion,
    capabilities: Object.assign(toLegacyCapabilities(server.capabilities), ...extensions.map((extension) => extension.capabilities?.() ?? {})),
    serverInfo: { ...server.info } as JsonObject,
  };
  if (server.instructions !== undefined) result.instructions = server.instructions;
  return { ok: true, state, result };
}
