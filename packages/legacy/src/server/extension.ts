/**
 * The 2025-11-25 flavour of an extension, plugged into `dualEra` (`DualEraOptions.extensions`): what a
 * legacy session should see of it (capabilities in `initialize`, changes to results) and the legacy
 * requests it serves itself. `@mcpkit/legacy/tasks` (2025-11-25 core tasks) is built on this alone.
 */
import type { JsonObject, JsonRpcRequest, JsonRpcResponse, TransportInfo } from '@mcpkit/jsonrpc';

/** One legacy request, as an extension may serve it. */
export interface LegacyExtensionCall {
  /** The request as the legacy client sent it. */
  readonly request: JsonRpcRequest;
  /** The session: the `Mcp-Session-Id` on HTTP, the channel's id on stdio. */
  readonly sessionId: string;
  /** Aborted when the client cancels the request or the session ends. */
  readonly signal: AbortSignal;
  /** The transport facts (its principal, when an authorization layer set one). */
  readonly transport: TransportInfo;
  /** The capabilities the session's client declared in `initialize`, as it sent them (`extensions` included). */
  readonly clientCapabilities: JsonObject;
  /**
   * Serves `method` through the modern server with the session's `_meta` (plus `clientExtensions` in
   * the declared capabilities), input requests answered over the session; resolves the legacy
   * response (or null once cancelled). `signal` replaces the request's own (it must abort when it does).
   */
  dispatch(
    method: string,
    params: JsonObject,
    options?: { clientExtensions?: Record<string, JsonObject>; signal?: AbortSignal },
  ): Promise<JsonRpcResponse | null>;
  /** Sends a request to the session's client (a server-initiated request) and resolves its result. */
  requestClient(method: string, params: JsonObject, options?: { signal?: AbortSignal }): Promise<JsonObject>;
}

/** An extension's 2025-11-25 side. Every member is optional. */
export interface LegacyExtension {
  /** Capabilities added to the server's `InitializeResult` (a 2025-11-25 `tasks` entry, say). */
  capabilities?(): JsonObject;
  /** Serves a legacy request itself; `undefined` leaves it to the usual route. */
  request?(call: LegacyExtensionCall): Promise<JsonRpcResponse | null> | undefined;
  /** Rewrites a result on its way to the legacy client (`tools/list` with `execution.taskSupport`, say). */
  result?(method: string, result: JsonObject): JsonObject;
}
