/**
 * Discovery in the spec's order (2026-07-28/pages/basic/authorization/authorization-server-discovery.mdx):
 * protected resource metadata from the challenge, then path-aware, then root; authorization server
 * metadata by RFC 8414 and OIDC URLs with and without an issuer path; the exact issuer check.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { authorizationServerMetadataCandidates, parseWwwAuthenticate, formatChallenge, resourceCovers } from '../src/index.js';
import { discoverResourceMetadata, discoverServerMetadata } from '../src/client.js';
import { json, serve, type Served } from './support/serve.js';

const servers: Served[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A server answering JSON documents at given paths (with `{origin}` replaced) and logging every path asked. */
async function documents(docs: Record<string, (origin: string) => unknown>): Promise<{ origin: string; asked: string[] }> {
  const asked: string[] = [];
  let origin = '';
  const served = await serve((request) => {
    const path = new URL(request.url).pathname;
    asked.push(path);
    const doc = docs[path];
    return doc ? json(doc(origin)) : json({ error: 'not_found' }, 404);
  });
  servers.push(served);
  origin = served.url;
  return { origin, asked };
}

describe('protected resource metadata discovery', () => {
  it('uses the challenge URL first and never probes the well-known URLs then', async () => {
    const site = await documents({ '/custom/prm.json': (o) => ({ resource: `${o}/mcp`, authorization_servers: ['https://as.example'] }) });
    const found = await discoverResourceMetadata(fetch, new URL(`${site.origin}/mcp`), `${site.origin}/custom/prm.json`);
    expect(found.authorizationServers).toEqual(['https://as.example']);
    expect(site.asked).toEqual(['/custom/prm.json']);
  });

  it('falls back to the path-aware URL, then the root', async () => {
    const site = await documents({
      '/.well-known/oauth-protected-resource': (o) => ({ resource: o, authorization_servers: ['https://as.example'], scopes_supported: ['a', 'b'] }),
    });
    const found = await discoverResourceMetadata(fetch, new URL(`${site.origin}/mcp`), undefined);
    expect(site.asked).toEqual(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']);
    // The root document's resource (the origin) covers /mcp and is kept verbatim, with no trailing slash.
    expect(found.resource).toBe(site.origin);
    expect(found.scopesSupported).toEqual(['a', 'b']);
  });

  it('refuses a document for another resource (RFC 9728 §3.3)', async () => {
    const site = await documents({
      '/.well-known/oauth-protected-resource/mcp': () => ({ resource: 'https://evil.example/mcp', authorization_servers: ['https://as.example'] }),
    });
    await expect(discoverResourceMetadata(fetch, new URL(`${site.origin}/mcp`), undefined)).rejects.toMatchObject({ code: 'resource_mismatch' });
  });

  it('says what it tried when nothing is found', async () => {
    const site = await documents({});
    await expect(discoverResourceMetadata(fetch, new URL(`${site.origin}/mcp`), undefined)).rejects.toThrow(/oauth-protected-resource\/mcp: HTTP 404/);
  });

  it('refuses a plain-http metadata URL outside loopback', async () => {
    await expect(discoverResourceMetadata(fetch, new URL('http://127.0.0.1:1/mcp'), 'http://metadata.example/prm')).rejects.toMatchObject({
      code: 'insecure_url',
    });
  });
});

describe('authorization server metadata discovery', () => {
  it('lists the well-known URLs in the spec order, with and without an issuer path', () => {
    expect(authorizationServerMetadataCandidates(new URL('https://auth.example.com/tenant1'))).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server/tenant1',
      'https://auth.example.com/.well-known/openid-configuration/tenant1',
      'https://auth.example.com/tenant1/.well-known/openid-configuration',
    ]);
    expect(authorizationServerMetadataCandidates(new URL('https://auth.example.com'))).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server',
      'https://auth.example.com/.well-known/openid-configuration',
    ]);
  });

  const doc = (issuer: string) => ({
    issuer,
    token_endpoint: `${issuer}/token`,
    authorization_endpoint: `${issuer}/authorize`,
    code_challenge_methods_supported: ['S256'],
  });

  it('finds OIDC path-appended metadata of a path issuer after the two insertions', async () => {
    const site = await documents({ '/tenant1/.well-known/openid-configuration': (o) => doc(`${o}/tenant1`) });
    const found = await discoverServerMetadata(fetch, `${site.origin}/tenant1`);
    expect(found.tokenEndpoint).toBe(`${site.origin}/tenant1/token`);
    expect(site.asked).toEqual([
      '/.well-known/oauth-authorization-server/tenant1',
      '/.well-known/openid-configuration/tenant1',
      '/tenant1/.well-known/openid-configuration',
    ]);
  });

  it('finds OIDC metadata of a root issuer after RFC 8414', async () => {
    const site = await documents({ '/.well-known/openid-configuration': (o) => doc(o) });
    await discoverServerMetadata(fetch, site.origin);
    expect(site.asked).toEqual(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']);
  });

  it('refuses metadata whose issuer differs from the one it was looked up for, even by a slash', async () => {
    const site = await documents({ '/.well-known/oauth-authorization-server': (o) => doc(`${o}/`) });
    await expect(discoverServerMetadata(fetch, site.origin)).rejects.toMatchObject({ code: 'issuer_mismatch' });
    expect(site.asked).toHaveLength(1);
  });
});

describe('WWW-Authenticate', () => {
  it('parses several challenges, quoted values with escapes and commas', () => {
    const header =
      'Basic realm="x", Bearer error="insufficient_scope", scope="a b", resource_metadata="https://m.example/prm", error_description="say \\"hi\\", ok"';
    const [basic, bearer] = parseWwwAuthenticate(header);
    expect(basic).toEqual({ scheme: 'Basic', params: { realm: 'x' } });
    expect(bearer!.params).toEqual({
      error: 'insufficient_scope',
      scope: 'a b',
      resource_metadata: 'https://m.example/prm',
      error_description: 'say "hi", ok',
    });
  });

  it('parses token values, token68 and a bare scheme', () => {
    expect(parseWwwAuthenticate('Bearer realm=example, error=invalid_token')[0]!.params).toEqual({ realm: 'example', error: 'invalid_token' });
    expect(parseWwwAuthenticate('Negotiate abc==, Bearer')).toEqual([
      { scheme: 'Negotiate', params: {}, token68: 'abc==' },
      { scheme: 'Bearer', params: {} },
    ]);
  });

  it('round-trips what formatChallenge writes and refuses line breaks', () => {
    const header = formatChallenge('Bearer', { scope: 'a "b"', resource_metadata: 'https://x/y', error: undefined });
    expect(parseWwwAuthenticate(header)[0]!.params).toEqual({ scope: 'a "b"', resource_metadata: 'https://x/y' });
    expect(() => formatChallenge('Bearer', { error_description: 'a\r\nSet-Cookie: x' })).toThrow(/control character/);
  });
});

describe('resourceCovers', () => {
  it('matches same origin and a parent path on a segment boundary', () => {
    const target = new URL('https://mcp.example.com/server/mcp');
    expect(resourceCovers('https://mcp.example.com', target)).toBe(true);
    expect(resourceCovers('https://mcp.example.com/server', target)).toBe(true);
    expect(resourceCovers('https://mcp.example.com/server/mcp', target)).toBe(true);
    expect(resourceCovers('https://mcp.example.com/serv', target)).toBe(false);
    expect(resourceCovers('https://mcp.example.com:8443/server/mcp', target)).toBe(false);
    expect(resourceCovers('http://mcp.example.com/server/mcp', target)).toBe(false);
    expect(resourceCovers('https://mcp.example.com/server/mcp#x', target)).toBe(false);
  });
});
