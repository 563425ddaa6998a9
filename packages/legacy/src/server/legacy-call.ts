/**
 * One legacy request in flight, whatever the transport, and the modern request it becomes: the
 * session's capabilities, client info and log level turn into the per-request `_meta` that
 * `McpServer.dispatch` expects (DIGEST §1.1), so its capability gate (-32021) and logging work unchanged.
 */
import { isJsonObject, type JsonObject, type JsonRpcNotification, type JsonRpcRequest, type PeerChannel, type TransportInfo } from '@mcpkit/jsonrpc';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_LOG_LEVEL, META_PROTOCOL_VERSION } from '@mcpkit/schema';
import type { ClientRequester } from './client-requests.js';
import { MODERN_META_KEYS } from './legacy-shapes.js';
import type { LegacySession, LegacySessionState } from './session.js';

/** Everything the legacy handlers need about one request. */
export interface LegacyCall {
  /** The request as the legacy client sent it. */
  readonly request: JsonRpcRequest;
  /** Its session. */
  readonly session: LegacySession;
  /** Aborted when the client cancels it (`notifications/cancelled`) or the session ends. */
  readonly signal: AbortSignal;
  /** The transport facts handed to the modern dispatch (name, headers, principal). */
  readonly transport: TransportInfo;
  /** The channel of a stdio or HTTP+SSE session (its `id` is the session id), handed to the modern dispatch too. */
  readonly peer?: PeerChannel;
  /** Sends a notification about this request (progress, log) where the client expects it. */
  notify(notification: JsonRpcNotification): Promise<void>;
  /** Sends server-initiated requests to this session's client. */
  readonly requester: ClientRequester;
}

/** Client capability groups both revisions define; `tasks` (2025-11-25 only) is left behind. */
const SHARED_CLIENT_CAPABILITIES = ['experimental', 'roots', 'sampling', 'elicitation'] as const;

/** The session's client capabilities as a modern `ClientCapabilities`. */
export function toModernClientCapabilities(legacy: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of SHARED_CLIENT_CAPABILITIES) {
    const value = legacy[key];
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) out[key] = value;
  }
  return out;
}

const isObject = isJsonObject;

/**
 * The params of the modern request for a legacy request: the client's own params (minus
 * `inputResponses`/`requestState`, which only the shim may set) with a `_meta` built from the
 * session. The client's other `_meta` keys (`progressToken`...) are kept.
 */
export function toModernParams(params: JsonObject | undefined, state: LegacySessionState, modernVersion: string): JsonObject {
  const { inputResponses: _r, requestState: _s, _meta, ...rest } = params ?? {};
  const meta: JsonObject = {};
  if (isObject(_meta)) {
    for (const key of Object.keys(_meta)) if (!MODERN_META_KEYS.has(key)) meta[key] = _meta[key];
  }
  meta[META_PROTOCOL_VERSION] = modernVersion;
  meta[META_CLIENT_CAPABILITIES] = toModernClientCapabilities(state.clientCapabilities);
  meta[META_CLIENT_INFO] = state.clientInfo;
  if (state.logLevel !== undefined) meta[META_LOG_LEVEL] = state.logLevel;
  return { ...rest, _meta: meta };
}
