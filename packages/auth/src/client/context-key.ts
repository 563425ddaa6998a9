/**
 * A stable, non-secret name for "who is calling with which rights": the key a client cache uses for
 * entries the server marked `cacheScope: private`. It hashes the issuer, client id, resource, granted
 * scopes and the grant's random id, so it survives token refreshes but changes with a new sign-in or
 * a step-up, and two users of one client never share it. No token goes into it.
 */
import { base64url } from './pkce.js';
import type { StoredTokens } from './store.js';

/** The authorization context key of a token set (`oauth:` + 128 bits of SHA-256, base64url). */
export async function authorizationContextKey(tokens: StoredTokens): Promise<string> {
  const material = JSON.stringify([tokens.issuer, tokens.clientId, tokens.resource, [...tokens.grantedScopes].sort(), tokens.grantId]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(material));
  return `oauth:${base64url(new Uint8Array(digest).subarray(0, 16))}`;
}
