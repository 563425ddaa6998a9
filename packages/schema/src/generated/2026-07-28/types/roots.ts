// Copied by tools/codegen from schema/2026-07-28/roots.ts. Edit the source, then run `pnpm codegen`.
/**
 * Roots (deprecated): the directories or files a client lets a server work on. In this revision
 * `roots/list` is only an input request inside an InputRequiredResult, answered in the retry.
 *
 * Source: `2026-07-28/pages/client/roots.mdx`, `2026-07-28/pages/deprecated.mdx`,
 * `2026-07-28/schema.json`. Roots are advice about where to work, not access control.
 */

import type { Request } from './base.js';
import type { MetaObject } from './meta.js';

/**
 * A directory or file the server may operate on.
 */
export interface Root {
  /**
   * Where the root is; in this revision it must be a `file://` URI.
   * @format uri
   */
  uri: string;
  /** A human-readable name for the root, for display. */
  name?: string;
  /** Free metadata about the root. */
  _meta?: MetaObject;
}

/**
 * Asks the client which roots the server may work on. Appears only inside an InputRequiredResult;
 * the request has no arguments. Deprecated.
 * @mcpResult ListRootsResult
 * @mcpCapability client.roots
 */
export interface ListRootsRequest extends Request {
  /** Always `"roots/list"`. */
  method: 'roots/list';
  /** Nothing but optional free metadata. */
  params?: {
    /** Free metadata about the request. */
    _meta?: MetaObject;
  };
}

/**
 * The client's roots, returned in `inputResponses`. There is no error slot: a client that will not
 * answer simply does not retry.
 */
export interface ListRootsResult {
  /** The roots the server may use. */
  roots: Root[];
}
