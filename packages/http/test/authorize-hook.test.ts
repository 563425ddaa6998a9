// The authorize hook: per-operation authorization once the body is parsed, before either era sees it.
// spec: 2026-07-28/pages/basic/authorization/index.mdx ("Runtime Insufficient Scope Errors": 403 with
// WWW-Authenticate); this package only sends the Response the hook builds.
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonRpcMessage } from '@mcpkit/jsonrpc';
import type { AuthorizeHook } from '../src/index.js';
import { ALL_LANES, headersFor, post, startLane, toolCall } from './helpers.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

const CHALLENGE = 'Bearer error="insufficient_scope", scope="notes:write", resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"';
const forbidden = () =>
  new Response('{"error":"insufficient_scope"}', { status: 403, headers: { 'content-type': 'application/json', 'www-authenticate': CHALLENGE } });
const authenticate = (request: Request) =>
  request.headers.get('authorization') === 'Bearer alice' ? { principal: { subject: 'alice' } } : new Response(null, { status: 401 });

describe.each(ALL_LANES)('authorize via $name', (lane) => {
  async function start(options: Parameters<typeof startLane>[1]) {
    const started = await startLane(lane, options);
    stops.push(started.stop);
    return started;
  }

  it('sees the principal and the parsed message, and its refusal is sent as is without dispatching', async () => {
    const asked: Array<{ principal: unknown; message: JsonRpcMessage; method: string | null }> = [];
    const authorize: AuthorizeHook = (principal, message, request) => {
      asked.push({ principal, message, method: request.headers.get('mcp-method') });
      return (message as { params?: { name?: string } }).params?.name === 'progress' ? forbidden() : undefined;
    };
    const { call, seen } = await start({ authenticate, authorize });

    const allowed = toolCall(1, 'echo', { text: 'hi' });
    const ok = await call(post(allowed, headersFor(allowed, { authorization: 'Bearer alice' })));
    expect(ok.status).toBe(200);
    expect((await ok.json()).result.content[0].text).toBe('hi');

    const refusedCall = toolCall(2, 'progress', { n: 1 });
    const refused = await call(post(refusedCall, headersFor(refusedCall, { authorization: 'Bearer alice' })));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toBe(CHALLENGE);
    expect(await refused.json()).toEqual({ error: 'insufficient_scope' });

    expect(seen.started).toEqual(['echo']); // the refused tool never ran
    expect(asked).toEqual([
      { principal: { subject: 'alice' }, message: allowed, method: 'tools/call' },
      { principal: { subject: 'alice' }, message: refusedCall, method: 'tools/call' },
    ]);
  });

  it('is not consulted when authenticate refuses, nor for a body that is not one JSON-RPC message', async () => {
    let consulted = 0;
    const { call } = await start({ authenticate, authorize: () => void consulted++ });
    const body = toolCall(1, 'echo');
    expect((await call(post(body, headersFor(body)))).status).toBe(401);
    expect((await call(post('[1,2]', headersFor(body, { authorization: 'Bearer alice' })))).status).toBe(400);
    expect(consulted).toBe(0);
  });

  it('runs before intercept, so legacy traffic gets the same refusal; GET and DELETE go to intercept unasked', async () => {
    const intercepted: string[] = [];
    const { call } = await start({
      authenticate,
      authorize: (_principal, message) => ('method' in message && message.method === 'initialize' ? forbidden() : undefined),
      intercept: (request) => {
        intercepted.push(request.method);
        return new Response(null, { status: 204 });
      },
    });
    const init = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer alice' };
    expect((await call(post(init, headers))).status).toBe(403);
    expect((await call({ method: 'GET', headers: { authorization: 'Bearer alice', 'mcp-session-id': 's1' } })).status).toBe(204);
    expect((await call({ method: 'DELETE', headers: { authorization: 'Bearer alice', 'mcp-session-id': 's1' } })).status).toBe(204);
    expect(intercepted).toEqual(['GET', 'DELETE']);
  });

  it('answers 500 when the hook throws, and tells onError', async () => {
    const errors: unknown[] = [];
    const { call, seen } = await start({
      authorize: () => {
        throw new Error('policy store down');
      },
      onError: (error) => errors.push(error),
    });
    const body = toolCall(1, 'echo');
    const res = await call(post(body, headersFor(body)));
    expect(res.status).toBe(500);
    expect(seen.started).toEqual([]);
    expect(errors.map((e) => (e as Error).message)).toEqual(['policy store down']);
  });
});

describe('authenticate on GET and DELETE', () => {
  it('guards GET and DELETE when intercept serves them, and leaves a modern-only endpoint at 405', async () => {
    const intercepted: string[] = [];
    const withLegacy = await startLane(ALL_LANES[1]!, {
      authenticate,
      intercept: (request) => (intercepted.push(request.method), new Response(null, { status: 204 })),
    });
    stops.push(withLegacy.stop);
    expect((await withLegacy.call({ method: 'GET', headers: { 'mcp-session-id': 's1' } })).status).toBe(401);
    expect((await withLegacy.call({ method: 'DELETE', headers: { 'mcp-session-id': 's1' } })).status).toBe(401);
    expect(intercepted).toEqual([]);

    const modernOnly = await startLane(ALL_LANES[1]!, { authenticate });
    stops.push(modernOnly.stop);
    // spec: 2026-07-28/pages/basic/transports/streamable-http.mdx: GET and DELETE on a modern endpoint are 405.
    expect((await modernOnly.call({ method: 'GET', headers: { authorization: 'Bearer alice' } })).status).toBe(405);
  });
});
