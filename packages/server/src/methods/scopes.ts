import { ErrorCode } from '@mcpkit/schema/2026-07-28/core';
import { ResponseError } from '@mcpkit/jsonrpc';
import type { RequestContext } from '../dispatch/request-context.js';
import { mayUse, missingScopes, type Principal } from '../util/principal.js';

/**
 * Refuses a request for an item whose scopes the caller's principal lacks: `-32602` with
 * `data.requiredScopes` (an HTTP authorization layer maps it to `403 insufficient_scope`, or checks
 * `server.requiredScopes(...)` before dispatching). Without a principal nothing is enforced.
 */
export function requireScopes(call: RequestContext, what: string, scopes: readonly string[] | undefined): void {
  if (!call.principal || !scopes || scopes.length === 0) return;
  const missing = missingScopes(call.principal, scopes);
  if (missing.length > 0) {
    throw new ResponseError(ErrorCode.InvalidParams, `Insufficient scope for ${what}: missing ${missing.join(', ')}`, {
      requiredScopes: [...scopes],
    });
  }
}

/** A filter keeping the items a caller may see, or `undefined` when nothing needs filtering. */
export function visibleTo<T extends { readonly scopes: readonly string[] | undefined }>(
  principal: Principal | undefined,
  scoped: boolean,
): ((item: T) => boolean) | undefined {
  if (!principal || !scoped) return undefined;
  return (item) => mayUse(principal, item.scopes);
}
