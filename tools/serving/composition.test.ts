// The composition matrix of issue 27: every endpoint (modern, dual era, dual era with the
// 2024-11-05 HTTP+SSE transport on) served every way Node serves one (serveHttp, the node
// hand-over, Express, Fastify, Hono, a router in front, a plain function in front), over real
// sockets on 127.0.0.1, with real clients of each era. No cell answers 500 or throws a TypeError,
// and the cells that keep the node fast lane build no web Request for a tools/call.
// (Workers, Bun and Deno serve the same endpoints in the runtime matrix: `pnpm runtimes`.)
// spec: 2026-07-28/pages/basic/transports/streamable-http.mdx
import { createServer as createNodeServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ModernClient } from '@mcpkit/client';
import { mcpExpress } from '@mcpkit/express';
import { mcpFastify } from '@mcpkit/fastify';
import { mcpHono } from '@mcpkit/hono';
import { createHttpHandler, createHttpRouter, HttpClientTransport, type HttpHandler, type WebHandler } from '@mcpkit/http';
import { handleNodeRequest, serveHttp, toWebRequest, writeWebResponse } from '@mcpkit/http/node';
import { connect, dualEra, HttpSseClientTransport, LegacyClient } from '@mcpkit/legacy';
import { createServer, tool } from '@mcpkit/server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';

const echo = tool({
  name: 'echo',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  handler: ({ text }) => ({ content: [{ type: 'text', text: String(text) }] }),
});
const mcpServer = () => createServer({ info: { name: 'matrix', version: '1.0.0' }, tools: [echo], onWarning: () => {} });

type Era = 'modern' | 'dual' | 'dual+sse';
const ENDPOINTS: Record<Era, () => HttpHandler> = {
  modern: () => createHttpHandler(mcpServer()),
  dual: () => dualEra(mcpServer()).httpHandler(),
  'dual+sse': () => dualEra(mcpServer(), { http: { sse: {} } }).httpHandler(),
};

/** Web `Request`s built in this process: the fast lane builds none for a plain tools/call. */
let webRequests = 0;
const NativeRequest = globalThis.Request;
globalThis.Request = class CountedRequest extends NativeRequest {
  constructor(...args: ConstructorParameters<typeof Request>) {
    super(...args);
    webRequests++;
  }
} as typeof Request;
afterAll(() => {
  globalThis.Request = NativeRequest;
});

interface Served {
  /** The base URL; the MCP endpoint is at `/mcp`, HTTP+SSE at `/sse` and `/messages`. */
  base: string;
  close(): Promise<void>;
}

function listen(server: Server): Promise<Served> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        base: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** A way of serving, and whether it keeps the node fast lane for Streamable HTTP. */
interface Way {
  name: string;
  fastLane: boolean;
  serve(endpoint: HttpHandler): Promise<Served>;
}

const WAYS: Way[] = [
  {
    name: 'serveHttp',
    fastLane: true,
    async serve(endpoint) {
      const server = await serveHttp(endpoint);
      return { base: server.url.replace(/\/$/, ''), close: () => server.close() };
    },
  },
  {
    name: 'handleNodeRequest on node:http',
    fastLane: true,
    serve: (endpoint) => listen(createNodeServer((req, res) => void handleNodeRequest(endpoint, req, res))),
  },
  {
    name: 'Express (mcpExpress, express.json() in front)',
    fastLane: true,
    serve(endpoint) {
      const app = express();
      app.use(express.json());
      app.all(['/mcp', '/sse', '/messages'], mcpExpress(endpoint));
      return listen(createNodeServer(app));
    },
  },
  {
    name: 'Fastify (mcpFastify)',
    fastLane: true,
    async serve(endpoint) {
      const app = Fastify();
      // One plugin scope per path: each leaves the body unread in its own scope.
      for (const path of ['/mcp', '/sse', '/messages']) await app.register(async (scope) => mcpFastify(scope, { handler: endpoint, path }));
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
    },
  },
  {
    name: 'Hono (mcpHono) on node:http through web objects',
    fastLane: false,
    serve(endpoint) {
      const app = new Hono();
      app.all('/mcp', mcpHono(endpoint));
      app.all('/sse', mcpHono(endpoint));
      app.all('/messages', mcpHono(endpoint));
      const bridge = async (req: IncomingMessage, res: ServerResponse) => {
        const controller = new AbortController();
        res.once('close', () => controller.abort());
        await writeWebResponse(res, await app.fetch(toWebRequest(req, controller.signal, true)));
      };
      return listen(createNodeServer((req, res) => void bridge(req, res)));
    },
  },
  {
    name: 'createHttpRouter in front (a /health route), on serveHttp',
    fastLane: true,
    async serve(endpoint) {
      const router = createHttpRouter({ routes: { '/health': () => new Response('ok') }, fallback: endpoint });
      const server = await serveHttp(router);
      return { base: server.url.replace(/\/$/, ''), close: () => server.close() };
    },
  },
  {
    name: 'a plain function in front, on serveHttp',
    fastLane: false,
    async serve(endpoint) {
      const plain: WebHandler = (request) => (new URL(request.url).pathname === '/health' ? new Response('ok') : endpoint(request));
      const server = await serveHttp(plain);
      return { base: server.url.replace(/\/$/, ''), close: () => server.close() };
    },
  },
];

const text = (result: { content: Array<{ type: string; text?: string }> }) => result.content.map((c) => c.text).join('');

describe.each(WAYS)('served with $name', (way) => {
  describe.each(Object.keys(ENDPOINTS) as Era[])('%s endpoint', (era) => {
    it('modern tools/call answers, on the lane the way promises', async () => {
      const served = await way.serve(ENDPOINTS[era]());
      const client = new ModernClient(new HttpClientTransport(`${served.base}/mcp`), { onWarning: () => {} });
      try {
        await client.callTool({ name: 'echo', arguments: { text: 'warm' } });
        const before = webRequests;
        const result = await client.callTool({ name: 'echo', arguments: { text: `modern via ${way.name}` } });
        const built = webRequests - before;
        expect(text(result)).toBe(`modern via ${way.name}`);
        if (way.fastLane) expect(built, 'the fast lane builds no web Request').toBe(0);
        else expect(built).toBeGreaterThan(0);
      } finally {
        await client.close();
        await served.close();
      }
    });

    it(era === 'modern' ? 'a legacy initialize is refused cleanly (no 500)' : 'a 2025-11-25 session over Streamable HTTP answers', async () => {
      const served = await way.serve(ENDPOINTS[era]());
      try {
        if (era === 'modern') {
          const res = await fetch(`${served.base}/mcp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'initialize',
              params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
            }),
          });
          expect(res.status).toBeLessThan(500);
          expect(res.status).toBeGreaterThanOrEqual(400);
          return;
        }
        const client = await connect(`${served.base}/mcp`, { era: 'legacy', eraCache: false });
        try {
          expect(client.era).toBe('legacy');
          expect(text(await client.callTool({ name: 'echo', arguments: { text: 'legacy' } }))).toBe('legacy');
        } finally {
          await client.close();
        }
      } finally {
        await served.close();
      }
    });

    it(
      era === 'dual+sse' ? 'a 2024-11-05 HTTP+SSE session answers' : 'GET /sse is not an HTTP+SSE stream (HTTP+SSE off), and nothing answers 500',
      async () => {
        const served = await way.serve(ENDPOINTS[era]());
        try {
          if (era !== 'dual+sse') {
            const res = await fetch(`${served.base}/sse`, { headers: { accept: 'text/event-stream' } });
            expect(res.status).toBeLessThan(500);
            expect(res.headers.get('content-type') ?? '').not.toContain('text/event-stream');
            await res.body?.cancel();
            return;
          }
          const client = new LegacyClient(new HttpSseClientTransport(`${served.base}/sse`), { onWarning: () => {} });
          try {
            await client.initialize();
            expect(text(await client.callTool({ name: 'echo', arguments: { text: 'http+sse' } }))).toBe('http+sse');
          } finally {
            await client.close();
          }
        } finally {
          await served.close();
        }
      },
    );
  });
});

describe('the repro of issue 27', () => {
  it('dualEra(server, { http: { sse: {} } }).httpHandler() mounted with handleNodeRequest answers (it answered 500 before)', async () => {
    const endpoint = dualEra(mcpServer(), { http: { sse: {} } }).httpHandler();
    const served = await listen(createNodeServer((req, res) => void handleNodeRequest(endpoint, req, res)));
    const client = new ModernClient(new HttpClientTransport(`${served.base}/mcp`), { onWarning: () => {} });
    try {
      expect(text(await client.callTool({ name: 'echo', arguments: { text: 'no TypeError' } }))).toBe('no TypeError');
    } finally {
      await client.close();
      await served.close();
    }
  });
});
