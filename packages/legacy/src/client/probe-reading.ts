import type { JsonObject, JsonRpcErrorObject, JsonRpcRequest } from '@mcpkit/jsonrpc';
import { pickVersion, UnsupportedVersionError } from '@mcpkit/client';
import {
  ErrorCode,
  formatErrors,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_PROTOCOL_VERSION,
  validateDiscoverResult,
  type ClientCapabilities,
  type DiscoverResult,
  type Implementation,
} from '@mcpkit/schema';

/**
 * The era probe's wire logic, shared by stdio and HTTP: the modern `server/discover` it sends and
 * how one reply is read. Only a `DiscoverResult` or a recognised modern error (-32020..-32022; on
 * HTTP also a 404 carrying -32601) means modern; anything else means legacy, so the fallback never
 * hangs on one specific code (2026-07-28 basic/versioning.mdx; DIGEST §24.2).
 */

/** What the probe sends in `_meta`: the full modern set, as every modern request carries it. */
export interface ProbeIdentity {
  readonly clientInfo: Implementation;
  readonly capabilities: ClientCapabilities;
}

/** What one reply to the probe says. */
export type ProbeReading =
  | { readonly kind: 'modern'; readonly discover?: DiscoverResult; readonly reason: string }
  | { readonly kind: 'retry'; readonly version: string; readonly reason: string }
  | { readonly kind: 'legacy'; readonly reason: string; readonly version?: string };

/** The spec's own error codes: a server that sends one of them speaks the modern protocol. */
const MODERN_CODES: ReadonlySet<number> = new Set([ErrorCode.HeaderMismatch, ErrorCode.MissingRequiredClientCapability, ErrorCode.UnsupportedProtocolVersion]);

let probeCount = 0;

/**
 * A `server/discover` request with the full modern `_meta`. Its id is a string that the integer ids
 * of a later `Connection` can never equal, so a late answer to the probe is never taken for the
 * answer to `initialize`.
 */
export function probeRequest(version: string, identity: ProbeIdentity): JsonRpcRequest {
  return {
    jsonrpc: '2.0',
    id: `mcpkit-era-probe-${++probeCount}`,
    method: 'server/discover',
    params: {
      _meta: {
        [META_PROTOCOL_VERSION]: version,
        [META_CLIENT_CAPABILITIES]: identity.capabilities,
        [META_CLIENT_INFO]: identity.clientInfo,
      },
    },
  };
}

/** Reads a success reply: a `DiscoverResult` means modern; any other result means a legacy server answered something else. */
export function readResult(result: unknown): ProbeReading {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) {
    return { kind: 'legacy', reason: 'server/discover was answered with a result that is not an object' };
  }
  const candidate = { ...(result as JsonObject) };
  // Absent hints and resultType read as an older modern server would send them (caching.mdx, basic/index.mdx).
  candidate.resultType ??= 'complete';
  if (candidate.ttlMs === undefined) candidate.ttlMs = 0;
  candidate.cacheScope ??= 'private';
  if (!validateDiscoverResult(candidate)) {
    return {
      kind: 'legacy',
      reason: `server/discover was answered with something that is not a DiscoverResult (${formatErrors(validateDiscoverResult.errors)})`,
    };
  }
  return { kind: 'modern', discover: candidate, reason: 'server/discover returned a DiscoverResult' };
}

/**
 * Reads an error reply. `-32022` with a usable `supported` list asks for a retry with a version this
 * client speaks (modern first; a legacy-only list is answered with `initialize`); other modern codes
 * settle the era as modern; every other code means legacy.
 *
 * @throws UnsupportedVersionError when `-32022` lists no version this client speaks at all.
 */
export function readError(
  error: JsonRpcErrorObject,
  sent: string,
  modernVersions: readonly string[],
  legacyVersions: readonly string[],
  httpStatus?: number,
): ProbeReading {
  const code = error.code;
  const said = `${code} ${JSON.stringify(error.message)}`;
  if (httpStatus === 404 && code === ErrorCode.MethodNotFound) {
    return { kind: 'modern', reason: `server/discover was answered HTTP 404 with ${said}, the modern way of saying "not found"` };
  }
  if (!MODERN_CODES.has(code)) return { kind: 'legacy', reason: `server/discover was answered with ${said}, not a modern error` };
  if (code !== ErrorCode.UnsupportedProtocolVersion) return { kind: 'modern', reason: `server/discover was answered with the modern error ${said}` };
  const supported = supportedOf(error.data);
  if (supported === undefined) return { kind: 'modern', reason: `server/discover was answered -32022 without a readable supported list` };
  const modern = pickVersion(modernVersions, supported);
  if (modern !== undefined && modern !== sent) {
    return {
      kind: 'retry',
      version: modern,
      reason: `server/discover was answered -32022 (the server supports ${supported.join(', ')}); retrying with ${modern}`,
    };
  }
  if (modern === sent) return { kind: 'modern', reason: `server/discover was answered -32022 for ${sent}, a version the server itself lists` };
  const legacy = pickVersion(legacyVersions, supported);
  if (legacy !== undefined) {
    return {
      kind: 'legacy',
      version: legacy,
      reason: `server/discover was answered -32022; the server supports only ${supported.join(', ')}, spoken through initialize`,
    };
  }
  throw new UnsupportedVersionError([...modernVersions, ...legacyVersions], supported);
}

/** `data.supported` of a version error, when it is a list of strings. */
export function supportedOf(data: unknown): string[] | undefined {
  const supported = (data as { supported?: unknown } | null | undefined)?.supported;
  if (!Array.isArray(supported) || !supported.every((v) => typeof v === 'string')) return undefined;
  return supported as string[];
}
