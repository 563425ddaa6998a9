/**
 * MCP 2025-11-25 without its validators: every wire type, the method catalogue, the protocol
 * constants and `formatErrors`. Importing this entry loads no validator (`@mcpkit/schema/2025-11-25`
 * loads them all; `@mcpkit/schema/2025-11-25/validators/<group>` loads one group).
 */
export type * from '../generated/2025-11-25/types/index.js';
export * from '../generated/2025-11-25/catalogue.js';
export * from '../generated/2025-11-25/constants.js';
export { formatErrors } from '../format-errors.js';
export type { ValidationError, Validator } from '../validator.js';
export type { CapabilityRef, MethodInfo, ProtocolVersion } from '../method-info.js';
