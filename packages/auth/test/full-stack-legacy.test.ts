/**
 * The same protected notes server served to a 2025-11-25 client through `dualEra(server).httpHandler`,
 * with `connect(url, { era: 'legacy', http: { fetch: withOAuth(...) } })` of `@mcpkit/legacy`: sign-in
 * on `initialize`, step-up inside the session, and a session bound to its principal: its GET stream,
 * its DELETE and its POSTs need a valid token of that principal (spec: 2025-11-25 basic/transports.mdx
 * sessions; basic/security_best_practices.mdx "Session Hijacking"; 2026-07-28 basic/authorization/index.mdx).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AuthError, parseWwwAuthenticate } from '../src/index.js';
import { legacyClient, mcpExchanges, oauthFetch, startNotesStack, text, type Exchange, type NotesStack } from './support/stack.js';
import type { TestAsOptions } from './support/test-as.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

async function session(as: TestAsOptions = {}) {
  const stack = await startNotesStack({ as, legacy: true });
  stops.push(() => stack.close());
  const log: Exchange[] = [];
  const authed = oauthFetch(stack, log);
  const client = await legacyClient(stack.url, authed);
  stops.push(() => client.close());
  return { stack, log, authed, client };
}

const names = (page: { tools: Array<{ name: string }> }) => page.tools.map((t) => t.name);

/** A raw request on the session, as another program would send it. */
function raw(stack: NotesStack, method: 'GET' | 'DELETE' | 'POST', sessionId: string, token?: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25', accept: 'application/json, text/event-stream' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(stack.url, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
}

async function status(response: Promise<Response>): Promise<[number, string | undefined]> {
  const r = await response;
  await r.body?.cancel();
  return [r.status, parseWwwAuthenticate(r.headers.get('www-authenticate'))[0]?.params.error ?? (r.headers.has('www-authenticate') ? 'challenge' : undefined)];
}

describe('a 2025-11-25 session with a protected dual-era server', () => {
  it('signs in on initialize, steps up on the write tool, and keeps its one session throughout', async () => {
    const { stack, log, client } = await session();
    expect(client.era).toBe('legacy');
    expect(text(await client.callTool({ name: 'read_notes' }))).toBe('buy milk');
    expect(names(await client.listTools())).toEqual(['read_notes']);

    expect(text(await client.callTool({ name: 'write_note', arguments: { text: 'call mom' } }))).toBe('saved: call mom');
    expect(names(await client.listTools())).toEqual(['read_notes', 'write_note']);

    const posts = mcpExchanges(log, stack.url).filter((e) => e.method === 'POST');
    expect(posts.slice(0, 2).map((e) => [e.rpc, e.bearer, e.status])).toEqual([
      ['initialize', false, 401],
      ['initialize', true, 200],
    ]);
    const writes = posts.filter((e) => e.rpc === 'tools/call').slice(1);
    expect(writes.map((e) => e.status)).toEqual([403, 200]);
    expect(parseWwwAuthenticate(writes[0]!.challenge)[0]!.params).toMatchObject({ error: 'insufficient_scope', scope: 'notes:write' });
    // The step-up changed the token, not the caller: the session went on.
    const sessions = new Set(posts.slice(2).map((e) => e.session));
    expect(sessions.size).toBe(1);
    expect([...sessions][0]).toMatch(/^[\x21-\x7e]{43}$/);
    expect(stack.as.eventsOf('authorize').map((a) => a.params.scope)).toEqual(['notes:read', 'notes:read notes:write']);
    expect(stack.notes).toEqual(['buy milk', 'call mom']);
  });

  it('guards the GET stream and DELETE: 401 without a valid token, 404 for another principal', async () => {
    const { stack, log, client } = await session();
    await client.callTool({ name: 'read_notes' });
    // The client's own GET stream carried its token and was accepted.
    await expect
      .poll(() =>
        mcpExchanges(log, stack.url)
          .filter((e) => e.method === 'GET')
          .map((e) => [e.bearer, e.status]),
      )
      .toEqual([[true, 200]]);
    const id = mcpExchanges(log, stack.url).find((e) => e.method === 'GET')!.session!;
    const otherUser = await stack.token({ sub: 'user-2', scope: 'notes:read notes:write' });
    const elsewhere = await stack.token({ aud: 'http://127.0.0.1:1/mcp', scope: 'notes:read' });

    // spec: 2026-07-28 basic/authorization/index.mdx "Token Requirements": every HTTP request carries the token.
    expect(await status(raw(stack, 'GET', id))).toEqual([401, 'challenge']);
    expect(await status(raw(stack, 'DELETE', id))).toEqual([401, 'challenge']);
    expect(await status(raw(stack, 'GET', id, elsewhere))).toEqual([401, 'invalid_token']);
    // A valid token of someone else finds no such session.
    expect(await status(raw(stack, 'GET', id, otherUser))).toEqual([404, undefined]);
    expect(await status(raw(stack, 'DELETE', id, otherUser))).toEqual([404, undefined]);
    const hijack = { jsonrpc: '2.0', id: 99, method: 'tools/call', params: { name: 'write_note', arguments: { text: 'hijacked' } } };
    expect(await status(raw(stack, 'POST', id, otherUser, hijack))).toEqual([404, undefined]);

    // None of it touched the session or its notes.
    expect(text(await client.callTool({ name: 'read_notes' }))).toBe('buy milk');
    await client.close();
    expect(
      mcpExchanges(log, stack.url)
        .filter((e) => e.method === 'DELETE')
        .map((e) => [e.bearer, e.status]),
    ).toEqual([[true, 200]]);
    expect(await status(raw(stack, 'DELETE', id, await stack.token({ scope: 'notes:read' })))).toEqual([404, undefined]);
  });

  it('gives up a step-up the user never grants with an AuthError, and the session stays usable', async () => {
    const { stack, client } = await session({ grantableScopes: ['notes:read'] });
    const error = await client.callTool({ name: 'write_note', arguments: { text: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ code: 'retry_limit', remote: false, scopes: ['notes:write'] });
    expect(stack.notes).toEqual(['buy milk']);
    expect(text(await client.callTool({ name: 'read_notes' }))).toBe('buy milk');
  });
});
