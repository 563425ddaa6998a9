// Copied by tools/codegen from schema/2026-07-28/discover.ts. Edit the source, then run `pnpm codegen`.
/**
 * `server/discover`: a one-call view of the protocol versions, capabilities and identity of a
 * server. Every modern server implements it; clients may skip it and call methods directly.
 *
 * Source: `2026-07-28/pages/server/discover.mdx`, `2026-07-28/pages/basic/versioning.mdx`,
 * `2026-07-28/schema.json`. On stdio it doubles as the probe that tells a modern server from a
 * legacy one.
 */

import type { CacheableResult, RequestParams } from './base.js';
import type { ServerCapabilities } from './capabilities.js';
import type { JSONRPCRequest, JSONRPCResultResponse } from './jsonrpc.js';

/**
 * Asks the server which protocol versions it speaks, what it offers and who it is. Takes nothing
 * but the usual `_meta`.
 * @mcpResult DiscoverResult
 */
export interface DiscoverRequest extends JSONRPCRequest {
  /** Always `"server/discover"`. */
  method: 'server/discover';
  /** Only the required `_meta`. */
  params: RequestParams;
}

/**
 * What the server reports about itself, with caching hints. Its identity travels in
 * `_meta["io.modelcontextprotocol/serverInfo"]`, not in a top-level field.
 */
export interface DiscoverResult extends CacheableResult {
  /** Protocol revisions the server accepts; the client picks one of them for its requests. */
  supportedVersions: string[];
  /** The optional features the server offers. */
  capabilities: ServerCapabilities;
  /**
   * Guidance in plain language on how to use the server well, e.g. for a system prompt. It should
   * not repeat what the tool descriptions already say.
   */
  instructions?: string;
}

/**
 * The successful response to `server/discover`.
 */
export interface DiscoverResultResponse extends JSONRPCResultResponse {
  /** The server's versions, capabilities and identity. */
  result: DiscoverResult;
}
