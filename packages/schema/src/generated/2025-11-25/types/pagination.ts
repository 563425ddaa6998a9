// Copied by tools/codegen from schema/2025-11-25/pagination.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: cursor pagination for list operations. The server picks the page size; the
 * client passes back the opaque `nextCursor` it received to get the following page, and stops
 * when a page comes without one.
 *
 * Spec: 2025-11-25/pages/server/utilities/pagination.mdx
 */

import type { Cursor, RequestParams, Result } from './base.js';
import type { JSONRPCRequest } from './jsonrpc.js';

/** Parameters shared by every list request that returns pages. */
export interface PaginatedRequestParams extends RequestParams {
  /**
   * Where to continue: the `nextCursor` of the previous page. Omit it to get the first page.
   */
  cursor?: Cursor;
}

/** The shape shared by every list request that returns pages. */
export interface PaginatedRequest extends JSONRPCRequest {
  /** Optional cursor and metadata. */
  params?: PaginatedRequestParams;
}

/** The shape shared by every page of a listing. */
export interface PaginatedResult extends Result {
  /**
   * Cursor for the page after this one. Present when more items may follow; absent on the last
   * page.
   */
  nextCursor?: Cursor;
}
