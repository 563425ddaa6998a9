/**
 * The few MCP protocol facts this package needs, in one place.
 *
 * TEMPORARY: `@mcpkit/schema` (constants and the method catalogue) has not landed yet. When it does,
 * this module re-exports from it and the hand-written `MCP_NAME_SOURCE` table goes away.
 */

/** The newest revision this package speaks. */
export const LATEST_PROTOCOL_VERSION = '2026-07-28';

/** `_meta` key carrying the request's protocol revision. */
export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
/** `_meta` key carrying the request's client capabilities. */
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

/** Header names, lowercase (HTTP header names are case-insensitive). */
export const HEADER_PROTOCOL_VERSION = 'mcp-protocol-version';
export const HEADER_METHOD = 'mcp-method';
export const HEADER_NAME = 'mcp-name';
export const HEADER_PARAM_PREFIX = 'mcp-param-';

/** JSON-RPC and MCP error codes used by the transport. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
} as const;

const MCP_NAME_SOURCE: Readonly<Record<string, 'name' | 'uri'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/** Which `params` member the `Mcp-Name` header mirrors for `method`, if any. */
export function mcpNameSource(method: string): 'name' | 'uri' | undefined {
  return Object.hasOwn(MCP_NAME_SOURCE, method) ? MCP_NAME_SOURCE[method] : undefined;
}
