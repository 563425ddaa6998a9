import type { Principal, TransportInfo } from '@mcpkit/server';

/**
 * Who may see a task (extensions/tasks/tasks.md "Auth binding"): the principal's issuer and subject
 * when the caller is authenticated, else the session the transport names (`TransportInfo.session`:
 * a 2025-11-25 session, as `@mcpkit/legacy` dispatches it; a client can never set it), else `null`
 * (anyone who holds the unguessable task id).
 */
export function ownerOf(principal: Principal | undefined, transport: Pick<TransportInfo, 'session'> | undefined): string | null {
  if (principal) return JSON.stringify([principal.issuer ?? null, principal.subject]);
  const session = transport?.session;
  return typeof session === 'string' ? `session:${session}` : null;
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
