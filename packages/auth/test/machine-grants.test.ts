/**
 * The grants without a browser, end to end on 127.0.0.1 through the DPoP-guarded notes server:
 * client credentials with `client_secret_basic` and `private_key_jwt` (spec:
 * extensions/auth/oauth-client-credentials.mdx), workload identity with the JWT bearer grant (RFC 7523
 * §2.1, SEP-1933), and enterprise-managed authorization (spec:
 * extensions/auth/enterprise-managed-authorization.mdx: token exchange at the IdP, then the JWT bearer
 * grant). Each token is DPoP-bound, since the authorization server advertises DPoP.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, exportPKCS8, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { withOAuth, type OAuthOptions } from '../src/client.js';
import { AuthError } from '../src/index.js';
import { workloadTokenFile } from '../src/node.js';
import { startDpopStack, type DpopStack } from './support/dpop-stack.js';
import { modernClient, text } from './support/stack.js';
import type { TestAsOptions } from './support/test-as.js';
import { TestIdentityProvider } from './support/test-idp.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

async function start(as: TestAsOptions): Promise<DpopStack> {
  const stack = await startDpopStack({ as });
  stops.push(() => stack.close());
  return stack;
}

async function readNotes(stack: DpopStack, options: Omit<OAuthOptions, 'serverUrl'>): Promise<string | undefined> {
  const mcp = modernClient(stack.url, withOAuth(fetch, { serverUrl: stack.url, ...options }));
  stops.push(() => mcp.close());
  return text(await mcp.callTool({ name: 'read_notes' }));
}

/** A workload identity issuer (a CI platform) and the tokens it signs. */
async function workloadIssuer() {
  const pair = await generateKeyPair('ES256', { extractable: true });
  const issuer = 'https://ci.example.test';
  return {
    trusted: { issuer, jwk: { ...(await exportJWK(pair.publicKey)), alg: 'ES256' } },
    token: (aud: string, sub = 'repo:acme/notes:ref:main', key: CryptoKey = pair.privateKey) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer(issuer)
        .setSubject(sub)
        .setAudience(aud)
        .setIssuedAt()
        .setExpirationTime('5m')
        .setJti(crypto.randomUUID())
        .sign(key),
  };
}

describe('client credentials (a machine client)', () => {
  it('authenticates with client_secret_basic and gets a DPoP-bound token for the resource', async () => {
    const stack = await start({ clients: [{ clientId: 'svc', clientSecret: 'svc-secret' }] });
    expect(await readNotes(stack, { clientCredentials: { clientId: 'svc', clientSecret: 'svc-secret', scopes: ['notes:read'] } })).toBe('buy milk');
    const [token] = stack.as.eventsOf('token');
    expect(token).toMatchObject({ clientAuth: 'client_secret_basic', outcome: 'ok', params: { grant_type: 'client_credentials', resource: stack.url } });
    expect(token!.params.client_secret).toBeUndefined();
    expect(token!.dpopJkt).toBeDefined();
    expect(stack.hits.at(-1)).toMatchObject({ scheme: 'DPoP', status: 200 });
  });

  it('authenticates with private_key_jwt (RFC 7523 §2.2), a PKCS#8 key', async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const stack = await start({ clients: [{ clientId: 'svc-jwt', jwk: { ...(await exportJWK(pair.publicKey)), alg: 'ES256' } }] });
    const privateKey = await exportPKCS8(pair.privateKey);
    expect(await readNotes(stack, { clientCredentials: { clientId: 'svc-jwt', privateKey, scopes: ['notes:read'] } })).toBe('buy milk');
    expect(stack.as.eventsOf('token')[0]).toMatchObject({ clientAuth: 'private_key_jwt', outcome: 'ok' });
    expect(stack.as.eventsOf('token')[0]!.params.client_assertion_type).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
  });
});

describe('workload identity (the JWT bearer grant)', () => {
  it('exchanges a token from a callback, read again for each new grant', async () => {
    const ci = await workloadIssuer();
    const stack = await start({ workloadIssuers: [ci.trusted] });
    let reads = 0;
    const token = async () => {
      reads++;
      return ci.token(stack.as.issuer);
    };
    const authed = withOAuth(fetch, { serverUrl: stack.url, workloadIdentity: { token, scopes: ['notes:read'] } });
    const mcp = modernClient(stack.url, authed);
    stops.push(() => mcp.close());
    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk');
    await authed.signOut();
    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk');
    expect(reads).toBe(2);
    const tokens = stack.as.eventsOf('token');
    expect(tokens.map((e) => [e.params.grant_type, e.outcome])).toEqual([
      ['urn:ietf:params:oauth:grant-type:jwt-bearer', 'ok'],
      ['urn:ietf:params:oauth:grant-type:jwt-bearer', 'ok'],
    ]);
    // RFC 7523 §3.1: no client authentication is needed; the assertion names the workload.
    expect(tokens[0]!.params.client_id).toBeUndefined();
    expect(tokens[0]!.params.resource).toBe(stack.url);
    expect(tokens[0]!.dpopJkt).toBeDefined();
  });

  it('reads the token from a file the platform rewrites (workloadTokenFile of @mcpkit/auth/node)', async () => {
    const ci = await workloadIssuer();
    const stack = await start({ workloadIssuers: [ci.trusted] });
    const dir = mkdtempSync(join(tmpdir(), 'mcpkit-wif-'));
    stops.push(async () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'token');
    writeFileSync(file, `${await ci.token(stack.as.issuer, 'first')}\n`);
    const authed = withOAuth(fetch, { serverUrl: stack.url, workloadIdentity: { token: workloadTokenFile(file) } });
    const mcp = modernClient(stack.url, authed);
    stops.push(() => mcp.close());
    await mcp.callTool({ name: 'read_notes' });
    writeFileSync(file, await ci.token(stack.as.issuer, 'second'));
    await authed.signOut();
    await mcp.callTool({ name: 'read_notes' });
    const assertions = stack.as.eventsOf('token').map((e) => JSON.parse(atob(e.params.assertion!.split('.')[1]!)).sub);
    expect(assertions).toEqual(['first', 'second']);
    rmSync(file);
    await authed.signOut();
    await expect(mcp.callTool({ name: 'read_notes' })).rejects.toMatchObject({
      code: 'invalid_configuration',
      message: expect.stringContaining('cannot be read (ENOENT)'),
    });
  });

  it('surfaces a refused assertion as the error it is: one token request, no retry, no other grant', async () => {
    const ci = await workloadIssuer();
    const stack = await start({ workloadIssuers: [ci.trusted] });
    const wrongAudience = await ci.token('https://other-as.example.test');
    const mcp = modernClient(stack.url, withOAuth(fetch, { serverUrl: stack.url, workloadIdentity: { token: wrongAudience } }));
    stops.push(() => mcp.close());
    const error = await mcp.callTool({ name: 'read_notes' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ code: 'token_request_failed', oauthError: 'invalid_grant', status: 400 });
    expect((error as Error).message).not.toContain(wrongAudience);
    expect(stack.as.eventsOf('token')).toHaveLength(1);
  });
});

describe('enterprise-managed authorization', () => {
  it('exchanges the ID token for an ID-JAG at the IdP, then gets the access token with it', async () => {
    const idp = await TestIdentityProvider.start('notes-app-at-idp', 'notes-app');
    stops.push(() => idp.close());
    const stack = await start({
      clients: [{ clientId: 'notes-app', clientSecret: 'notes-app-secret' }],
      idJagIssuers: [{ issuer: idp.issuer, jwk: idp.publicJwk }],
    });
    const options: Omit<OAuthOptions, 'serverUrl'> = {
      clients: [{ clientId: 'notes-app', clientSecret: 'notes-app-secret' }],
      enterpriseAuthorization: { idToken: await idp.idToken('ada'), idp: { issuer: idp.issuer, clientId: 'notes-app-at-idp' }, scopes: ['notes:read'] },
    };
    expect(await readNotes(stack, options)).toBe('buy milk');

    // §4: the exchange names the MCP authorization server as audience and the resource verbatim.
    expect(idp.exchanges).toHaveLength(1);
    expect(idp.exchanges[0]).toMatchObject({
      outcome: 'ok',
      params: {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
        subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
        audience: stack.as.issuer,
        resource: stack.url,
        client_id: 'notes-app-at-idp',
      },
    });
    // §5: the JWT bearer grant, authenticated as the client registered with the MCP authorization server.
    const [token] = stack.as.eventsOf('token');
    expect(token).toMatchObject({ clientAuth: 'client_secret_basic', outcome: 'ok', params: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer' } });
    expect(token!.dpopJkt).toBeDefined();
  });

  it('needs the client registered with the authorization server, and says so', async () => {
    const idp = await TestIdentityProvider.start('app', 'app');
    stops.push(() => idp.close());
    const stack = await start({ idJagIssuers: [{ issuer: idp.issuer, jwk: idp.publicJwk }] });
    const error = await readNotes(stack, {
      enterpriseAuthorization: { idToken: await idp.idToken('ada'), idp: { issuer: idp.issuer, clientId: 'app' } },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'client_identity_required' });
    expect(idp.exchanges).toHaveLength(0);
  });
});

describe('configuration', () => {
  it('takes one grant without a browser, not several', () => {
    expect(() =>
      withOAuth(fetch, { serverUrl: 'https://mcp.example.com/mcp', clientCredentials: { clientId: 'a', clientSecret: 'b' }, workloadIdentity: { token: 'x' } }),
    ).toThrow(/one of clientCredentials, workloadIdentity, not several/);
  });
});
