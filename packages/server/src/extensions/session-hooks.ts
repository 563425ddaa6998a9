/**
 * What a server that keeps sessions (the 2025-11-25 era, served from a modern server by
 * `@mcpkit/legacy`) tells its observers about them. Types only: no session exists in this package.
 */
import type { JsonObject, JsonRpcRequest } from '@mcpkit/jsonrpc';

/** What `onSessionStart` learns about a new legacy session. */
export interface LegacySessionInfo {
  /** The session id: the `Mcp-Session-Id` on HTTP, the channel's `peer.id` on stdio, the `sessionId` of the endpoint on HTTP+SSE. */
  readonly id: string;
  readonly transport: 'stdio' | 'http' | 'http+sse';
  /** The negotiated revision. */
  readonly protocolVersion: string;
  /** The client's `clientInfo`. */
  readonly clientInfo: Readonly<Record<string, unknown>>;
  /** The capabilities the client declared in `initialize`, for the whole session. */
  readonly clientCapabilities: Readonly<Record<string, unknown>>;
}

/** What `onSessionEnd` learns about a legacy session that ended. */
export interface LegacySessionEnd {
  /** The id `onSessionStart` was given. */
  readonly id: string;
  /** The transport the session ran on. */
  readonly transport: 'stdio' | 'http' | 'http+sse';
  /** `closed`: the channel closed (stdio, HTTP+SSE) or the server closed; `deleted`: the client sent HTTP `DELETE`. */
  readonly reason: 'closed' | 'deleted';
}

/**
 * The session hooks of a dual-era server (`dualEra(server, { onSessionStart, onSessionEnd, requestMeta })`
 * of `@mcpkit/legacy`), declared here so that both that package and observers such as
 * `@mcpkit/otel` (which may not depend on it) use one declaration.
 */
export interface LegacySessionHooks {
  /** Called when a legacy session starts (after its `initialize` was answered). */
  onSessionStart(session: LegacySessionInfo): void;
  /** Called when a legacy session ends: its channel closed, or the client deleted it. */
  onSessionEnd(session: LegacySessionEnd): void;
  /** Extra `_meta` keys for a server-initiated request sent while serving the client request `origin`. */
  requestMeta(request: { readonly method: string; readonly params: JsonObject }, origin: JsonRpcRequest): Record<string, unknown> | undefined;
}
