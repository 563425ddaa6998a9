/**
 * The verified caller of a protected request, and scope checks on it. The shape matches what
 * `@mcpkit/server` reads from `ctx.transport.principal` (`subject`, `issuer`, `scopes`), so per-tool,
 * per-resource and per-prompt scopes work without either package knowing the other.
 */
import type { Principal } from '@mcpkit/jsonrpc';
import { AuthError } from './errors.js';

/**
 * Who made a request, as a token verifier established it: jsonrpc's `Principal` (what the server
 * reads) with the token's facts. Plain JSON, so it can be sealed into state.
 */
export interface TokenPrincipal extends Principal {
  /** The token's subject (`sub`). */
  subject: string;
  /** The token's issuer (`iss`), when known. */
  issuer?: string;
  /** The OAuth client the token was issued to (`client_id` or `azp`), when known. */
  clientId?: string;
  /** The scopes granted to the token. */
  scopes: string[];
  /** When the token expires, in seconds since the epoch (`exp`). */
  expiresAt?: number;
  /** Every claim of the token (or whatever a custom verifier returns). */
  claims: Record<string, unknown>;
}

/** Which granted scope implies which others (`{ 'files:write': ['files:read'] }`); one level, not transitive. */
export type ScopeImplications = Readonly<Record<string, readonly string[]>>;

/** The scopes of `required` that `principal` lacks (empty when it has them all), honouring implications. */
export function missingScopes(principal: Pick<TokenPrincipal, 'scopes'>, required: readonly string[], implies: ScopeImplications = {}): string[] {
  const granted = new Set(principal.scopes);
  for (const scope of principal.scopes) for (const implied of implies[scope] ?? []) granted.add(implied);
  return required.filter((scope) => !granted.has(scope));
}

/**
 * `scopes` plus every scope they imply (one level), in order and without repeats: what a caller may do.
 * @example withImpliedScopes(['files:write'], { 'files:write': ['files:read'] }); // ['files:write', 'files:read']
 */
export function withImpliedScopes(scopes: readonly string[], implies: ScopeImplications = {}): string[] {
  const out = new Set(scopes);
  for (const scope of scopes) for (const implied of implies[scope] ?? []) out.add(implied);
  return [...out];
}

/** True when `principal` holds every scope of `required`. */
export function hasScopes(principal: Pick<TokenPrincipal, 'scopes'>, required: readonly string[], implies?: ScopeImplications): boolean {
  return missingScopes(principal, required, implies).length === 0;
}

/**
 * Throws an {@link AuthError} `insufficient_scope` (listing the required scopes) unless `principal` holds them all.
 * @example requireScopes(principal, ['files:write']);
 */
export function requireScopes(principal: Pick<TokenPrincipal, 'scopes'>, required: readonly string[], implies?: ScopeImplications): void {
  const missing = missingScopes(principal, required, implies);
  if (missing.length > 0) {
    throw new AuthError('insufficient_scope', `Missing scope${missing.length > 1 ? 's' : ''}: ${missing.join(' ')}`, {
      scopes: [...required],
      status: 403,
    });
  }
}
