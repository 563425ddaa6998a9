/**
 * MCP 2026-07-28, the stateless revision: every wire type, a precompiled validator per type
 * (`validate<Type>`), the method catalogue and the protocol constants.
 */
export type * from './generated/2026-07-28/types/index.js';
export * from './generated/2026-07-28/validators.js';
export * from './generated/2026-07-28/catalogue.js';
export * from './generated/2026-07-28/constants.js';
export { formatErrors } from './format-errors.js';
export type { ValidationError, Validator } from './validator.js';
export type { CapabilityRef, MethodInfo, ProtocolVersion } from './method-info.js';
export {
  headerParamsFromSchema,
  mcpParamHeaders,
  readHeaderParam,
  type HeaderParam,
  type HeaderParamRef,
  type HeaderParamsResult,
} from './x-mcp-header.js';
export { decodeHeaderValue, encodeHeaderValue, headerValueMatches, isPlainHeaderValue, type HeaderScalar } from './header-value.js';
