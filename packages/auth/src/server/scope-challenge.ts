/**
 * Per-operation scopes over HTTP: the `authorize` hook of `@mcpkit/http`'s handler. It runs once the
 * JSON-RPC message is parsed, asks a scope source (an `McpServer`, structurally) which scopes the
 * operation needs, and answers 403 `insufficient_scope` naming all of them, so the client can step up
 * (spec: 2026-07-28/pages/basic/authorization/index.mdx, "Runtime Insufficient Scope Errors": "include
 * all scopes required for the current operation in a single challenge").
 */
import type { JsonObject } from '@mcpkit/jsonrpc';
import { AuthError } from '../shared/errors.js';
import { missingScopes } from '../shared/principal.js';
import { parseUrl, resourceMetadataUrl } from '../shared/urls.js';
import { challengeResponse } from './challenge.js';

/** Says which scopes a request needs; `undefined` or empty when none. `McpServer.requiredScopes` is one. */
export type RequiredScopesFn = (method: string, params: JsonObject | undefined) => readonly string[] | undefined;

/** Anything with a `requiredScopes(method, params)` method, such as `McpServer` of `@mcpkit/server`. */
export interface RequiredScopesSource {
  requiredScopes(method: string, params: JsonObject | undefined): readonly string[] | undefined;
}

/** Options of {@link scopeChallenge}. */
export interface ScopeChallengeOptions {
  /** Where an operation's scopes come from: the server (its per-tool, prompt and resource `scopes`) or a function. */
  scopes: RequiredScopesSource | RequiredScopesFn;
  /** This server's canonical URI; the challenge names its path-aware metadata URL (as `bearerGuard` does). */
  resource?: string;
  /** Or the metadata URL itself. */
  resourceMetadataUrl?: string;
  /**
   * Scopes every request needs anyway (a static `requiredScopes` of the guard). They are named in the
   * challenge too: the spec wants every scope the operation needs in one challenge.
   */
  baseScopes?: readonly string[];
  /** An optional `realm` for the challenge. */
  realm?: string;
}

/** The `authorize` hook: a refusal to send, or `undefined` to let the request through. */
export type AuthorizeRequest = (principal: unknown, message: unknown) => Response | undefined;

/**
 * Builds the `authorize` hook answering 403 `insufficient_scope` for operations whose scopes the
 * caller lacks (401 when there is no caller). Compare scopes exactly: let the principal carry the
 * scopes a broader one implies (`bearerGuard({ scopeImplications })` does).
 * @example createHttpHandler(server, { authenticate: bearerGuard({ resource, verify }), authorize: scopeChallenge({ resource, scopes: server }) })
 */
export function scopeChallenge(options: ScopeChallengeOptions): AuthorizeRequest {
  const source = options.scopes;
  const lookup: RequiredScopesFn | undefined =
    typeof source === 'function'
      ? source
      : typeof source?.requiredScopes === 'function'
        ? (method, params) => source.requiredScopes(method, params)
        : undefined;
  if (lookup === undefined)
    throw new AuthError('invalid_configuration', 'scopeChallenge needs `scopes`: an object with requiredScopes(method, params), or that function');
  let metadataUrl = options.resourceMetadataUrl;
  if (metadataUrl === undefined && options.resource !== undefined) metadataUrl = resourceMetadataUrl(options.resource);
  if (metadataUrl === undefined) throw new AuthError('invalid_configuration', 'scopeChallenge needs `resource` or `resourceMetadataUrl`');
  parseUrl(metadataUrl, 'The resource metadata URL', 'invalid_configuration');
  const base = { resourceMetadataUrl: metadataUrl, ...(options.realm !== undefined && { realm: options.realm }) };
  const baseScopes = options.baseScopes ?? [];

  return (principal: unknown, message: unknown): Response | undefined => {
    const request = asRequest(message);
    if (request === undefined) return undefined; // notifications and responses ask for nothing
    const own = lookup(request.method, request.params);
    if (own === undefined || own.length === 0) return undefined;
    const needed = [...new Set([...baseScopes, ...own])];
    const granted = grantedScopes(principal);
    // No caller at all: "authorization required", with the scopes to ask for (index.mdx "Error Handling").
    if (granted === undefined) return challengeResponse({ ...base, scopes: needed });
    const missing = missingScopes({ scopes: granted }, needed);
    if (missing.length === 0) return undefined;
    return challengeResponse({ ...base, error: 'insufficient_scope', description: `Missing scope: ${missing.join(' ')}`, scopes: needed });
  };
}

function asRequest(message: unknown): { method: string; params: JsonObject | undefined } | undefined {
  if (message === null || typeof message !== 'object') return undefined;
  const { method, id, params } = message as { method?: unknown; id?: unknown; params?: unknown };
  if (typeof method !== 'string' || id === undefined) return undefined;
  const isObject = params !== null && typeof params === 'object' && !Array.isArray(params);
  return { method, params: isObject ? (params as JsonObject) : undefined };
}

/** The principal's scopes; `undefined` when there is no principal (no `authenticate` hook, or it let an anonymous caller in). */
function grantedScopes(principal: unknown): string[] | undefined {
  if (principal === null || typeof principal !== 'object') return undefined;
  const scopes = (principal as { scopes?: unknown }).scopes;
  return Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [];
}
