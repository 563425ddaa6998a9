/**
 * Refusals through the full stack (the protected notes server on `serve()`, our clients): tokens for
 * another audience, expired tokens, tokens in the URL, a step-up that never succeeds, and scope
 * hierarchies (spec: 2026-07-28/pages/basic/authorization/index.mdx "Token Handling", "Token
 * Requirements", "Step-Up Authorization Flow"; security-considerations.mdx "Token Audience Binding").
 */
import { HttpTransportError } from '@mcpkit/http';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthError, parseWwwAuthenticate } from '../src/index.js';
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

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** A modern request sent by hand, with the headers a conforming client mirrors. */
async function post(
  url: string,
  token: string | undefined,
  method: string,
  params: Record<string, unknown> = {},
): Promise<{ status: number; challenge: Record<string, string> | undefined; body: any }> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
  };
  if (typeof params.name === 'string') headers['mcp-name'] = params.name;
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: META } }) });
  const body = await response.text();
  return {
    status: response.status,
    challenge: parseWwwAuthenticate(response.headers.get('www-authenticate'))[0]?.params,
    body: body === '' ? undefined : JSON.parse(body),
  };
}

const write = { name: 'write_note', arguments: { text: 'intruder' } };

describe('tokens the server refuses', () => {
  it('answers a token issued for another server with 401 invalid_token, and runs nothing', async () => {
    const stack = await start();
    const foreign = await stack.token({ aud: 'http://127.0.0.1:1/mcp', scope: 'notes:read notes:write' });
    const refused = await post(stack.url, foreign, 'tools/call', write);
    expect(refused.status).toBe(401);
    expect(refused.challenge).toMatchObject({ error: 'invalid_token', error_description: 'The token was not issued for this server' });
    expect(refused.challenge!.resource_metadata).toContain('/.well-known/oauth-protected-resource/mcp');
    expect(stack.notes).toEqual(['buy milk']);
  });

  it('answers an expired token with 401 invalid_token', async () => {
    const stack = await start();
    const expired = await post(stack.url, await stack.token({ scope: 'notes:read' }, -120), 'tools/call', { name: 'read_notes' });
    expect(expired.status).toBe(401);
    expect(expired.challenge).toMatchObject({ error: 'invalid_token', error_description: 'The token has expired' });
  });

  it('re-authorizes when its token expired and there is no refresh token', async () => {
    const stack = await start({ refreshTokens: false });
    stack.as.nextTokens.push({ expOffset: -120 });
    const log: Exchange[] = [];
    const mcp = modernClient(stack.url, oauthFetch(stack, log));
    stops.push(() => mcp.close());
    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk');
    expect(mcpExchanges(log, stack.url).map((e) => e.status)).toEqual([401, 401, 200]);
    expect(log.filter((e) => e.grant !== undefined).map((e) => e.grant)).toEqual(['authorization_code', 'authorization_code']);
  });

  it('refuses a token in the query string with 400, even next to a valid header, and its own client never puts one there', async () => {
    const stack = await start();
    const token = await stack.token({ scope: 'notes:read notes:write' });
    const inUrl = await post(`${stack.url}?access_token=${token}`, token, 'tools/call', write);
    expect(inUrl.status).toBe(400);
    expect(inUrl.challenge).toMatchObject({ error: 'invalid_request' });
    expect(stack.notes).toEqual(['buy milk']);

    const log: Exchange[] = [];
    const mcp = modernClient(stack.url, oauthFetch(stack, log));
    stops.push(() => mcp.close());
    await mcp.callTool({ name: 'write_note', arguments: { text: 'mine' } });
    expect(log.filter((e) => e.url.startsWith(stack.url)).every((e) => new URL(e.url).search === '')).toBe(true);
  });
});

describe('scopes the server checks per tool', () => {
  it('ends a step-up the user never grants with a clear AuthError, not a transport error, and the client stays usable', async () => {
    const stack = await start({ grantableScopes: ['notes:read'] }); // the user never grants notes:write
    const log: Exchange[] = [];
    const mcp = modernClient(stack.url, oauthFetch(stack, log));
    stops.push(() => mcp.close());
    await mcp.callTool({ name: 'read_notes' });

    const error = await mcp.callTool({ name: 'write_note', arguments: { text: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).not.toBeInstanceOf(HttpTransportError);
    expect(error).toMatchObject({ code: 'retry_limit', remote: false, status: 403, scopes: ['notes:write'] });
    expect((error as Error).message).toContain('notes:write');
    // spec: index.mdx "Step-Up Authorization Flow": a few retries, then a permanent failure.
    const authorizations = stack.as.eventsOf('authorize').length;
    expect(authorizations).toBe(4); // the sign-in, then three step-ups for the one write
    // The same refusal later fails at once, without sending the user again; other tools still work.
    expect(await mcp.callTool({ name: 'write_note', arguments: { text: 'y' } }).catch((e: unknown) => (e as AuthError).code)).toBe('retry_limit');
    expect(stack.as.eventsOf('authorize')).toHaveLength(authorizations);
    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk');
    expect(stack.notes).toEqual(['buy milk']);
  });

  it("honours a broader scope that implies the tool's: no 403, and no -32602 from dispatch either", async () => {
    const stack = await start();
    const admin = await stack.token({ scope: 'notes:admin' });
    const saved = await post(stack.url, admin, 'tools/call', { name: 'write_note', arguments: { text: 'by admin' } });
    expect(saved.status).toBe(200);
    expect(saved.body.result.content[0].text).toBe('saved: by admin');
    const listed = await post(stack.url, admin, 'tools/list');
    expect(listed.body.result.tools.map((t: { name: string }) => t.name)).toEqual(['read_notes', 'write_note']);
  });
});
