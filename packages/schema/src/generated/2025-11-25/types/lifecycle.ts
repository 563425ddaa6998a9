// Copied by tools/codegen from schema/2025-11-25/lifecycle.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: the session handshake. The client opens with `initialize`, the server answers
 * with its version, capabilities and identity, and the client confirms with
 * `notifications/initialized` before normal traffic starts.
 *
 * Spec: 2025-11-25/pages/basic/lifecycle.mdx
 */

import type { Implementation, NotificationParams, RequestParams, Result } from './base.js';
import type { ClientCapabilities, ServerCapabilities } from './capabilities.js';
import type { JSONRPCNotification, JSONRPCRequest } from './jsonrpc.js';

/**
 * The first message a client sends on a new connection, proposing a protocol version and
 * announcing what it can do. It must not be cancelled.
 * @mcpResult InitializeResult
 */
export interface InitializeRequest extends JSONRPCRequest {
  /** Always `initialize`. */
  method: 'initialize';
  /** The client's proposal. */
  params: InitializeRequestParams;
}

/** What the client offers when it opens a session. */
export interface InitializeRequestParams extends RequestParams {
  /**
   * The protocol revision the client would like to speak, normally the newest it knows; it may
   * still accept older ones.
   */
  protocolVersion: string;
  /** The optional features the client supports for this session. */
  capabilities: ClientCapabilities;
  /** Who the client is. */
  clientInfo: Implementation;
}

/** The server's answer to `initialize`: the agreed version and what the server offers. */
export interface InitializeResult extends Result {
  /**
   * The revision the server will speak: the client's if the server supports it, otherwise one
   * the server prefers. A client that cannot speak it must disconnect.
   */
  protocolVersion: string;
  /** The optional features the server supports for this session. */
  capabilities: ServerCapabilities;
  /** Who the server is. */
  serverInfo: Implementation;
  /**
   * Free-text guidance on using this server, which a client may pass on to the model (for
   * example in the system prompt).
   */
  instructions?: string;
}

/**
 * Sent by the client once it has accepted the server's `initialize` answer; normal operation
 * begins after it.
 */
export interface InitializedNotification extends JSONRPCNotification {
  /** Always `notifications/initialized`. */
  method: 'notifications/initialized';
  /** Carries nothing but optional metadata. */
  params?: NotificationParams;
}
