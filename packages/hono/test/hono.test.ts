// @mcpkit/hono: the documented one-liner behind mcpGuard, mcpHono, and mcpHono after a middleware
// that read the body: both eras, SSE progress, the framework's auth as the principal, the body
// limit, Origin and Host checks, the metadata route. Hono runs here on the generic web lane of
// @mcpkit/http/node's serveHttp(app.fetch), as it would on any runtime.
// spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Security & Endpoint)
import { protectedResourceMetadata } from '@mcpkit/auth/server';
import { serveHttp, type HttpServer } from '@mcpkit/http/node';
import { Hono, type MiddlewareHandler } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpGuard, mcpHono } from '../src/index.js';
import { client, dualServer, MAX_BODY, paddedCall, postWithHost, rawPost, text } from './fixture.js';

type Variables = { auth: unknown };

/** What a bearer-token middleware does: `Authorization: Bearer NAME` becomes the `auth` variable. */
const fakeAuth: MiddlewareHandler<{ Variables: Variables }> = async (c, next) => {
  const name = /^Bearer (\w+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (name) c.set('auth', { subject: name });
  await next();
};

const metadata = protectedResourceMetadata({ resource: 'https://mcp.example.com/mcp', authorizationServers: ['https://auth.example.com'] });

const setups = [
  {
    name: 'the one-liner behind mcpGuard',
    principal: false,
    mount: (app: Hono<{ Variables: Variables }>, handler: (r: Request) => Promise<Response>) => {
      app.use('/mcp', mcpGuard({ maxBodyBytes: MAX_BODY }));
      app.all('/mcp', (c) => handler(c.req.raw));
    },
  },
  {
    name: 'mcpHono',
    principal: true,
    mount: (app: Hono<{ Variables: Variables }>, handler: (r: Request) => Promise<Response>) => {
      app.all('/mcp', fakeAuth, mcpHono(handler));
    },
  },
  {
    name: 'mcpHono after a middleware that read the body',
    principal: true,
    mount: (app: Hono<{ Variables: Variables }>, handler: (r: Request) => Promise<Response>) => {
      app.post('/mcp', async (c, next) => {
        await c.req.json(); // say, a logger or a rate limiter that looks at the method
        await next();
      });
      app.all('/mcp', fakeAuth, mcpHono(handler));
    },
  },
];

describe.each(setups)('$name', ({ mount, principal }) => {
  let server: HttpServer;
  let url: string;
  const { dual, handler } = dualServer();

  beforeAll(async () => {
    const app = new Hono<{ Variables: Variables }>();
    app.get('/.well-known/oauth-protected-resource/*', (c) => metadata(c.req.raw) ?? c.notFound());
    mount(app, handler);
    server = await serveHttp(app.fetch);
    url = `${server.url}mcp`;
  });
  afterAll(async () => {
    await dual.close();
    await server.close();
  });

  for (const era of ['modern', 'legacy'] as const) {
    it(`serves a ${era} client, with progress streamed${principal ? " and the framework's auth as the principal" : ''}`, async () => {
      const c = await client(url, era, 'alice');
      try {
        expect(c.era).toBe(era);
        expect(await text(c, 'whoami')).toBe(principal ? 'alice' : 'anonymous');
        const seen: number[] = [];
        expect(await text(c, 'count', { n: 3 }, (p) => seen.push(p.progress))).toBe('counted 3');
        expect(seen).toEqual([1, 2, 3]);
      } finally {
        await c.close();
      }
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
    expect(await res.json()).toMatchObject({ resource: 'https://mcp.example.com/mcp' });
  });
});
