import { deriveClientCapabilities, UnsupportedVersionError, type ExtraCapabilities, type InputHandlers } from '@mcpkit/client';
import { META_SERVER_INFO, type DiscoverResult } from '@mcpkit/schema';
import {
  formatErrors,
  validateInitializeResult,
  type ClientCapabilities,
  type Implementation,
  type InitializeRequestParams,
  type InitializeResult,
} from '@mcpkit/schema/2025-11-25';
import { LegacyHandshakeError } from './errors.js';

/**
 * The pieces of the 2025-11-25 handshake (basic/lifecycle.mdx, "Initialization"): the capabilities
 * a session declares, derived from the very handlers that answer the server's requests, the
 * `initialize` params, and the checks on the server's answer.
 */

/**
 * The session-wide capabilities of a legacy client: what `deriveClientCapabilities` derives from
 * the handlers, with `roots.listChanged` (the client can send `notifications/roots/list_changed`)
 * and without `extensions`, which 2025-11-25 does not have.
 *
 * @example legacyCapabilities({ roots: listRoots }) // { roots: { listChanged: true } }
 */
export function legacyCapabilities(handlers: InputHandlers, extra: ExtraCapabilities = {}): ClientCapabilities {
  const modern = deriveClientCapabilities(handlers, { experimental: extra.experimental });
  const capabilities: ClientCapabilities = {};
  if (modern.experimental !== undefined) capabilities.experimental = modern.experimental;
  if (modern.roots !== undefined) capabilities.roots = { listChanged: true };
  if (modern.sampling !== undefined) capabilities.sampling = modern.sampling;
  if (modern.elicitation !== undefined) capabilities.elicitation = modern.elicitation;
  // The 2025-11-25 schema has no `extensions` member, but extensions negotiated in `initialize` (MCP
  // Apps: `capabilities.extensions["io.modelcontextprotocol/ui"]`) are declared there; servers that
  // do not know the member ignore it.
  if (extra.extensions !== undefined && Object.keys(extra.extensions).length > 0)
    (capabilities as ClientCapabilities & { extensions?: ExtraCapabilities['extensions'] }).extensions = extra.extensions;
  return capabilities;
}

/** The params of `initialize`. */
export function initializeParams(version: string, capabilities: ClientCapabilities, clientInfo: Implementation): InitializeRequestParams {
  return { protocolVersion: version, capabilities, clientInfo };
}

/**
 * Checks the server's answer to `initialize`: a valid `InitializeResult` naming a version this client
 * speaks. Anything else throws, and the caller disconnects.
 */
export function readInitializeResult(result: unknown, versions: readonly string[]): InitializeResult {
  if (!validateInitializeResult(result)) {
    throw new LegacyHandshakeError(
      `The server answered initialize with something that is not an InitializeResult (${formatErrors(validateInitializeResult.errors)})`,
    );
  }
  if (!versions.includes(result.protocolVersion)) {
    // lifecycle.mdx "Version Negotiation": a version the client does not support means it SHOULD disconnect.
    throw new LegacyHandshakeError(
      `The server settled on protocol ${JSON.stringify(result.protocolVersion)}, which this client does not speak (it speaks ${versions.join(', ')})`,
      result.protocolVersion,
      { cause: new UnsupportedVersionError(versions, [result.protocolVersion]) },
    );
  }
  return result;
}

/**
 * What `discover()` returns on a legacy session: the initialize result in the modern shape. The
 * negotiated version is the only supported one the session can use; there are no caching hints, so
 * `ttlMs` is 0 (stale at once) and the scope `private`.
 */
export function discoverView(result: InitializeResult): DiscoverResult {
  const view: DiscoverResult = {
    resultType: 'complete',
    supportedVersions: [result.protocolVersion],
    capabilities: result.capabilities as DiscoverResult['capabilities'],
    ttlMs: 0,
    cacheScope: 'private',
    _meta: { [META_SERVER_INFO]: result.serverInfo },
  };
  if (result.instructions !== undefined) view.instructions = result.instructions;
  return view;
}
