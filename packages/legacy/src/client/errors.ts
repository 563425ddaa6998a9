import { UnsupportedInEraError } from '@mcpkit/client';
import { LocalError, TransportError } from '@mcpkit/jsonrpc';

/**
 * The errors of the dual-era client. Like every `LocalError` they carry no JSON-RPC code: a
 * server's own JSON-RPC error always arrives as `RemoteError`.
 */

/**
 * The era probe could not decide, so nothing was cached: the server refused us (HTTP 401/403 never
 * decide the era), failed (5xx), or could not be reached at all.
 */
export class EraProbeError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/legacy/EraProbeError';
  override readonly name = 'EraProbeError';
  constructor(
    message: string,
    /** The HTTP status of the probe's reply, when there was one. */
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The legacy handshake failed: `initialize` was refused, its result was not an `InitializeResult`,
 * or the server settled on a protocol version this client does not speak (lifecycle.mdx: "If the
 * client does not support the version in the server's response, it SHOULD disconnect").
 */
export class LegacyHandshakeError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/legacy/LegacyHandshakeError';
  override readonly name = 'LegacyHandshakeError';
  constructor(
    message: string,
    /** The version the server answered, when it answered one. */
    readonly serverVersion?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * `era: 'legacy'` was asked for, and the server refused `initialize` naming the modern versions it
 * speaks (versioning.mdx: a modern-only server SHOULD name them): the era the caller chose is not
 * the server's. Nothing is switched behind the caller's back; connect with `era: 'auto'` (it probes
 * and picks) or `'modern'`.
 */
export class EraMismatchError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/legacy/EraMismatchError';

  override readonly name = 'EraMismatchError';
  constructor(
    message: string,
    /** The era the caller asked for. */
    readonly asked: 'legacy' | 'modern',
    /** The versions the server named. */
    readonly supported: readonly string[],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The legacy HTTP server ended the session: it answered 404 to a request carrying
 * `Mcp-Session-Id` (2025-11-25 transports.mdx, "Session Management"). The legacy client reacts by
 * sending a new `initialize` without the id and retrying the request once.
 */
export class SessionExpiredError extends TransportError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/legacy/SessionExpiredError';
  override readonly name = 'SessionExpiredError';
  constructor(
    /** The session id the server no longer knows. */
    readonly sessionId: string,
  ) {
    super(`The server ended session ${sessionId} (HTTP 404); a new session must be initialized`);
  }
}

/**
 * The request needs a newer revision than the one the session negotiated (say `tasks/get`, or
 * completion `context`, on a 2025-03-26 server): refused before anything is sent. An
 * `UnsupportedInEraError` (and named so), so code that handles that one handles this too.
 */
export class UnsupportedInRevisionError extends UnsupportedInEraError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/legacy/UnsupportedInRevisionError';
  constructor(
    /** What was asked (a method, or a method and the parameter that needs more). */
    readonly what: string,
    /** The session's revision. */
    protocolVersion: string,
    /** The first revision that has it. */
    readonly since: string,
  ) {
    super(what, 'legacy', protocolVersion);
    this.message = `${what} needs MCP ${since} or later; this session negotiated ${protocolVersion}, so nothing was sent`;
  }
}
