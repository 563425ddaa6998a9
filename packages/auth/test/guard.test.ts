/** The resource-server guard and the protected resource metadata handler, on web Requests. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { parseWwwAuthenticate } from '../src/index.js';
import { bearerGuard, InvalidTokenError, jwtVerifier, protectedResourceMetadata, requireScopes, type TokenPrincipal } from '../src/server.js';

const RESOURCE = 'https://mcp.example.com/mcp';
const ISSUER = 'https://auth.example.com';
let key: CryptoKey;
let jwks: { keys: object[] };

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  key = pair.privateKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' }] };
});
afterAll(() => undefined);

async function token(claims: Record<string, unknown> = {}, exp = 3600, aud: string = RESOURCE, iss = ISSUER): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: 'mcp:read', client_id: 'app', ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'at+jwt' })
    .setIssuer(iss)
    .setSubject('alice')
    .setAudience(aud)
    .setIssuedAt(now)
    .setExpirationTime(now + exp)
    .sign(key);
}

function guard(requiredScopes: string[] = ['mcp:read']) {
  return bearerGuard({ resource: RESOURCE, verify: jwtVerifier({ issuer: ISSUER, jwks: jwks as never }), requiredScopes });
}

function request(authorization?: string, url = RESOURCE): Request {
  return new Request(url, { method: 'POST', headers: authorization === undefined ? {} : { authorization }, body: '{}' });
}

function challenge(response: Response) {
  const [first] = parseWwwAuthenticate(response.headers.get('www-authenticate'));
  return first!;
}

// spec: 2026-07-28/pages/basic/authorization/index.mdx "Error Handling" and "Token Handling".
describe('bearerGuard', () => {
  it('answers a request without a token with 401 naming the metadata and the scope', async () => {
    const response = (await guard()(request())) as Response;
    expect(response.status).toBe(401);
    const c = challenge(response);
    expect(c.scheme).toBe('Bearer');
    // RFC 9728 §5.1: the path-aware metadata URL; RFC 6750 §3: no error code without credentials.
    expect(c.params).toEqual({ scope: 'mcp:read', resource_metadata: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp' });
  });

  it('lets a valid token through with its principal', async () => {
    const outcome = await guard()(request(`Bearer ${await token()}`));
    expect(outcome).not.toBeInstanceOf(Response);
    const { principal } = outcome as { principal: TokenPrincipal };
    expect(principal).toMatchObject({ subject: 'alice', issuer: ISSUER, clientId: 'app', scopes: ['mcp:read'] });
    expect(typeof principal.expiresAt).toBe('number');
    expect(principal.claims.aud).toBe(RESOURCE);
  });

  it('refuses a token issued for another server (audience) with 401 invalid_token', async () => {
    const response = (await guard()(request(`Bearer ${await token({}, 3600, 'https://other.example.com/mcp')}`))) as Response;
    expect(response.status).toBe(401);
    expect(challenge(response).params.error).toBe('invalid_token');
    expect(challenge(response).params.error_description).toBe('The token was not issued for this server');
  });

  it('refuses an expired token with 401 invalid_token', async () => {
    const response = (await guard()(request(`Bearer ${await token({}, -60)}`))) as Response;
    expect(response.status).toBe(401);
    expect(challenge(response).params.error_description).toBe('The token has expired');
  });

  it('refuses a token from another issuer and one with a bad signature', async () => {
    const foreign = (await guard()(request(`Bearer ${await token({}, 3600, RESOURCE, 'https://evil.example')}`))) as Response;
    expect(challenge(foreign).params.error).toBe('invalid_token');
    const good = await token();
    const tampered = `${good.slice(0, -4)}AAAA`;
    const response = (await guard()(request(`Bearer ${tampered}`))) as Response;
    expect(response.status).toBe(401);
  });

  it('refuses a token in the query string, even alongside a good header', async () => {
    const url = `${RESOURCE}?access_token=${await token()}`;
    const response = (await guard()(request(`Bearer ${await token()}`, url))) as Response;
    // spec: index.mdx "Token Requirements": tokens MUST NOT be in the URI query string.
    expect(response.status).toBe(400);
    expect(challenge(response).params.error).toBe('invalid_request');
    expect(await response.text()).not.toContain('eyJ');
  });

  it('answers 403 insufficient_scope with every scope the operation needs', async () => {
    const response = (await guard(['mcp:read', 'mcp:write'])(request(`Bearer ${await token()}`))) as Response;
    expect(response.status).toBe(403);
    // spec: index.mdx "Runtime Insufficient Scope Errors".
    expect(challenge(response).params).toMatchObject({ error: 'insufficient_scope', scope: 'mcp:read mcp:write' });
    expect(challenge(response).params.resource_metadata).toContain('/.well-known/oauth-protected-resource/mcp');
  });

  it('honours scope implications', async () => {
    const implied = bearerGuard({
      resource: RESOURCE,
      verify: jwtVerifier({ issuer: ISSUER, jwks: jwks as never }),
      requiredScopes: ['files:read'],
      scopeImplications: { 'files:write': ['files:read'] },
    });
    const outcome = await implied(request(`Bearer ${await token({ scope: 'files:write' })}`));
    expect(outcome).not.toBeInstanceOf(Response);
    // The principal carries the implied scope, so the server's per-tool checks agree with the guard.
    expect((outcome as { principal: TokenPrincipal }).principal.scopes).toEqual(['files:write', 'files:read']);
  });

  it('answers a malformed Authorization header with 400 and another scheme with 401', async () => {
    expect(((await guard()(request('Bearer a b'))) as Response).status).toBe(400);
    expect(((await guard()(request('Basic dXNlcjpwdw=='))) as Response).status).toBe(401);
  });

  it('takes a custom verifier; its refusals are 401, its crashes 500 without the token', async () => {
    const onError = vi.fn();
    const custom = bearerGuard({
      resource: RESOURCE,
      onError,
      verify: async (value) => {
        if (value === 'good') return { subject: 'bob', scopes: [], claims: {} };
        if (value === 'crash') throw new Error('database down');
        throw new InvalidTokenError('Unknown token');
      },
    });
    expect(await custom(request('Bearer good'))).toEqual({ principal: { subject: 'bob', scopes: [], claims: {} } });
    expect(challenge((await custom(request('Bearer nope'))) as Response).params.error_description).toBe('Unknown token');
    const crashed = (await custom(request('Bearer crash'))) as Response;
    expect(crashed.status).toBe(500);
    expect(onError).toHaveBeenCalledOnce();
    expect(JSON.stringify(onError.mock.calls)).not.toContain('crash');
  });

  it('refuses a resource with a fragment or query at construction', () => {
    expect(() => bearerGuard({ resource: 'https://x.example/mcp?a=1', verify: async () => undefined })).toThrow(/query or fragment/);
  });
});

describe('requireScopes', () => {
  it('throws insufficient_scope listing the required scopes', () => {
    expect(() => requireScopes({ scopes: ['a'] }, ['a'])).not.toThrow();
    expect(() => requireScopes({ scopes: ['a'] }, ['a', 'b'])).toThrow(expect.objectContaining({ code: 'insufficient_scope', scopes: ['a', 'b'] }));
  });
});

// spec: 2026-07-28/pages/basic/authorization/authorization-server-discovery.mdx (RFC 9728 §3.1).
describe('protectedResourceMetadata', () => {
  const handler = protectedResourceMetadata({ resource: RESOURCE, authorizationServers: [ISSUER], scopesSupported: ['mcp:read'] });

  it('serves the document at the path-aware well-known URL', async () => {
    const response = handler(new Request('https://mcp.example.com/.well-known/oauth-protected-resource/mcp'))!;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      resource: RESOURCE,
      authorization_servers: [ISSUER],
      scopes_supported: ['mcp:read'],
      bearer_methods_supported: ['header'],
    });
  });

  it('leaves other paths (and the root, unless asked) to the next handler', () => {
    expect(handler(new Request(RESOURCE, { method: 'POST', body: '{}' }))).toBeUndefined();
    expect(handler(new Request('https://mcp.example.com/.well-known/oauth-protected-resource'))).toBeUndefined();
    const both = protectedResourceMetadata({ resource: RESOURCE, authorizationServers: [ISSUER], alsoAtRoot: true });
    expect(both(new Request('https://mcp.example.com/.well-known/oauth-protected-resource'))?.status).toBe(200);
  });

  it('answers other methods with 405', () => {
    expect(handler(new Request('https://mcp.example.com/.well-known/oauth-protected-resource/mcp', { method: 'POST' }))?.status).toBe(405);
  });

  it('refuses unusable options', () => {
    expect(() => protectedResourceMetadata({ resource: RESOURCE, authorizationServers: [] })).toThrow(/at least one/);
    expect(() => protectedResourceMetadata({ resource: RESOURCE, authorizationServers: ['http://auth.example'] })).toThrow(/HTTPS/);
    // spec: index.mdx "Refresh Tokens": servers SHOULD NOT list offline_access.
    expect(() => protectedResourceMetadata({ resource: RESOURCE, authorizationServers: [ISSUER], scopesSupported: ['offline_access'] })).toThrow(
      /offline_access/,
    );
  });
});
