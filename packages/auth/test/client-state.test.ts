/**
 * What the client keeps: tokens and registrations in a pluggable store (reused after a restart),
 * the authorization context key (stable across refreshes, new for a new sign-in), sign-in ahead of
 * time and sign-out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { headlessRedirect, MemoryOAuthStore, withOAuth, type OAuthStore } from '../src/client.js';
import { TestAuthorizationServer } from './support/test-as.js';
import { TestResourceServer, call } from './support/test-rs.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function setup() {
  const as = await TestAuthorizationServer.start();
  const rs = await TestResourceServer.start(as.issuer, as.jwksUrl);
  stops.push(
    () => rs.close(),
    () => as.close(),
  );
  return { as, rs };
}

const client = (serverUrl: string, store?: OAuthStore) =>
  withOAuth(fetch, { serverUrl, redirect: headlessRedirect({ redirectUri: REDIRECT }), ...(store && { store }) });

describe('client state', () => {
  it('reuses stored tokens after a restart: no 401, same context key', async () => {
    const { as, rs } = await setup();
    const store = new MemoryOAuthStore();
    const first = client(rs.url, store);
    expect((await call(first, rs.url, 'tools/list')).status).toBe(200);
    const key = first.authorizationContextKey;

    const restarted = client(rs.url, store);
    expect((await call(restarted, rs.url, 'tools/list', 2)).status).toBe(200);
    expect(rs.mcpStatuses()).toEqual([401, 200, 200]);
    expect(restarted.authorizationContextKey).toBe(key);
    expect(as.eventsOf('authorize')).toHaveLength(1);
    // Registrations are kept per issuer, tokens per server.
    expect(store.getClient(as.issuer)?.source).toBe('dynamic');
    expect(store.getTokens(rs.url)?.issuer).toBe(as.issuer);
  });

  it('keeps the context key across a refresh and changes it for a new sign-in', async () => {
    const { as, rs } = await setup();
    as.nextTokens.push({ expiresIn: 0 });
    const authed = client(rs.url);
    await call(authed, rs.url, 'tools/list');
    const key = authed.authorizationContextKey;
    await call(authed, rs.url, 'tools/list', 2); // refreshed first
    expect(as.eventsOf('token').map((t) => t.params.grant_type)).toEqual(['authorization_code', 'refresh_token']);
    expect(authed.authorizationContextKey).toBe(key);

    await authed.signOut();
    expect(authed.authorizationContextKey).toBeUndefined();
    await call(authed, rs.url, 'tools/list', 3);
    expect(authed.authorizationContextKey).toMatch(/^oauth:/);
    expect(authed.authorizationContextKey).not.toBe(key);
  });

  it('signs out: the next call sends the user again but keeps the registration', async () => {
    const { as, rs } = await setup();
    const authed = client(rs.url);
    await call(authed, rs.url, 'tools/list');
    await authed.signOut();
    expect((await call(authed, rs.url, 'tools/list', 2)).status).toBe(200);
    expect(as.eventsOf('authorize')).toHaveLength(2);
    expect(as.eventsOf('register')).toHaveLength(1);
    expect(rs.mcpStatuses()).toEqual([401, 200, 401, 200]);
  });

  it('signs in ahead of time with authorize()', async () => {
    const { as, rs } = await setup();
    const authed = client(rs.url);
    await authed.authorize();
    expect(authed.authorizationContextKey).toMatch(/^oauth:/);
    // Without a challenge, scopes come from the resource metadata (none here): the parameter is omitted.
    expect(as.eventsOf('authorize')[0]!.params.scope).toBeUndefined();
    expect(rs.mcpStatuses()).toEqual([]);
  });

  it('falls back to a full authorization when the refresh token is refused', async () => {
    const { as, rs } = await setup();
    as.nextTokens.push({ expOffset: -120 }); // the resource server will reject the first access token
    as.revokeRefreshTokens = true;
    const authed = client(rs.url);
    expect((await call(authed, rs.url, 'tools/list')).status).toBe(200);
    expect(as.eventsOf('token').map((t) => [t.params.grant_type, t.outcome])).toEqual([
      ['authorization_code', 'ok'],
      ['refresh_token', 'invalid_grant'],
      ['authorization_code', 'ok'],
    ]);
    expect(as.eventsOf('authorize')).toHaveLength(2);
  });

  it('keeps the refresh token when the authorization server cannot be reached', async () => {
    const { as, rs } = await setup();
    // Both the first token and its refresh claim to expire at once, so the next call must refresh.
    as.nextTokens.push({ expiresIn: 0 }, { expiresIn: 0 });
    const store = new MemoryOAuthStore();
    const authed = client(rs.url, store);
    await call(authed, rs.url, 'tools/list');
    await as.close();
    const error = await call(authed, rs.url, 'tools/list', 2).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'token_request_failed', status: undefined });
    expect(store.getTokens(rs.url)?.refreshToken).toBeTypeOf('string');
  });
});
