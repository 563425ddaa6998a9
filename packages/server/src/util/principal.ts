/**
 * The authenticated caller, as an authorization layer puts it in `DispatchContext.transport.principal`.
 * Only `subject` is required; `issuer` and `scopes` are read when present.
 */
export interface Principal {
  /** Stable identifier of the caller at its issuer (the token's `sub`). */
  readonly subject: string;
  /** Who vouched for the subject (the token's `iss`); part of the caller's identity. */
  readonly issuer?: string;
  /** The scopes granted to this request's credentials. */
  readonly scopes?: readonly string[];
  readonly [key: string]: unknown;
}

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
