import { RemoteError } from '@mcpkit/jsonrpc';
import { ErrorCode, LATEST_PROTOCOL_VERSION } from '@mcpkit/schema/2026-07-28/core';
import { UnsupportedVersionError } from './errors.js';

/**
 * Protocol version negotiation without a handshake (basic/versioning.mdx): every request names its
 * version; a server that does not serve it answers `-32022` with `data.supported`, and the client
 * retries with the best version both sides speak, or reports that there is none.
 */

/** The modern protocol versions this client speaks, newest (preferred) first. */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = [LATEST_PROTOCOL_VERSION];

/**
 * The first of `ours` (in our order of preference) that the server also supports, or `undefined`.
 *
 * @example pickVersion(['2026-07-28'], ['2026-07-28', '2025-11-25']) // '2026-07-28'
 */
export function pickVersion(ours: readonly string[], supported: readonly string[]): string | undefined {
  for (const version of ours) if (supported.includes(version)) return version;
  return undefined;
}

/**
 * What to do about an error to a request: the version to retry with, or `undefined`
 * when the error is not a usable `-32022`. Throws `UnsupportedVersionError` when the server lists
 * no version this client speaks.
 */
export function versionToRetry(error: unknown, ours: readonly string[]): string | undefined {
  if (!(error instanceof RemoteError) || error.code !== ErrorCode.UnsupportedProtocolVersion) return undefined;
  const supported = supportedVersions(error.data);
  // A -32022 without a readable list cannot be acted on: the caller sees the server's error as it is.
  if (supported === undefined) return undefined;
  const chosen = pickVersion(ours, supported);
  if (chosen === undefined) throw new UnsupportedVersionError(ours, supported, { cause: error });
  // Even when `chosen` is the version that was refused (a server listing the very version it refused),
  // the spec's answer is a retry with a version from `supported`; the callers retry once only, so a
  // server that keeps refusing cannot make the client loop.
  return chosen;
}

function supportedVersions(data: unknown): string[] | undefined {
  const supported = (data as { supported?: unknown } | null | undefined)?.supported;
  if (!Array.isArray(supported) || !supported.every((v) => typeof v === 'string')) return undefined;
  return supported as string[];
}
