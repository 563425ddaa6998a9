/**
 * The protocol revisions of the session-based era (the `initialize` handshake), and how a
 * message tells which era it belongs to. Shared by the dual-era server and the dual-era client.
 * spec: 2025-11-25/pages/basic/lifecycle.mdx (Version Negotiation)
 */

/**
 * The legacy revisions spoken, newest first. 2025-06-18, 2025-03-26 and 2024-11-05 share the wire
 * shapes of 2025-11-25 for everything a server built on `@mcpkit/server` sends (newer optional
 * fields are ignored by older clients), so a session may run on any of them; what an older one
 * lacks is refused by the client before it is sent (`UnsupportedInRevisionError`).
 */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = Object.freeze(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);

/**
 * Every session-era revision ever published. A header or `initialize` naming one of these is
 * legacy traffic; any other version string (say `2026-07-28`, or `v999.0.0`) belongs to the
 * stateless era and is left to the modern server, which answers -32022 for what it does not serve.
 */
export const KNOWN_LEGACY_VERSIONS: ReadonlySet<string> = new Set(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07']);

/** Whether `version` names a revision of the session era (2025-11-25 or earlier). */
export function isLegacyVersion(version: unknown): version is string {
  return typeof version === 'string' && KNOWN_LEGACY_VERSIONS.has(version);
}

/**
 * The version a server answers `initialize` with: the client's when it is served, otherwise the
 * newest served one (the client then decides whether to go on).
 * @example negotiateLegacyVersion('2025-06-18', LEGACY_PROTOCOL_VERSIONS) // '2025-06-18'
 */
export function negotiateLegacyVersion(requested: string, served: readonly string[] = LEGACY_PROTOCOL_VERSIONS): string {
  return served.includes(requested) ? requested : served[0]!;
}
