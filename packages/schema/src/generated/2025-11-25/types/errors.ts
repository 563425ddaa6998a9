// Copied by tools/codegen from schema/2025-11-25/errors.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: error responses with an MCP-defined shape.
 *
 * Besides the JSON-RPC codes (-32700 parse error, -32600 invalid request, -32601 method not
 * found, -32602 invalid params, -32603 internal error), this revision uses -32002 for an
 * unknown resource and -32042 when a URL-mode elicitation must happen first. A rejected
 * `initialize` version is -32602 with `data: { supported, requested }`.
 *
 * Spec: 2025-11-25/pages/client/elicitation.mdx (Error Handling),
 * 2025-11-25/pages/basic/lifecycle.mdx (Error Handling)
 */

import type { ElicitRequestURLParams } from './elicitation.js';
import type { Error, RequestId } from './jsonrpc.js';

/**
 * An error response saying the request cannot go ahead until the user completes one or more
 * URL-mode elicitations; the client may retry after they finish.
 */
export interface URLElicitationRequiredError {
  /** Protocol marker; always `"2.0"`. */
  jsonrpc: '2.0';
  /** The id of the request being refused. */
  id?: RequestId;
  /** Code -32042, with the elicitations to complete in `data`. */
  error: Error & {
    /** Always -32042. */
    code: -32042;
    /** What the client must do before retrying. */
    data: {
      /** The URL-mode elicitations the user must complete. */
      elicitations: ElicitRequestURLParams[];
      [key: string]: unknown;
    };
  };
}
