/**
 * How the client gets an identity and authenticates it: the spec's order of preference, token
 * endpoint auth methods, the client-credentials grant, and the `iss` validation table.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { AuthError } from '../src/index.js';
import { conformanceOAuthOptions, headlessRedirect, withOAuth, type OAuthOptions } from '../src/client.js';
import { TestAuthorizationServer, type TestAsOptions } from './support/test-as.js';
import { TestResourceServer, call } from './support/test-rs.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function setup(asOptions: TestAsOptions = {}) {
  const as = await TestAuthorizationServer.start(asOptions);
  const rs = await TestResourceServer.start(as.issuer, as.jwksUrl, { scopesFor: () => [] });
  stops.push(
    () => rs.close(),
    () => as.close(),
  );
  return { as, rs };
}

function client(serverUrl: string, options: Partial<OAuthOptions> = {}) {
  return withOAuth(fetch, { serverUrl, redirect: headlessRedirect({ redirectUri: REDIRECT }), ...options });
}

async function failure(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

// spec: 2026-07-28/pages/basic/authorization/client-registration.mdx (priority order).
describe('client identity, in the order of preference', () => {
  it('uses pre-registered credentials for their issuer, over CIMD and registration', async () => {
    const { as, rs } = await setup({ cimd: true, clients: [{ clientId: 'pre', clientSecret: 's3cret', redirectUris: [REDIRECT] }] });
    const authed = client(rs.url, {
      clients: [{ issuer: as.issuer, clientId: 'pre', clientSecret: 's3cret' }],
      clientMetadataUrl: 'https://app.example/client.json',
    });
    expect((await call(authed, rs.url, 'tools/list')).status).toBe(200);
    expect(as.eventsOf('register')).toHaveLength(0);
    expect(as.eventsOf('authorize')[0]!.params.client_id).toBe('pre');
    expect(as.eventsOf('token')[0]!.clientAuth).toBe('client_secret_basic');
  });

  it('skips pre-registered credentials of another issuer', async () => {
    const { as, rs } = await setup();
    const authed = client(rs.url, { clients: [{ issuer: 'https://other.example', clientId: 'pre', clientSecret: 'x' }] });
    expect((await call(authed, rs.url, 'tools/list')).status).toBe(200);
    expect(as.eventsOf('register')).toHaveLength(1);
    expect(as.eventsOf('authorize')[0]!.params.client_id).not.toBe('pre');
  });

  it('uses the Client ID Metadata Document URL when the server supports it', async () => {
    const { as, rs } = await setup({ cimd: true });
    const authed = client(rs.url, { clientMetadataUrl: 'https://app.example/client.json' });
    expect((await call(authed, rs.url, 'tools/list')).status).toBe(200);
    expect(as.eventsOf('register')).toHaveLength(0);
    expect(as.eventsOf('authorize')[0]!.params.client_id).toBe('https://app.example/client.json');
    expect(as.eventsOf('token')[0]!.clientAuth).toBe('none');
  });

  it('registers dynamically when the server does not support CIMD', async () => {
    const { as, rs } = await setup();
    const authed = client(rs.url, { clientMetadataUrl: 'https://app.example/client.json', clientMetadata: { clientName: 'Test app' } });
    expect((await call(authed, rs.url, 'tools/list')).status).toBe(200);
    const [registration] = as.eventsOf('register');
    expect(JSON.parse(registration!.params.client_name!)).toBe('Test app');
    expect(JSON.parse(registration!.params.grant_types!)).toEqual(['authorization_code', 'refresh_token']);
    expect(JSON.parse(registration!.params.redirect_uris!)).toEqual([REDIRECT]);
  });

  it('asks for a client id when nothing else is possible', async () => {
    const { as, rs } = await setup({ registration: false });
    const error = await failure(call(client(rs.url), rs.url, 'tools/list'));
    expect(error.code).toBe('client_identity_required');
    expect(error.message).toContain('`clients` option');
    expect(as.eventsOf('authorize')).toHaveLength(0);
  });

  it('refuses a Client ID Metadata Document URL that is not https with a path', () => {
    expect(() => client('http://127.0.0.1:1/mcp', { clientMetadataUrl: 'https://app.example/' })).toThrow(AuthError);
    expect(() => client('http://127.0.0.1:1/mcp', { clientMetadataUrl: 'http://app.example/c.json' })).toThrow(/https URL with a path/);
  });

  it('refuses options with neither a redirect handler nor client credentials', () => {
    expect(() => withOAuth(fetch, { serverUrl: 'http://127.0.0.1:1/mcp' })).toThrow(/redirect/);
  });
});

describe('token endpoint authentication methods', () => {
  for (const method of ['client_secret_basic', 'client_secret_post', 'none'] as const) {
    it(`uses ${method} when that is the only method the server supports`, async () => {
      const { as, rs } = await setup({ authMethods: [method] });
      expect((await call(client(rs.url), rs.url, 'tools/list')).status).toBe(200);
      expect(JSON.parse(as.eventsOf('register')[0]!.params.token_endpoint_auth_method!)).toBe(method);
      expect(as.eventsOf('token').map((t) => [t.clientAuth, t.outcome])).toEqual([[method, 'ok']]);
    });
  }
});

describe('client credentials grant for machine clients', () => {
  it('authenticates with client_secret_basic and sends the resource', async () => {
    const { as, rs } = await setup({ clients: [{ clientId: 'machine', clientSecret: 'pw:with space' }] });
    const authed = withOAuth(fetch, { serverUrl: rs.url, clientCredentials: { clientId: 'machine', clientSecret: 'pw:with space', scopes: ['jobs'] } });
    const response = await call(authed, rs.url, 'tools/list');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { subject: string } }).result.subject).toBe('machine');
    const [token] = as.eventsOf('token');
    expect(token!.params.grant_type).toBe('client_credentials');
    expect(token!.params.resource).toBe(rs.url);
    expect(token!.params.scope).toBe('jobs');
    expect(token!.clientAuth).toBe('client_secret_basic');
    expect(as.eventsOf('authorize')).toHaveLength(0);
  });

  it('authenticates with private_key_jwt from a PKCS#8 PEM', async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(pair.publicKey)), alg: 'ES256' };
    const { as, rs } = await setup({ clients: [{ clientId: 'signer', jwk }] });
    const authed = withOAuth(fetch, {
      serverUrl: rs.url,
      clientCredentials: { clientId: 'signer', privateKey: await exportPKCS8(pair.privateKey), signingAlgorithm: 'ES256' },
    });
    expect((await call(authed, rs.url, 'tools/list')).status).toBe(200);
    expect(as.eventsOf('token').map((t) => [t.clientAuth, t.outcome])).toEqual([['private_key_jwt', 'ok']]);
  });

  it('reports the server refusing bad credentials', async () => {
    const { rs } = await setup({ clients: [{ clientId: 'machine', clientSecret: 'right' }] });
    const authed = withOAuth(fetch, { serverUrl: rs.url, clientCredentials: { clientId: 'machine', clientSecret: 'wrong' } });
    const error = await failure(call(authed, rs.url, 'tools/list'));
    expect(error.code).toBe('token_request_failed');
    expect(error.oauthError).toBe('invalid_client');
    expect(error.message).not.toContain('wrong');
  });
});

// spec: 2026-07-28/pages/basic/authorization/index.mdx "Authorization Response Validation" (RFC 9207 §2.4).
describe('RFC 9207 iss validation, row by row', () => {
  const rows: [string, TestAsOptions, boolean][] = [
    ['advertised and present and equal: proceed', { issSupported: true, issInRedirect: 'correct' }, true],
    ['advertised but absent: reject', { issSupported: true, issInRedirect: 'omit' }, false],
    ['not advertised but present and different: reject', { issSupported: false, issInRedirect: 'wrong' }, false],
    ['not advertised and absent: proceed', { issSupported: false, issInRedirect: 'omit' }, true],
    ['differs only by a trailing slash: reject (no normalization)', { issSupported: true, issInRedirect: 'trailing-slash' }, false],
  ];
  for (const [name, options, proceeds] of rows) {
    it(name, async () => {
      const { as, rs } = await setup(options);
      const outcome = call(client(rs.url), rs.url, 'tools/list');
      if (proceeds) {
        expect((await outcome).status).toBe(200);
      } else {
        expect((await failure(outcome)).code).toBe('invalid_authorization_response');
        expect(as.eventsOf('token')).toHaveLength(0);
      }
    });
  }
});

describe('conformance options', () => {
  it('reads pre-registered credentials with their issuer', () => {
    const options = conformanceOAuthOptions({
      MCP_CONFORMANCE_SCENARIO: 'auth/pre-registration',
      MCP_CONFORMANCE_CONTEXT: JSON.stringify({ name: 'auth/pre-registration', client_id: 'c', client_secret: 's', issuer: 'http://localhost:1' }),
    });
    expect(options.clients).toEqual([{ clientId: 'c', clientSecret: 's', issuer: 'http://localhost:1' }]);
    expect(options.clientCredentials).toBeUndefined();
  });

  it('reads client credentials for the client-credentials scenarios', () => {
    const basic = conformanceOAuthOptions({
      MCP_CONFORMANCE_CONTEXT: JSON.stringify({ name: 'auth/client-credentials-basic', client_id: 'c', client_secret: 's' }),
    });
    expect(basic.clientCredentials).toEqual({ clientId: 'c', clientSecret: 's' });
    const jwt = conformanceOAuthOptions({
      MCP_CONFORMANCE_CONTEXT: JSON.stringify({ name: 'auth/client-credentials-jwt', client_id: 'c', private_key_pem: 'PEM', signing_algorithm: 'ES256' }),
    });
    expect(jwt.clientCredentials).toEqual({ clientId: 'c', privateKey: 'PEM', signingAlgorithm: 'ES256' });
  });

  it('offers the suite CIMD URL and a headless redirect without context', () => {
    const options = conformanceOAuthOptions({ MCP_CONFORMANCE_SCENARIO: 'auth/basic-cimd' });
    expect(options.clientMetadataUrl).toBe('https://conformance-test.local/client-metadata.json');
    expect(options.redirect?.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(() => conformanceOAuthOptions({ MCP_CONFORMANCE_CONTEXT: '{nope' })).toThrow(/not valid JSON/);
  });
});
