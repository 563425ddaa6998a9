import type { Principal } from '@mcpkit/jsonrpc';

// The caller's shape is jsonrpc's (`Principal`, owned there): one declaration for every package.
export type { Principal };

/** The transport's principal when it has the `Principal` shape, otherwise `undefined` (anonymous). */
export function readPrincipal(value: unknown): Principal | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const subject = (value as { subject?: unknown }).subject;
  return typeof subject === 'string' ? (value as Principal) : undefined;
}

/** The scopes of `required` that `principal` was not granted (empty when nothing is missing). */
export function missingScopes(principal: Principal, required: readonly string[]): string[] {
  const granted = principal.scopes ?? [];
  return required.filter((scope) => !granted.includes(scope));
}

/**
 * Whether a caller may see and use an item that requires `required` scopes. Scopes are enforced only
 * when a principal is present: without one (stdio, no auth layer) nothing is filtered.
 */
export function mayUse(principal: Principal | undefined, required: readonly string[] | undefined): boolean {
  if (!principal || !required || required.length === 0) return true;
  return missingScopes(principal, required).length === 0;
}
