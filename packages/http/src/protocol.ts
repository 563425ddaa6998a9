/**
 * The few MCP protocol facts this package needs, taken from `@mcpkit/schema` (the generated
 * constants and method catalogue). Header names are kept lowercase for lookups.
 */
import type { MethodName } from '@mcpkit/schema';
import {
  ErrorCode,
  HEADER_METHOD as METHOD_HEADER,
  HEADER_NAME as NAME_HEADER,
  HEADER_PARAM_PREFIX as PARAM_PREFIX,
  HEADER_PROTOCOL_VERSION as VERSION_HEADER,
  LATEST_PROTOCOL_VERSION,
  META_CLIENT_CAPABILITIES,
  MCP_NAME_SOURCES,
  META_PROTOCOL_VERSION,
} from '@mcpkit/schema/2026-07-28/core';

export { ErrorCode, LATEST_PROTOCOL_VERSION, META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION };

/** Header names, lowercase (HTTP header names are case-insensitive). */
export const HEADER_PROTOCOL_VERSION = VERSION_HEADER.toLowerCase();
export const HEADER_METHOD = METHOD_HEADER.toLowerCase();
export const HEADER_NAME = NAME_HEADER.toLowerCase();
export const HEADER_PARAM_PREFIX = PARAM_PREFIX.toLowerCase();

/** Which `params` member the `Mcp-Name` header mirrors for `method`, per the catalogue (its small table, not the whole catalogue). */
export function mcpNameSource(method: string): 'name' | 'uri' | undefined {
  return Object.hasOwn(MCP_NAME_SOURCES, method) ? MCP_NAME_SOURCES[method as MethodName] : undefined;
}
