import type { Principal } from '@mcpkit/server';

/**
 * Owners the 2025-11-25 plug-in sets for the tasks its sessions create (`session:<id>` when the
 * session has no principal), keyed by the signal of the modern request it dispatches: only code in
 * this process that holds that signal can name an owner, a client never can.
 */
export const OWNER_OVERRIDES = new WeakMap<AbortSignal, string>();

/**
 * Who may see a task (extensions/tasks/tasks.md "Auth binding"): the principal's issuer and subject
 * when the caller is authenticated, else the owner a legacy session set, else `null` (anyone who
 * holds the unguessable task id).
 */
export function ownerOf(principal: Principal | undefined, signal: AbortSignal | undefined): string | null {
  if (principal) return JSON.stringify([principal.issuer ?? null, principal.subject]);
  return (signal && OWNER_OVERRIDES.get(signal)) ?? null;
}

/** The part of a principal a task keeps to resume its handler later (JSON). */
export function storedPrincipal(principal: Principal | undefined): { subject: string; issuer?: string; scopes?: string[] } | undefined {
  if (!principal) return undefined;
  return {
    subject: principal.subject,
    ...(principal.issuer === undefined ? {} : { issuer: principal.issuer }),
    ...(principal.scopes === undefined ? {} : { scopes: [...principal.scopes] }),
  };
}
