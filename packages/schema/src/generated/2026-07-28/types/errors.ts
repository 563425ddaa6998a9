// Copied by tools/codegen from schema/2026-07-28/errors.ts. Edit the source, then run `pnpm codegen`.
/**
 * Error responses defined by MCP itself, in the range -32020 to -32099 reserved for the spec.
 * Each is sent with HTTP status 400 on the HTTP transport.
 *
 * Source: `2026-07-28/pages/basic/index.mdx` (Error Codes), `2026-07-28/pages/basic/versioning.mdx`,
 * `2026-07-28/pages/basic/transports/streamable-http.mdx`, `2026-07-28/schema.json`.
 * The standard JSON-RPC errors live in `jsonrpc.ts`. Codes -32002 and -32042 are retired and
 * must not be sent.
 */

import type { ClientCapabilities } from './capabilities.js';
import type { Error, JSONRPCErrorResponse } from './jsonrpc.js';

/**
 * Error -32020: an HTTP header the request needs is missing or malformed, or its (decoded) value
 * differs from the matching value in the body (`Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`, ...).
 */
export interface HeaderMismatchError extends JSONRPCErrorResponse {
  /** The error, with code -32020. */
  error: Error & {
    /** Always -32020. */
    code: -32020;
  };
}

/**
 * Error -32021: the server cannot handle the request without a client capability that the
 * request's `clientCapabilities` did not declare.
 */
export interface MissingRequiredClientCapabilityError extends JSONRPCErrorResponse {
  /** The error, with code -32021 and the capabilities that were missing. */
  error: Error & {
    /** Always -32021. */
    code: -32021;
    /** Which capabilities are needed. */
    data: {
      /** The client capabilities the server needs in order to serve this request. */
      requiredCapabilities: ClientCapabilities;
    };
  };
}

/**
 * Error -32022: the server does not serve the protocol version named by the request, either
 * because it does not know it or because it chose not to support it.
 */
export interface UnsupportedProtocolVersionError extends JSONRPCErrorResponse {
  /** The error, with code -32022 and the versions involved. */
  error: Error & {
    /** Always -32022. */
    code: -32022;
    /** Which version was asked for and which ones would work. */
    data: {
      /** Versions the server serves; the client retries with one it also speaks. */
      supported: string[];
      /** The version the request asked for. */
      requested: string;
    };
  };
}
