/**
 * `introspectionVerifier` (RFC 7662): opaque tokens checked by asking the authorization server, end to
 * end through the guarded notes server (a DPoP-bound opaque token too: its `cnf.jkt` comes from the
 * introspection answer, RFC 9449 §6.2), and the cache: bounded, keyed by token hash, never past the
 * token's expiry, judged again on each use against an injected clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { headlessRedirect, withOAuth } from '../src/client.js';
import { bearerGuard, introspectionVerifier } from '../src/server.js';
import { startDpopStack, TestClock, type DpopStack } from './support/dpop-stack.js';
import { json, serve } from './support/serve.js';
import { modernClient, REDIRECT_URI, text } from './support/stack.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

const RS = { clientId: 'notes-rs', clientSecret: 'notes-rs-secret' };

describe('opaque tokens through introspection', () => {
  it('serves a DPoP-bound opaque token, introspecting it once while the cache holds the answer', async () => {
    let stack!: DpopStack;
    let verify: ReturnType<typeof introspectionVerifier> | undefined;
    stack = await startDpopStack({
      as: { opaqueTokens: true, introspection: RS },
      verify: (token, context) => {
        verify ??= introspectionVerifier({ endpoint: `${stack.as.issuer}/introspect`, ...RS, issuer: stack.as.issuer });
        return verify(token, context);
      },
    });
    stops.push(() => stack.close());
    const authed = withOAuth(fetch, { serverUrl: stack.url, redirect: headlessRedirect({ redirectUri: REDIRECT_URI }) });
    const mcp = modernClient(stack.url, authed);
    stops.push(() => mcp.close());
    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk');
    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk');
    expect(stack.as.eventsOf('token')[0]!.dpopJkt).toBeDefined();
    expect(stack.hits.filter((h) => h.scheme !== undefined).map((h) => [h.scheme, h.status])).toEqual([
      ['DPoP', 200],
      ['DPoP', 200],
    ]);
    expect(stack.as.eventsOf('introspect')).toHaveLength(1);
  });

  it('caches answers until cacheSeconds (injected clock), then sees a revocation', async () => {
    const clock = new TestClock();
    let stack!: DpopStack;
    let verify: ReturnType<typeof introspectionVerifier> | undefined;
    stack = await startDpopStack({
      as: { opaqueTokens: true, introspection: RS },
      dpop: false,
      verify: (token, context) => {
        verify ??= introspectionVerifier({ endpoint: `${stack.as.issuer}/introspect`, ...RS, issuer: stack.as.issuer, now: clock.now, cacheSeconds: 30 });
        return verify(token, context);
      },
    });
    stops.push(() => stack.close());
    const token = await stack.as.sign({ sub: 'user-1', aud: stack.url, scope: 'notes:read' });
    const call = () => post(stack.url, token);
    expect(await call()).toBe(200);
    expect(await call()).toBe(200);
    expect(stack.as.eventsOf('introspect')).toHaveLength(1);
    expect(stack.as.eventsOf('introspect')[0]!.params.token_type_hint).toBe('access_token');
    stack.as.revoked.add(token);
    expect(await call()).toBe(200); // still cached: revocation shows once the entry is older than cacheSeconds
    clock.advance(31);
    expect(await call()).toBe(401);
    expect(stack.as.eventsOf('introspect')).toHaveLength(2);
  });
});

/** An introspection endpoint answering from a script, counting its calls. */
async function scriptedEndpoint(answer: (token: string) => Record<string, unknown> | Response) {
  const calls: string[] = [];
  const served = await serve(async (request) => {
    const token = new URLSearchParams(await request.text()).get('token') ?? '';
    calls.push(token);
    const out = answer(token);
    return out instanceof Response ? out : json(out);
  });
  stops.push(() => served.close());
  return { url: `${served.url}/introspect`, calls };
}

const resource = 'https://mcp.example.test/mcp';
const request = (token: string) => new Request(resource, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

describe('introspectionVerifier on its own', () => {
  it('refuses inactive tokens, tokens for another audience, and answers without aud unless allowed', async () => {
    const now = Math.floor(Date.now() / 1000);
    const endpoint = await scriptedEndpoint((token) =>
      token === 'inactive'
        ? { active: false }
        : token === 'foreign'
          ? { active: true, sub: 'u', aud: 'https://other.example/mcp', exp: now + 60 }
          : { active: true, sub: 'u', exp: now + 60 },
    );
    const guard = bearerGuard({ resource, verify: introspectionVerifier({ endpoint: endpoint.url }) });
    const refused = async (token: string) => {
      const response = (await guard(request(token))) as Response;
      return [response.status, (await response.json()).error_description];
    };
    expect(await refused('inactive')).toEqual([401, 'The token is not active']);
    expect(await refused('foreign')).toEqual([401, 'The token was not issued for this server']);
    expect(await refused('no-aud')).toEqual([401, 'The token was not issued for this server']);
    const lenient = bearerGuard({ resource, verify: introspectionVerifier({ endpoint: endpoint.url, allowMissingAudience: true }) });
    expect(await lenient(request('no-aud'))).toMatchObject({ principal: { subject: 'u' } });
  });

  it('gives a token of a client-credentials grant (no sub) the client as subject', async () => {
    const endpoint = await scriptedEndpoint(() => ({ active: true, client_id: 'svc', aud: resource, scope: 'a b' }));
    const outcome = await bearerGuard({ resource, verify: introspectionVerifier({ endpoint: endpoint.url }) })(request('t'));
    expect(outcome).toMatchObject({ principal: { subject: 'svc', clientId: 'svc', scopes: ['a', 'b'] } });
  });

  it('answers 500 and tells onError when the endpoint fails; nothing is cached then', async () => {
    let fail = true;
    const endpoint = await scriptedEndpoint(() => (fail ? new Response('down', { status: 503 }) : { active: true, sub: 'u', aud: resource }));
    const errors: unknown[] = [];
    const guard = bearerGuard({ resource, verify: introspectionVerifier({ endpoint: endpoint.url }), onError: (e) => errors.push(e) });
    expect(((await guard(request('t'))) as Response).status).toBe(500);
    expect(errors[0]).toMatchObject({ code: 'introspection_failed', status: 503 });
    fail = false;
    expect(await guard(request('t'))).toMatchObject({ principal: { subject: 'u' } });
  });

  it('keeps at most cacheSize answers, shares one request among concurrent lookups, and never caches past exp', async () => {
    const clock = new TestClock();
    const exp = Math.floor(clock.ms / 1000) + 10;
    const endpoint = await scriptedEndpoint((token) => ({ active: true, sub: token, aud: resource, exp }));
    const verify = introspectionVerifier({ endpoint: endpoint.url, cacheSize: 2, cacheSeconds: 300, now: clock.now });
    const context = { request: request('x'), resource };
    await Promise.all([verify('a', context), verify('a', context), verify('a', context)]);
    expect(endpoint.calls).toEqual(['a']);
    await verify('b', context);
    await verify('c', context); // the cache holds two: 'a' (least recently used) goes
    await verify('c', context);
    await verify('a', context);
    expect(endpoint.calls).toEqual(['a', 'b', 'c', 'a']);
    clock.advance(16); // past exp and its 5 s tolerance: not served from the cache, and refused
    await expect(verify('a', context)).rejects.toThrow('The token has expired');
    expect(endpoint.calls).toEqual(['a', 'b', 'c', 'a', 'a']);
  });
});

async function post(url: string, token: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
    }),
  });
  await response.body?.cancel();
  return response.status;
}
