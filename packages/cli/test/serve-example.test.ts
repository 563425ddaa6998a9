import { afterAll, describe, expect, it } from 'vitest';
import { killChildren, mcpkit, startExample } from './helpers.js';

/** Raw JSON-RPC over HTTP, to see exactly what each kind of example server answers. */
async function post(endpoint: string, body: object, headers: Record<string, string> = {}) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, session: response.headers.get('mcp-session-id'), body: text.startsWith('{') ? JSON.parse(text) : text };
}

const discover = {
  jsonrpc: '2.0',
  id: 1,
  method: 'server/discover',
  params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
};
const modernHeaders = { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'server/discover' };
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

describe('mcpkit serve-example --transport http', () => {
  afterAll(killChildren);

  it('dual (the default) serves both revisions on one URL', async () => {
    const server = await startExample('dual');
    try {
      const modern = await post(server.endpoint, discover, modernHeaders);
      expect(modern).toMatchObject({ status: 200, session: null, body: { result: { resultType: 'complete' } } });
      const legacy = await post(server.endpoint, initialize);
      expect(legacy.status).toBe(200);
      expect(legacy.body.result.protocolVersion).toBe('2025-11-25');
      expect(legacy.session).toMatch(/^[\x21-\x7e]+$/);
      // Modern calls still have their x-mcp-header arguments checked against Mcp-Param-* headers.
      const call = { ...discover, method: 'tools/call', params: { ...discover.params, name: 'execute_sql', arguments: { region: 'eu', query: 'q' } } };
      const unmirrored = await post(server.endpoint, call, { ...modernHeaders, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'execute_sql' });
      expect(unmirrored).toMatchObject({ status: 400, body: { error: { code: -32020 } } });
      const mirrored = await post(server.endpoint, call, { ...modernHeaders, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'execute_sql', 'Mcp-Param-Region': 'eu' });
      expect(mirrored.status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('legacy serves only 2025-11-25: a modern request gets what a session-based legacy server answers', async () => {
    const server = await startExample('legacy');
    try {
      const modern = await post(server.endpoint, discover, modernHeaders);
      expect(modern.status).toBe(400);
      expect(modern.body.result).toBeUndefined();
      expect([-32020, -32021, -32022]).not.toContain(modern.body.error.code);
      expect((await post(server.endpoint, initialize)).body.result.protocolVersion).toBe('2025-11-25');
    } finally {
      await server.stop();
    }
  });

  it('modern serves only 2026-07-28: initialize is refused naming the versions it serves', async () => {
    const server = await startExample('modern');
    try {
      // spec: 2026-07-28/pages/basic/versioning.mdx (a modern-only server names its versions in its error to initialize; 404 with -32601, as http answers an unknown method)
      const legacy = await post(server.endpoint, initialize);
      expect(legacy.status).toBe(404);
      expect(legacy.session).toBeNull();
      expect(JSON.stringify(legacy.body)).toContain('2026-07-28');
      // The dual-era client, told "legacy", reads that refusal and says so (--era legacy means legacy).
      const run = await mcpkit(['discover', '--era', 'legacy', '--url', server.endpoint]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/names the modern versions 2026-07-28[\s\S]*--era auto/);
    } finally {
      await server.stop();
    }
  });

  it('a port already in use is a clear error (exit 3)', async () => {
    const server = await startExample('dual');
    try {
      const port = new URL(server.endpoint).port;
      const run = await mcpkit(['serve-example', '--transport', 'http', '--port', port]);
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      await server.stop();
    }
  });

  it('stdio refuses --port, and --report-memory is for stdio', async () => {
    expect((await mcpkit(['serve-example', '--transport', 'stdio', '--port', '3000'])).stderr).toContain(
      '--port and --host only make sense with --transport http',
    );
    expect((await mcpkit(['serve-example', '--transport', 'http', '--port', '0', '--report-memory'])).code).toBe(2);
  });
});
