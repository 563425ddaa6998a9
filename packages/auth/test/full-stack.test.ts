/**
 * OAuth end to end with our own pieces: the test authorization server, `@mcpkit/server` tools with
 * scopes behind `createHttpHandler` + `bearerGuard` + `scopeChallenge` on `serve()`, and a
 * `ModernClient` over `HttpClientTransport` with `withOAuth`. Sign-in from the first 401, step-up on
 * a tool that needs more, refresh, and a `private` cache that never crosses authorization contexts.
 */
import { MemoryCacheStore } from '@mcpkit/client';
import { afterEach, describe, expect, it } from 'vitest';
import { parseWwwAuthenticate } from '../src/index.js';
import { mcpExchanges, modernClient, oauthFetch, startNotesStack, text, type Exchange, type NotesStack } from './support/stack.js';
import type { TestAsOptions } from './support/test-as.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

async function start(as: TestAsOptions = {}): Promise<NotesStack> {
  const stack = await startNotesStack({ as });
  stops.push(() => stack.close());
  return stack;
}

function client(stack: NotesStack, log: Exchange[], cache?: MemoryCacheStore) {
  const authed = oauthFetch(stack, log);
  const mcp = modernClient(stack.url, authed, cache);
  stops.push(() => mcp.close());
  return { authed, mcp };
}

const params = (challenge: string | null) => parseWwwAuthenticate(challenge)[0]?.params;
const names = (page: { tools: Array<{ name: string }> }) => page.tools.map((t) => t.name);

describe('a modern client signs in and steps up against a protected server', () => {
  it('goes from the first 401 through discovery, registration and PKCE to a successful tools/call', async () => {
    const stack = await start();
    const log: Exchange[] = [];
    const { authed, mcp } = client(stack, log);

    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk');

    const calls = mcpExchanges(log, stack.url);
    expect(calls.map((e) => [e.rpc, e.bearer, e.status])).toEqual([
      ['tools/call', false, 401],
      ['tools/call', true, 200],
    ]);
    // spec: basic/authorization/authorization-server-discovery.mdx: the 401 names the metadata; the client reads it first.
    const metadataUrl = params(calls[0]!.challenge)!.resource_metadata!;
    expect(metadataUrl).toBe(stack.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp'));
    const metadataIndex = log.findIndex((e) => e.url === metadataUrl);
    expect(log[metadataIndex]!.status).toBe(200);
    expect(
      log
        .slice(metadataIndex)
        .map((e) => e.path)
        .filter((p) => !p.startsWith('/mcp')),
    ).toEqual(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-authorization-server', '/register', '/token']);
    const [authorize] = stack.as.eventsOf('authorize');
    expect(authorize!.params).toMatchObject({ code_challenge_method: 'S256', resource: stack.url });
    // spec: basic/authorization/index.mdx "Scope Selection Strategy": no scope in the 401, so scopes_supported.
    expect(authorize!.params.scope).toBe('notes:read');
    expect(stack.as.eventsOf('token')[0]).toMatchObject({ outcome: 'ok', params: { grant_type: 'authorization_code', resource: stack.url } });
    expect(authed.authorizationContextKey).toMatch(/^oauth:/);
  });

  it('meets 403 insufficient_scope on the write tool, re-authorizes with the union of scopes, and the tool runs once', async () => {
    const stack = await start();
    const log: Exchange[] = [];
    const { mcp } = client(stack, log);
    await mcp.callTool({ name: 'read_notes' });

    expect(text(await mcp.callTool({ name: 'write_note', arguments: { text: 'call mom' } }))).toBe('saved: call mom');

    const writes = mcpExchanges(log, stack.url)
      .filter((e) => e.rpc === 'tools/call')
      .slice(2); // after the read's 401 and 200
    expect(writes.map((e) => [e.bearer, e.status])).toEqual([
      [true, 403],
      [true, 200],
    ]);
    // spec: basic/authorization/index.mdx "Runtime Insufficient Scope Errors": 403 with error, scope and resource_metadata.
    expect(params(writes[0]!.challenge)).toEqual({
      error: 'insufficient_scope',
      error_description: 'Missing scope: notes:write',
      scope: 'notes:write',
      resource_metadata: stack.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp'),
    });
    // spec: index.mdx "Step-Up Authorization Flow": the previously requested scopes ∪ the challenged ones.
    expect(stack.as.eventsOf('authorize').map((a) => a.params.scope)).toEqual(['notes:read', 'notes:read notes:write']);
    expect(stack.notes).toEqual(['buy milk', 'call mom']);
    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk\ncall mom');
  });

  it('refreshes a token the server finds expired, without sending the user again, and keeps its authorization context', async () => {
    const stack = await start();
    stack.as.nextTokens.push({ expOffset: -120 }); // the first access token is already expired at the server
    const log: Exchange[] = [];
    const { authed, mcp } = client(stack, log);

    expect(names(await mcp.listTools())).toEqual(['read_notes']);

    expect(mcpExchanges(log, stack.url).map((e) => e.status)).toEqual([401, 401, 200]);
    expect(params(mcpExchanges(log, stack.url)[1]!.challenge)).toMatchObject({ error: 'invalid_token', error_description: 'The token has expired' });
    const grants = log.filter((e) => e.grant !== undefined);
    expect(grants.map((e) => e.grant)).toEqual(['authorization_code', 'refresh_token']);
    expect(stack.as.eventsOf('authorize')).toHaveLength(1);
    // The refresh keeps the context key, so what was cached as private stays served.
    expect(grants[1]!.keyAtSend).toBe(authed.authorizationContextKey);
    expect(names(await mcp.listTools())).toEqual(['read_notes']);
    expect(mcpExchanges(log, stack.url)).toHaveLength(3);
  });
});

describe('lists filtered per principal and the private cache', () => {
  it('serves a private tools/list from the cache only within one authorization context', async () => {
    const stack = await start();
    const log: Exchange[] = [];
    const { authed, mcp } = client(stack, log);
    const lists = () => mcpExchanges(log, stack.url).filter((e) => e.rpc === 'tools/list' && e.status === 200).length;

    const first = await mcp.listTools();
    expect(names(first)).toEqual(['read_notes']); // write_note needs a scope this caller lacks
    expect(first.cacheScope).toBe('private');
    expect(names(await mcp.listTools())).toEqual(['read_notes']);
    expect(lists()).toBe(1); // the second list came from the cache
    const before = authed.authorizationContextKey;

    await mcp.callTool({ name: 'write_note', arguments: { text: 'x' } }); // step-up: a new grant, a new context
    expect(authed.authorizationContextKey).not.toBe(before);
    expect(names(await mcp.listTools())).toEqual(['read_notes', 'write_note']);
    expect(lists()).toBe(2);
  });

  it('never serves one caller the private list cached for another, in a shared cache store', async () => {
    const stack = await start();
    const shared = new MemoryCacheStore(100);
    const logA: Exchange[] = [];
    const logB: Exchange[] = [];
    const a = client(stack, logA, shared);
    await a.mcp.callTool({ name: 'write_note', arguments: { text: 'x' } }); // A holds notes:read and notes:write
    expect(names(await a.mcp.listTools())).toEqual(['read_notes', 'write_note']);

    const b = client(stack, logB, shared); // B signs in on its own and holds notes:read only
    expect(names(await b.mcp.listTools())).toEqual(['read_notes']);
    expect(
      mcpExchanges(logB, stack.url)
        .filter((e) => e.rpc === 'tools/list')
        .map((e) => e.status),
    ).toEqual([401, 200]);
    expect(b.authed.authorizationContextKey).not.toBe(a.authed.authorizationContextKey);
    // A still gets its own entry from the shared store, without asking the server.
    const before = mcpExchanges(logA, stack.url).length;
    expect(names(await a.mcp.listTools())).toEqual(['read_notes', 'write_note']);
    expect(mcpExchanges(logA, stack.url)).toHaveLength(before);
  });
});
