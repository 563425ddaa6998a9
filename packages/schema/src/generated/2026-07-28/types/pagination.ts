// Copied by tools/codegen from schema/2026-07-28/pagination.ts. Edit the source, then run `pnpm codegen`.
/**
 * Cursor-based paging shared by the four list methods (`tools/list`, `prompts/list`,
 * `resources/list`, `resources/templates/list`).
 *
 * Source: `2026-07-28/pages/server/utilities/pagination.mdx`, `2026-07-28/schema.json`.
 * Cursors are opaque and chosen by the server, as is the page size. Only a missing `nextCursor`
 * ends a list: the empty string is a valid cursor. A bad or expired cursor gets -32602.
 */

import type { RequestParams, Result } from './base.js';
import type { JSONRPCRequest } from './jsonrpc.js';

/**
 * An opaque position in a paged list, issued by the server and handed back unchanged.
 */
export type Cursor = string;

/**
 * Parameters of a list request: the usual `_meta` and an optional position to continue from.
 */
export interface PaginatedRequestParams extends RequestParams {
  /**
   * The `nextCursor` of the previous page; the server returns the items after it. Absent for the
   * first page.
   */
  cursor?: Cursor;
}

/**
 * A request for one page of a list. Concrete list methods fix `method`.
 */
export interface PaginatedRequest extends JSONRPCRequest {
  /** Where to continue, plus the usual `_meta`. */
  params: PaginatedRequestParams;
}

/**
 * A result holding one page of a list.
 */
export interface PaginatedResult extends Result {
  /**
   * Position after the last item of this page. When present more items may follow; when absent
   * this is the last page.
   */
  nextCursor?: Cursor;
}
