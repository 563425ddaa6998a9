/**
 * MCP 2026-07-28 without its validators: every wire type, the method catalogue, the protocol
 * constants, the header helpers and `formatErrors`. Importing this entry loads no validator (the
 * root entry loads them all; `@mcpkit/schema/2026-07-28/validators/<group>` loads one group).
 */
export type * from '../generated/2026-07-28/types/index.js';
export * from '../generated/2026-07-28/catalogue.js';
export * from '../generated/2026-07-28/constants.js';
export { formatErrors } from '../format-errors.js';
export type { ValidationError, Validator } from '../validator.js';
export type { CapabilityRef, MethodInfo, ProtocolVersion } from '../method-info.js';
export {
  headerParamsFromSchema,
  mcpParamHeaders,
  readHeaderParam,
  type HeaderParam,
  type HeaderParamRef,
  type HeaderParamsResult,
} from '../x-mcp-header.js';
export { decodeHeaderValue, encodeHeaderValue, headerValueMatches, isPlainHeaderValue, type HeaderScalar } from '../header-value.js';
export { readProtocolVersion } from '../protocol-version.js';
