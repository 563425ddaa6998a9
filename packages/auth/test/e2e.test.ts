/**
 * The whole flow against a real local authorization server and resource server: first 401 to a
 * successful call, step-up, refresh, a change of authorization server, and the refusals that must stop
 * the client before it sends a code or a token where it should not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AuthError } from '../src/index.js';
import { headlessRedirect, withOAuth, type OAuthOptions } from '../src/client.js';
import { TestAuthorizationServer, type TestAsOptions } from './support/test-as.js';
import { TestResourceServer, call, type TestRsOptions } from './support/test-rs.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function setup(asOptions: TestAsOptions = {}, rsOptions: TestRsOptions = {}) {
  const as = await TestAuthorizationServer.start(asOptions);
  const rs = await TestResourceServer.start(as.issuer, as.jwksUrl, rsOptions);
  stops.push(
    () => rs.close(),
    () => as.close(),
  );
  return { as, rs };
}

function client(serverUrl: string, options: Partial<OAuthOptions> = {}, baseFetch: typeof fetch = fetch) {
  return withOAuth(baseFetch, { serverUrl, redirect: headlessRedirect({ redirectUri: REDIRECT }), ...options });
}

async function rejection(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

describe('authorization code flow, from the first 401 to a successful call', () => {
  it('discovers, registers, authorizes with PKCE and resource, and retries with the bearer token', async () => {
    const { as, rs } = await setup();
    const authed = client(rs.url);
    expect(authed.authorizationContextKey).toBeUndefined();

    const response = await call(authed, rs.url, 'tools/list');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { subject: string } }).result.subject).toBe('user-1');

    // The first attempt went without a token and got the 401 challenge; the retry carried the token.
    expect(rs.mcpStatuses()).toEqual([401, 200]);
    const authorizedHit = rs.hits.at(-1)!;
    expect(authorizedHit.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    // spec: 2026-07-28/pages/basic/authorization/index.mdx "Token Requirements": never in the query string.
    expect(rs.hits.every((h) => !new URL(h.url).search.includes('token'))).toBe(true);

    // spec: client-registration.mdx "Application Type": DCR sends application_type (loopback redirect → native).
    const [register] = as.eventsOf('register');
    expect(JSON.parse(register!.params.application_type!)).toBe('native');
    const [authorize] = as.eventsOf('authorize');
    expect(authorize!.params.code_challenge_method).toBe('S256');
    // RFC 8707: resource on both requests, verbatim from the protected resource metadata.
    expect(authorize!.params.resource).toBe(rs.url);
    // spec: index.mdx "Scope Selection Strategy": the challenge's scope comes first.
    expect(authorize!.params.scope).toBe('mcp:read');
    const [token] = as.eventsOf('token');
    expect(token!.params.resource).toBe(rs.url);
    expect(token!.params.code_verifier).toMatch(/^[\w-]{43}$/);
    expect(token!.outcome).toBe('ok');

    expect(authed.authorizationContextKey).toMatch(/^oauth:[\w-]{22}$/);
    expect(authed.authorizationContextKey).not.toContain(authorizedHit.authorization!.slice(7, 30));

    // A second call reuses the token: no new authorization.
    expect((await call(authed, rs.url, 'tools/list', 2)).status).toBe(200);
    expect(as.eventsOf('authorize')).toHaveLength(1);
  });

  it('steps up on 403 insufficient_scope with the union of the old and new scopes, keeping the body', async () => {
    const { as, rs } = await setup();
    const authed = client(rs.url);
    expect((await call(authed, rs.url, 'tools/list')).status).toBe(200);
    const keyBefore = authed.authorizationContextKey;

    const response = await call(authed, rs.url, 'tools/call', 7);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: number; result: { scopes: string[] } };
    expect(body.id).toBe(7);
    expect(body.result.scopes.sort()).toEqual(['mcp:read', 'mcp:write']);

    // spec: index.mdx "Step-Up Authorization Flow": previously requested scopes ∪ challenged scopes.
    const authorizations = as.eventsOf('authorize');
    expect(authorizations.map((a) => a.params.scope)).toEqual(['mcp:read', 'mcp:read mcp:write']);
    expect(rs.mcpStatuses()).toEqual([401, 200, 403, 200]);
    expect(authed.authorizationContextKey).not.toBe(keyBefore);
    // Both kinds of call work with the new token.
    expect((await call(authed, rs.url, 'tools/list', 8)).status).toBe(200);
  });

  it('refreshes when the server says the token expired, without sending the user again', async () => {
    const { as, rs } = await setup();
    as.nextTokens.push({ expOffset: -120 }); // the first access token is already expired at the resource server
    const authed = client(rs.url);
    expect((await call(authed, rs.url, 'tools/list')).status).toBe(200);

    const grants = as.eventsOf('token').map((t) => t.params.grant_type);
    expect(grants).toEqual(['authorization_code', 'refresh_token']);
    expect(as.eventsOf('token')[1]!.params.resource).toBe(rs.url);
    expect(as.eventsOf('authorize')).toHaveLength(1);
    expect(rs.mcpStatuses()).toEqual([401, 401, 200]);
  });

  it('refreshes before sending when the token it holds has expired', async () => {
    const { as, rs } = await setup();
    // The token and its first refresh announce expires_in 0: each is refreshed before it is sent.
    as.nextTokens.push({ expiresIn: 0 }, { expiresIn: 0 });
    const authed = client(rs.url);
    expect((await call(authed, rs.url, 'tools/list')).status).toBe(200);
    expect(as.eventsOf('token').map((t) => t.params.grant_type)).toEqual(['authorization_code', 'refresh_token']);
    expect((await call(authed, rs.url, 'tools/list', 2)).status).toBe(200);
    expect(as.eventsOf('token').map((t) => t.params.grant_type)).toEqual(['authorization_code', 'refresh_token', 'refresh_token']);
    // Only the very first attempt (with no token at all) met a 401.
    expect(rs.mcpStatuses()).toEqual([401, 200, 200]);
  });

  it('re-registers with a new authorization server and never shows it the old client id', async () => {
    const { as, rs } = await setup();
    const as2 = await TestAuthorizationServer.start();
    stops.push(() => as2.close());
    const authed = client(rs.url);
    expect((await call(authed, rs.url, 'tools/list')).status).toBe(200);
    const oldClientId = as.eventsOf('token')[0]!.params.client_id;

    rs.useAuthorizationServer(as2.issuer, as2.jwksUrl);
    expect((await call(authed, rs.url, 'tools/list', 2)).status).toBe(200);

    // spec: client-registration.mdx "Authorization Server Binding": re-register, never reuse credentials.
    expect(as2.eventsOf('register')).toHaveLength(1);
    const seenAtAs2 = [...as2.eventsOf('authorize'), ...as2.eventsOf('token')].map((e) => e.params.client_id);
    expect(seenAtAs2).not.toContain(oldClientId);
    // The old refresh token was not tried at either server.
    expect([...as.eventsOf('token'), ...as2.eventsOf('token')].map((t) => t.params.grant_type)).toEqual(['authorization_code', 'authorization_code']);
  });

  it('shares one authorization among concurrent requests', async () => {
    const { as, rs } = await setup();
    const authed = client(rs.url);
    const statuses = await Promise.all([1, 2, 3].map(async (id) => (await call(authed, rs.url, 'tools/list', id)).status));
    expect(statuses).toEqual([200, 200, 200]);
    expect(as.eventsOf('authorize')).toHaveLength(1);
  });

  it('passes requests for other URLs through untouched, with no token', async () => {
    const { rs } = await setup();
    const authed = client(rs.url);
    await call(authed, rs.url, 'tools/list');
    const other = `${new URL(rs.url).origin}/elsewhere`;
    expect((await authed(other)).status).toBe(404);
    expect(rs.hits.at(-1)!.authorization).toBeNull();
  });
});

describe('refusals that stop the client', () => {
  it('gives up with a clear error when step-up keeps failing (retry limit)', async () => {
    // The user never grants mcp:admin: the resource server keeps answering 403.
    const { as, rs } = await setup({ grantableScopes: ['mcp:read'] }, { scopesFor: (method) => (method === 'tools/call' ? ['mcp:admin'] : []) });
    const authed = client(rs.url);
    const error = await rejection(call(authed, rs.url, 'tools/call'));
    expect(error.code).toBe('retry_limit');
    expect(error.message).toContain('mcp:admin');
    expect(error.scopes).toEqual(['mcp:admin']);
    // spec: index.mdx "Step-Up Authorization Flow": retry no more than a few times.
    expect(as.eventsOf('authorize')).toHaveLength(3);
    // The same challenge later fails at once, without sending the user again.
    const again = await rejection(call(authed, rs.url, 'tools/call', 2));
    expect(again.code).toBe('retry_limit');
    expect(as.eventsOf('authorize')).toHaveLength(3);
  });

  it('refuses an authorization response whose iss is not the recorded issuer, before the token endpoint', async () => {
    const { as, rs } = await setup({ issInRedirect: 'wrong' });
    const error = await rejection(call(client(rs.url), rs.url, 'tools/list'));
    expect(error.code).toBe('invalid_authorization_response');
    expect(as.eventsOf('authorize')).toHaveLength(1);
    expect(as.eventsOf('token')).toHaveLength(0);
  });

  it('refuses authorization server metadata whose issuer differs, before using any endpoint', async () => {
    const { as, rs } = await setup({ metadataIssuer: 'https://honest.example' });
    const error = await rejection(call(client(rs.url), rs.url, 'tools/list'));
    expect(error.code).toBe('issuer_mismatch');
    expect(as.events.map((e) => e.type)).toEqual(['metadata']);
  });

  it('really sends the PKCE verifier: a tampered verifier is refused by the authorization server', async () => {
    const { as, rs } = await setup();
    const tampering: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/token') {
        const form = new URLSearchParams(await request.text());
        form.set('code_verifier', `${form.get('code_verifier')}x`);
        return fetch(request.url, { method: 'POST', headers: request.headers, body: form });
      }
      return fetch(request);
    };
    const error = await rejection(call(client(rs.url, {}, tampering), rs.url, 'tools/list'));
    expect(error.code).toBe('token_request_failed');
    expect(error.oauthError).toBe('invalid_grant');
    expect(as.eventsOf('token')[0]!.outcome).toBe('invalid_grant');
  });

  it('refuses protected resource metadata for another resource, before authorizing', async () => {
    const { as, rs } = await setup({}, { resourceOverride: 'https://evil.example/mcp' });
    const error = await rejection(call(client(rs.url), rs.url, 'tools/list'));
    expect(error.code).toBe('resource_mismatch');
    expect(as.events).toHaveLength(0);
  });

  it('refuses to proceed when the authorization server does not advertise PKCE', async () => {
    const { as, rs } = await setup({ pkce: false });
    const error = await rejection(call(client(rs.url), rs.url, 'tools/list'));
    expect(error.code).toBe('pkce_unsupported');
    expect(as.eventsOf('authorize')).toHaveLength(0);
  });
});
