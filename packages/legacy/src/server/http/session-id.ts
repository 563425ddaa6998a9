/**
 * Session and stream ids. A session id is 32 random bytes (256 bits) from the platform's
 * cryptographic generator, in base64url: visible ASCII only, as 2025-11-25 requires.
 * spec: 2025-11-25/pages/basic/transports.mdx (Session Management)
 */

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A new `Mcp-Session-Id`.
 * @example mintSessionId() // 'Qm9v...' (43 characters of [A-Za-z0-9_-])
 */
export function mintSessionId(): string {
  return base64url(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/** A new stream id (unique within a session; no dot, since event ids are `<stream>.<n>`). */
export function mintStreamId(): string {
  return base64url(globalThis.crypto.getRandomValues(new Uint8Array(9)));
}

/** Whether `value` could be one of our session ids (43 base64url characters): cheap refusal of junk. */
export function isSessionIdShape(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
