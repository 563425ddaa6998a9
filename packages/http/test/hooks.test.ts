// The public plug-in points: intercept (for @mcpkit/legacy), authenticate (for the auth layer),
// the Origin allow-list and opt-in CORS.
import { afterEach, describe, expect, it } from 'vitest';
import type { InterceptHook } from '../src/index.js';
import { ALL_LANES, fetchLane, headersFor, post, startLane, toolCall } from './helpers.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

describe.each(ALL_LANES)('hooks via $name', (lane) => {
  async function start(options: Parameters<typeof startLane>[1]) {
    const started = await startLane(lane, options);
    stops.push(started.stop);
    return started;
  }

  it('lets intercept take GET, DELETE and chosen POSTs, and falls through to the modern path otherwise', async () => {
    const calls: Array<{ method: string; body: unknown; session: string | null }> = [];
    const intercept: InterceptHook = (request, body, context) => {
      calls.push({ method: request.method, body, session: context.transport.header?.('MCP-Session-Id') ?? null });
      if (request.method === 'GET') return new Response('data: legacy stream\n\n', { headers: { 'content-type': 'text/event-stream' } });
      if (request.method === 'DELETE') return undefined; // not a session it knows: 405
      if ((body as { method?: string }).method === 'initialize')
        return Response.json({ jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25' } }, { headers: { 'mcp-session-id': 's1' } });
      return undefined;
    };
    const { call } = await start({ intercept });

    const get = await call({ method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': 's1' } });
    expect(get.status).toBe(200);
    expect(await get.text()).toBe('data: legacy stream\n\n');

    const del = await call({ method: 'DELETE', headers: { 'mcp-session-id': 's2' } });
    expect(del.status).toBe(405);

    const init = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    };
    const taken = await call(post(init, { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }));
    expect(taken.headers.get('mcp-session-id')).toBe('s1');
    expect((await taken.json()).result.protocolVersion).toBe('2025-11-25');

    const modern = toolCall(1, 'echo', { text: 'modern' });
    const served = await call(post(modern, headersFor(modern)));
    expect((await served.json()).result.content[0].text).toBe('modern');

    expect(calls.map((c) => [c.method, c.session])).toEqual([
      ['GET', 's1'],
      ['DELETE', 's2'],
      ['POST', null],
      ['POST', null],
    ]);
    expect(calls[2]!.body).toEqual(init);
  });

  it('gives intercept the request head, the client address, and a web Request only when asked', async () => {
    const heads: Array<{ url: string; accept: string | null; has: boolean; address: string | undefined; web: Request }> = [];
    const intercept: InterceptHook = (request, _body, context) => {
      heads.push({
        url: request.url,
        accept: request.headers.get('Accept'),
        has: request.headers.has('mcp-method'),
        address: context.clientAddress,
        web: context.request(),
      });
      return undefined;
    };
    const { call, url } = await start({ intercept });
    const body = toolCall(1, 'echo', { text: 'x' });
    await (await call(post(body, headersFor(body)))).json();
    const [head] = heads;
    expect(head!.url).toBe(url);
    expect(head!.accept).toBe('application/json, text/event-stream');
    expect(head!.has).toBe(true);
    expect(head!.web).toBeInstanceOf(Request);
    expect(head!.web.headers.get('mcp-method')).toBe('tools/call');
    expect(head!.web.signal.aborted).toBe(false);
    // Both lanes of the node adapter know who connected (the generic one through clientAddressOf); a bare fetch handler does not.
    expect(head!.address).toBe(lane.name.startsWith('node adapter') ? '127.0.0.1' : undefined);
  });

  it('does not consult intercept for bodies that are not JSON-RPC', async () => {
    let consulted = 0;
    const { call } = await start({ intercept: () => void consulted++ });
    const res = await call(post('{"not":"rpc"}', headersFor(toolCall(1, 'echo'))));
    expect(res.status).toBe(400);
    expect(consulted).toBe(0);
  });

  it('passes the principal from authenticate to the dispatcher, and returns its refusal as is', async () => {
    const authenticate = (request: Request) =>
      request.headers.get('authorization') === 'Bearer good'
        ? { principal: { sub: 'alice' } }
        : new Response(null, {
            status: 401,
            headers: { 'www-authenticate': 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"' },
          });
    const { call, seen } = await start({ authenticate });
    const body = toolCall(1, 'echo');

    const refused = await call(post(body, headersFor(body)));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('resource_metadata=');
    expect(seen.contexts).toHaveLength(0);

    const ok = await call(post(body, headersFor(body, { authorization: 'Bearer good' })));
    expect(ok.status).toBe(200);
    expect(seen.contexts[0]!.transport.principal).toEqual({ sub: 'alice' });
    expect(seen.contexts[0]!.transport.name).toBe('http');
    expect(seen.contexts[0]!.transport.header?.('AUTHORIZATION')).toBe('Bearer good');
  });

  it('checks Origin against a custom allow-list', async () => {
    const { call } = await start({ allowedOrigins: ['https://app.example.com'] });
    const body = toolCall(1, 'echo');
    expect((await call(post(body, headersFor(body, { origin: 'https://app.example.com' })))).status).toBe(200);
    expect((await call(post(body, headersFor(body, { origin: 'http://localhost:3000' })))).status).toBe(403);
    expect((await call(post(body, headersFor(body, { origin: 'null' })))).status).toBe(403);
  });

  it('answers CORS preflights and exposes headers when CORS is on', async () => {
    const { call } = await start({ cors: { exposeHeaders: ['WWW-Authenticate', 'Mcp-Session-Id'] }, allowedOrigins: ['https://app.example.com'] });
    const preflight = await call({
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-protocol-version, mcp-method, mcp-name, mcp-param-region, authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('mcp-param-region');

    const odd = await call({ method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-headers': 'x-unknown' } });
    expect(odd.status).toBe(403);

    const body = toolCall(1, 'progress', { n: 1 });
    const res = await call(post(body, headersFor(body, { origin: 'https://app.example.com' })));
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(res.headers.get('access-control-expose-headers')).toBe('WWW-Authenticate, Mcp-Session-Id');
    await res.text();
  });
});

describe('without CORS', () => {
  it('answers OPTIONS with 405 and sends no CORS headers', async () => {
    const { call } = await startLane(fetchLane);
    const res = await call({ method: 'OPTIONS', headers: { origin: 'http://localhost:5173' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
