// The everything server end to end: over stdio as a child process, and over Streamable HTTP on 127.0.0.1.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, type JsonRpcNotification } from '@mcpkit/jsonrpc';
import { StdioClientTransport } from '@mcpkit/stdio';
import { createEverythingServer, serveEverythingHttp, type EverythingHttpServer } from '../src/index.js';
import { meta } from './helpers.js';

const stdioEntry = fileURLToPath(new URL('../stdio.mjs', import.meta.url));

// spec: 2026-07-28/pages/basic/transports/stdio.mdx
describe('over stdio', () => {
  let connection: Connection;
  const notifications: JsonRpcNotification[] = [];

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [stdioEntry],
      env: { ...process.env, MCPKIT_STATE_KEYS: `s:${Buffer.alloc(32, 3).toString('base64url')}` },
    });
    connection = new Connection(transport, { timeoutMs: 10_000 });
    connection.onNotification((n) => notifications.push(n));
    await connection.start();
  });
  afterAll(() => connection.close());

  it('answers discover and echo', async () => {
    const discover = await connection.request<any>('server/discover', { _meta: meta() });
    expect(discover._meta['io.modelcontextprotocol/serverInfo'].name).toBe('mcpkit-everything');
    const echo = await connection.request<any>('tools/call', { _meta: meta(), name: 'echo', arguments: { text: 'over stdio' } });
    expect(echo.content).toEqual([{ type: 'text', text: 'over stdio' }]);
  });

  it('streams progress of a request before its result', async () => {
    const result = await connection.request<any>('tools/call', { _meta: meta({}, { progressToken: 'p1' }), name: 'test_tool_with_progress' });
    expect(result.content[0].text).toBe('Progress test completed');
    expect(notifications.filter((n) => (n.params as any)?.progressToken === 'p1').map((n) => (n.params as any).progress)).toEqual([0, 50, 100]);
  });

  it('demultiplexes listen notifications by subscription id', async () => {
    const controller = new AbortController();
    const listen = connection.request(
      'subscriptions/listen',
      { _meta: meta(), notifications: { toolsListChanged: true } },
      { signal: controller.signal, timeoutMs: 0 },
    );
    listen.catch(() => {});
    await waitFor(() => notifications.some((n) => n.method === 'notifications/subscriptions/acknowledged'));
    const ack = notifications.find((n) => n.method === 'notifications/subscriptions/acknowledged')!;
    const id = (ack.params as any)._meta['io.modelcontextprotocol/subscriptionId'];
    await connection.request('tools/call', { _meta: meta(), name: 'test_trigger_tool_change' });
    await waitFor(() => notifications.some((n) => n.method === 'notifications/tools/list_changed'));
    expect((notifications.find((n) => n.method === 'notifications/tools/list_changed')!.params as any)._meta['io.modelcontextprotocol/subscriptionId']).toBe(
      id,
    );
    controller.abort();
    await expect(listen).rejects.toThrow();
  });
});

// spec: 2026-07-28/pages/basic/transports/streamable-http.mdx
describe('over Streamable HTTP', () => {
  let server: EverythingHttpServer;
  beforeAll(async () => {
    server = await serveEverythingHttp({ port: 0, dispatcher: createEverythingServer({ onWarning: () => {} }) });
  });
  afterAll(() => server.close());

  const post = (method: string, params: Record<string, unknown>, headers: Record<string, string> = {}) =>
    fetch(server.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { _meta: meta(), ...params } }),
    });

  it('serves echo at http://127.0.0.1:N/mcp', async () => {
    expect(server.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const response = await post('tools/call', { name: 'echo', arguments: { text: 'over http' } }, { 'mcp-name': 'echo' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result.content).toEqual([{ type: 'text', text: 'over http' }]);
  });

  it('maps the server errors to their HTTP statuses', async () => {
    expect((await post('unknown/method', {})).status).toBe(404);
    const missing = await post('tools/call', { name: 'test_missing_capability', arguments: {} }, { 'mcp-name': 'test_missing_capability' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.code).toBe(-32021);
  });

  it('checks Mcp-Param headers against the tool arguments the server declared', async () => {
    const args = { name: 'execute_sql', arguments: { region: 'eu-west1', query: 'select 1' } };
    const good = await post('tools/call', args, { 'mcp-name': 'execute_sql', 'mcp-param-region': 'eu-west1' });
    expect(good.status).toBe(200);
    const mismatch = await post('tools/call', args, { 'mcp-name': 'execute_sql', 'mcp-param-region': 'us-east1' });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).error.code).toBe(-32020);
  });
});

/** Polls until `condition()` holds; only the test's timeout ends the wait (no clock of its own). */
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 10));
}
