/**
 * The one reader of the protocol version a message's `_meta` names
 * (`io.modelcontextprotocol/protocolVersion`): every package that needs it (the server's `_meta`
 * check, the HTTP header check, the dual-era routing, telemetry) asks here.
 * spec: 2026-07-28/pages/basic/versioning.mdx
 */
import { META_PROTOCOL_VERSION } from './generated/2026-07-28/constants.js';

/**
 * The protocol version `meta` (a request's `params._meta`) names, or `undefined` when it names none
 * (no `_meta` object, no such key, or a value that is not a string).
 * @example readProtocolVersion(request.params?._meta) // '2026-07-28'
 */
export function readProtocolVersion(meta: unknown): string | undefined {
  if (meta === null || typeof meta !== 'object') return undefined;
  const version = (meta as Record<string, unknown>)[META_PROTOCOL_VERSION];
  return typeof version === 'string' ? version : undefined;
}
