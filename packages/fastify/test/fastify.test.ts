// @mcpkit/fastify, reading the raw body itself and with Fastify's parsed body: both eras, SSE
// progress, the framework's auth as the principal, the body limit, Origin and Host checks, metadata.
// spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Security & Endpoint)
import { protectedResourceMetadata } from '@mcpkit/auth/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpFastify } from '../src/index.js';
import { client, dualServer, MAX_BODY, paddedCall, postWithHost, rawPost, text } from './fixture.js';

describe.each([{ parseBody: false }, { parseBody: true }])('mcpFastify with parseBody: $parseBody', ({ parseBody }) => {
  let app: FastifyInstance;
  let url: string;
  const { dual, handler } = dualServer();

  beforeAll(async () => {
    app = Fastify();
    // What an auth plugin does: `Authorization: Bearer NAME` becomes `request.user`.
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const name = /^Bearer (\w+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (name) (request as unknown as { user: unknown }).user = { subject: name };
    });
    await app.register(mcpFastify, {
      handler,
      parseBody,
      metadata: protectedResourceMetadata({ resource: 'https://mcp.example.com/mcp', authorizationServers: ['https://auth.example.com'] }),
    });
    url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/mcp`;
  });
  afterAll(async () => {
    await dual.close();
    await app.close();
  });

  for (const era of ['modern', 'legacy'] as const) {
    it(`serves a ${era} client, with the framework's auth as the principal and progress streamed`, async () => {
      const c = await client(url, era, 'alice');
      try {
        expect(c.era).toBe(era);
        expect(await text(c, 'whoami')).toBe('alice');
        const seen: number[] = [];
        expect(await text(c, 'count', { n: 3 }, (p) => seen.push(p.progress))).toBe('counted 3');
        expect(seen).toEqual([1, 2, 3]);
      } finally {
        await c.close();
      }
      const anonymous = await client(url, era);
      expect(await text(anonymous, 'whoami')).toBe('anonymous');
      await anonymous.close();
    });
  }

  it('answers an oversize body with 413 and a body within the limit normally', async () => {
    expect((await rawPost(url, paddedCall(MAX_BODY + 1))).status).toBe(413);
    expect((await rawPost(url, paddedCall(MAX_BODY - 10))).status).toBe(200);
  });

  it('refuses a foreign Origin (403) and a foreign Host (403), and takes the local ones', async () => {
    expect((await rawPost(url, paddedCall(0), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await rawPost(url, paddedCall(0), { origin: 'http://localhost:5173' })).status).toBe(200);
    const foreign = await postWithHost(url, 'evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('evil.example');
    expect((await postWithHost(url, 'localhost')).status).toBe(200);
  });

  it('serves the protected resource metadata document at its well-known path', async () => {
    const res = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', url));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ resource: 'https://mcp.example.com/mcp' });
    expect((await fetch(new URL('/.well-known/oauth-protected-resource/other', url))).status).toBe(404);
  });
});

describe('mcpFastify without parseBody', () => {
  it('lets the handler answer a wrong Content-Type as MCP clients expect (415), whatever Fastify would say', async () => {
    const { dual, handler } = dualServer();
    const app = Fastify();
    await app.register(mcpFastify, { handler, path: '/rpc', allowedHosts: '*', principal: (request) => ({ subject: String(request.headers['x-user']) }) });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const wrong = await rawPost(`${base}/rpc`, paddedCall(0), { 'content-type': 'text/plain' });
      expect(wrong.status).toBe(415);
      expect((await wrong.json()).error.code).toBe(-32600);
      const named = await postWithHost(`${base}/rpc`, 'anything.example', { 'x-user': 'dave' });
      expect(JSON.parse(named.body).result.content[0].text).toBe('dave');
    } finally {
      await dual.close();
      await app.close();
    }
  });
});
