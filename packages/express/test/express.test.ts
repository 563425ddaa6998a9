// @mcpkit/express on Express 5 and 4, with and without a global express.json(): both eras, SSE
// progress, the framework's auth as the principal, the body limit, Origin and Host checks, metadata.
// spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Security & Endpoint)
import { protectedResourceMetadata } from '@mcpkit/auth/server';
import express5 from 'express';
import express4 from 'express4';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpExpress, mcpMetadata, type ExpressRequest } from '../src/index.js';
import { client, dualServer, MAX_BODY, paddedCall, postWithHost, rawPost, text } from './fixture.js';

/** What a bearer-token middleware does: `Authorization: Bearer NAME` becomes `req.auth`. */
function fakeAuth(req: ExpressRequest, _res: unknown, next: () => void) {
  const name = /^Bearer (\w+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (name) req.auth = { subject: name, scopes: [] };
  next();
}

const setups = [
  { name: 'Express 5', express: express5 as unknown as typeof express4, json: false },
  { name: 'Express 5 with a global express.json()', express: express5 as unknown as typeof express4, json: true },
  { name: 'Express 4 with a global express.json()', express: express4, json: true },
];

describe.each(setups)('$name', ({ express, json }) => {
  let http: Server;
  let url: string;
  const { dual, handler } = dualServer();

  beforeAll(async () => {
    const app = express();
    if (json) app.use(express.json());
    app.use(mcpMetadata(protectedResourceMetadata({ resource: 'https://mcp.example.com/mcp', authorizationServers: ['https://auth.example.com'] })));
    app.all('/mcp', fakeAuth, mcpExpress(handler));
    http = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  });
  afterAll(async () => {
    await dual.close();
    await new Promise((resolve) => http.close(resolve));
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
    const over = await rawPost(url, paddedCall(MAX_BODY + 1));
    expect(over.status).toBe(413);
    const within = await rawPost(url, paddedCall(MAX_BODY - 10));
    expect(within.status).toBe(200);
  });

  it('refuses a foreign Origin (403) and a foreign Host (403), and takes the local ones', async () => {
    expect((await rawPost(url, paddedCall(0), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await rawPost(url, paddedCall(0), { origin: 'http://localhost:5173' })).status).toBe(200);
    const foreign = await postWithHost(url, 'evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('evil.example');
    expect((await postWithHost(url, `localhost:${(http.address() as AddressInfo).port}`)).status).toBe(200);
  });

  it('serves the protected resource metadata document at its well-known path', async () => {
    const res = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', url));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ resource: 'https://mcp.example.com/mcp', authorization_servers: ['https://auth.example.com'] });
  });
});

describe('mcpExpress options', () => {
  it('takes allowedHosts and a principal function', async () => {
    const { dual, handler } = dualServer();
    const app = express5();
    app.all('/mcp', mcpExpress(handler, { allowedHosts: ['mcp.example.com'], principal: (req) => ({ subject: `via-${req.headers['x-user']}` }) }));
    const http = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    try {
      expect((await postWithHost(url, 'localhost')).status).toBe(403);
      const named = await postWithHost(url, 'mcp.example.com:443', { 'x-user': 'carol' });
      expect(named.status).toBe(200);
      expect(JSON.parse(named.body).result.content[0].text).toBe('via-carol');
    } finally {
      await dual.close();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});
