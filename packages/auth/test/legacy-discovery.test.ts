/**
 * Servers of MCP 2025-03-26 publish no protected resource metadata: their origin is the
 * authorization server, found by RFC 8414 metadata at the origin or, failing that, at the default
 * endpoints /authorize, /token and /register.
 * spec: 2025-03-26 basic/authorization.mdx ("Server Metadata Discovery", "Fallbacks for Servers without Metadata Discovery")
 */
import { afterEach, describe, expect, it } from 'vitest';
import { legacyAuthorization } from '../src/client/legacy-discovery.js';
import { json, serve, type Served } from './support/serve.js';

const servers: Served[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function site(docs: Record<string, (origin: string) => unknown>): Promise<{ origin: string; asked: string[] }> {
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

describe('2025-03-26 authorization discovery', () => {
  it('takes the metadata at the origin, the path of the MCP URL discarded', async () => {
    const s = await site({
      '/.well-known/oauth-authorization-server': (o) => ({
        issuer: o,
        authorization_endpoint: `${o}/oauth/authorize`,
        token_endpoint: `${o}/oauth/token`,
        code_challenge_methods_supported: ['S256'],
      }),
    });
    const found = await legacyAuthorization(fetch, new URL(`${s.origin}/v1/mcp`), `${s.origin}/v1/mcp`);
    expect(found.server).toMatchObject({ issuer: s.origin, authorizationEndpoint: `${s.origin}/oauth/authorize`, tokenEndpoint: `${s.origin}/oauth/token` });
    expect(found.resource).toMatchObject({ resource: `${s.origin}/v1/mcp`, authorizationServers: [s.origin] });
    expect(s.asked[0]).toBe('/.well-known/oauth-authorization-server');
  });

  it('falls back to the default endpoints of the origin when there is no metadata at all', async () => {
    const s = await site({});
    const found = await legacyAuthorization(fetch, new URL(`${s.origin}/mcp`), `${s.origin}/mcp`);
    expect(found.server).toMatchObject({
      issuer: s.origin,
      authorizationEndpoint: `${s.origin}/authorize`,
      tokenEndpoint: `${s.origin}/token`,
      registrationEndpoint: `${s.origin}/register`,
      codeChallengeMethodsSupported: ['S256'],
    });
  });

  it('refuses metadata that exists but names another issuer, rather than falling back', async () => {
    const s = await site({
      '/.well-known/oauth-authorization-server': () => ({ issuer: 'https://attacker.example', token_endpoint: 'https://attacker.example/token' }),
    });
    await expect(legacyAuthorization(fetch, new URL(`${s.origin}/mcp`), `${s.origin}/mcp`)).rejects.toMatchObject({ code: 'issuer_mismatch' });
  });
});
