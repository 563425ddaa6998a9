/**
 * Which scopes to ask for (spec: 2026-07-28/pages/basic/authorization/index.mdx, "Scope Selection
 * Strategy" and "Step-Up Authorization Flow"): the challenge's `scope` first, else the resource's
 * `scopes_supported`, else none; on step-up, the union of what was asked before and the new challenge.
 */

/** Splits a space-delimited scope string (RFC 6749 §3.3) into distinct scopes. */
export function splitScopes(scope: string | undefined): string[] {
  return scope === undefined ? [] : [...new Set(scope.split(/[ \t]+/).filter((s) => s !== ''))];
}

/** The distinct scopes of `a` followed by the new ones of `b`. */
export function unionScopes(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}

/** Initial selection: the challenge's scopes, else `scopes_supported`, else none (the parameter is omitted). */
export function selectScopes(challengeScope: string | undefined, scopesSupported: readonly string[] | undefined): string[] {
  const fromChallenge = splitScopes(challengeScope);
  if (fromChallenge.length > 0) return fromChallenge;
  return scopesSupported === undefined ? [] : unionScopes([], scopesSupported);
}

/**
 * Adds `offline_access` when the authorization server lists it and something else is being asked for
 * (spec: "Refresh Tokens": MAY add it when the AS metadata has it in `scopes_supported`).
 */
export function withOfflineAccess(scopes: readonly string[], serverScopes: readonly string[] | undefined, wanted: boolean): string[] {
  if (!wanted || scopes.length === 0 || !serverScopes?.includes('offline_access')) return [...scopes];
  return unionScopes(scopes, ['offline_access']);
}
