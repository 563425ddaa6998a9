// Copied by tools/codegen from schema/2025-11-25/ping.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: liveness check. Either side may send `ping` at any time, even before the
 * handshake is complete; the receiver answers at once with an empty result.
 *
 * Spec: 2025-11-25/pages/basic/utilities/ping.mdx
 */

import type { RequestParams, Result } from './base.js';
import type { JSONRPCRequest } from './jsonrpc.js';

/**
 * Asks the peer to prove it is still responsive. A peer that does not answer in time may be
 * treated as gone and the connection dropped.
 * @mcpResult EmptyResult
 */
export interface PingRequest extends JSONRPCRequest {
  /** Always `ping`. */
  method: 'ping';
  /** Carries nothing but optional metadata. */
  params?: RequestParams;
}

// Declared here, in a file processed after jsonrpc.ts has referenced `Result`, so that
// typescript-json-schema emits it as a plain `$ref` to `Result` (as the official schema does)
// rather than a copy of Result's body.

/**
 * A result that only acknowledges success and carries no data: the answer to `ping`,
 * `logging/setLevel`, `resources/subscribe` and `resources/unsubscribe`.
 */
export type EmptyResult = Result;
