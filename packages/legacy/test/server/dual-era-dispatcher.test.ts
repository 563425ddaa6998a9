/**
 * `dualEra(server)` is an `HttpDispatcher`: what the modern server offers the HTTP transport reaches
 * it whole. The check of `_meta` is the server's, so its `data.supported` survives the wrapper (it
 * used to vanish: the transport read `supportedVersions` structurally and dualEra did not forward it).
 * spec: 2026-07-28/pages/basic/index.mdx (_meta is required); DIGEST §12 (dual-era server)
 */
import type { HttpDispatcher } from '@mcpkit/http';
import { afterEach, describe, expect, it } from 'vitest';
import { MODERN, post, startDual, type Running } from './helpers.js';

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('dualEra as an HttpDispatcher', () => {
  it('a modern request without _meta gets 400 -32602 with data.supported through dualEra', async () => {
    running = await startDual();
    const res = await post(
      running.url,
      { jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} },
      { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' },
    );
    expect(res.status).toBe(400);
    const reply = (await res.json()) as { id: number; error: { code: number; data?: { supported?: string[] } } };
    expect(reply.id).toBe(7);
    expect(reply.error.code).toBe(-32602);
    expect(reply.error.data?.supported).toContain(MODERN);
  });

  it('forwards headerParams: a modern tools/call whose Mcp-Param-Region differs from its argument is 400 -32020', async () => {
    running = await startDual();
    const dispatcher: HttpDispatcher = running.dual; // compiles only while DualEraServer implements the interface
    expect(dispatcher.headerParams('execute_sql')).toEqual(running.dual.server.headerParams('execute_sql'));
    // spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Server Validation: Mcp-Param-* must match the body)
    const _meta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };
    const call = { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'execute_sql', arguments: { region: 'eu', query: 'select 1' }, _meta } };
    const headers = { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'execute_sql' };
    const res = await post(running.url, call, { ...headers, 'mcp-param-region': 'us' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32020);
    const matching = await post(running.url, call, { ...headers, 'mcp-param-region': 'eu' });
    expect(matching.status).toBe(200);
  });
});
