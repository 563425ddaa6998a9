/**
 * Two options a command-line client needs: `redirect.prepare()`, called only when a user has to sign
 * in (so a loopback listener can start lazily), and `scopes`, asked for on top of the challenge's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { headlessRedirect, MemoryOAuthStore, withOAuth, type RedirectHandler } from '../src/client.js';
import { TestAuthorizationServer } from './support/test-as.js';
import { TestResourceServer, call } from './support/test-rs.js';

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

/** A headless redirect whose URI exists only once `prepare()` ran, counting the calls. */
function lazyRedirect(): RedirectHandler & { prepared: number } {
  let inner: RedirectHandler | undefined;
  const handler = {
    prepared: 0,
    get redirectUri(): string {
      if (inner === undefined) throw new Error('redirectUri read before prepare()');
      return inner.redirectUri;
    },
    async prepare() {
      handler.prepared++;
      inner ??= headlessRedirect({ redirectUri: 'http://127.0.0.1:9/callback' });
    },
    navigate: (url: URL, signal?: AbortSignal) => inner!.navigate(url, signal),
  };
  return handler;
}

describe('sign-in options', () => {
  it('prepare() runs before the redirect URI is read, once per sign-in, and not when stored tokens suffice', async () => {
    const { as, rs } = await setup();
    const store = new MemoryOAuthStore();
    const redirect = lazyRedirect();
    const authed = withOAuth(fetch, { serverUrl: rs.url, redirect, store });
    expect((await call(authed, rs.url, 'tools/list')).status).toBe(200);
    expect(redirect.prepared).toBe(1);
    expect((await call(authed, rs.url, 'tools/list', 2)).status).toBe(200);
    expect(redirect.prepared).toBe(1);

    const again = lazyRedirect();
    expect((await call(withOAuth(fetch, { serverUrl: rs.url, redirect: again, store }), rs.url, 'tools/list', 3)).status).toBe(200);
    expect(again.prepared).toBe(0);
    expect(as.eventsOf('authorize')).toHaveLength(1);
  });

  it('scopes are asked for in addition to the challenged ones', async () => {
    const { as, rs } = await setup();
    const authed = withOAuth(fetch, {
      serverUrl: rs.url,
      redirect: headlessRedirect({ redirectUri: 'http://127.0.0.1:9/callback' }),
      scopes: ['profile', 'mcp:read'],
    });
    expect((await call(authed, rs.url, 'tools/list')).status).toBe(200);
    const [authorize] = as.eventsOf('authorize');
    expect(authorize?.params.scope?.split(' ').sort()).toEqual(['mcp:read', 'profile']);
  });
});
