// Copied by tools/codegen from schema/2025-11-25/roots.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: roots, the directories and files a client tells a server it may work within.
 * The server asks for the list; a client that declared `roots.listChanged` says when it changes.
 *
 * Spec: 2025-11-25/pages/client/roots.mdx
 */

import type { NotificationParams, RequestParams, Result } from './base.js';
import type { JSONRPCNotification, JSONRPCRequest } from './jsonrpc.js';

/** A directory or file the server is allowed to operate on. */
export interface Root {
  /**
   * Where the root is; in this revision it must be a `file://` URI.
   * @format uri
   */
  uri: string;
  /** A human-readable label for the root, for display or reference. */
  name?: string;
  /** Free-form metadata; MCP reserves some key prefixes for itself. */
  _meta?: { [key: string]: unknown };
}

/**
 * Sent by the server: asks the client which roots (for example project folders or
 * repositories) the server may work within.
 * @mcpResult ListRootsResult
 * @mcpCapability client.roots
 */
export interface ListRootsRequest extends JSONRPCRequest {
  /** Always `roots/list`. */
  method: 'roots/list';
  /** Carries nothing but optional metadata. */
  params?: RequestParams;
}

/** The client's current roots. */
export interface ListRootsResult extends Result {
  /** Every root the server may operate on. */
  roots: Root[];
}

/**
 * Sent by the client whenever it adds, removes or changes a root; the server may then ask for
 * the list again.
 * @mcpCapability client.roots.listChanged
 */
export interface RootsListChangedNotification extends JSONRPCNotification {
  /** Always `notifications/roots/list_changed`. */
  method: 'notifications/roots/list_changed';
  /** Carries nothing but optional metadata. */
  params?: NotificationParams;
}
