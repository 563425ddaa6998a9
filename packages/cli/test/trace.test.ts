import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleStdio, json, killChildren, mcpkit, startExample, type HttpExample } from './helpers.js';

/** `--trace` shows every message as it crosses the wire, on stderr, so `--json` output stays clean. */
describe('--trace', () => {
  let server: HttpExample;
  beforeAll(async () => {
    server = await startExample('dual');
  });
  afterAll(async () => {
    await server.stop();
    killChildren();
  });

  it('over stdio: one line per message, in both directions, plus the server stderr', async () => {
    const run = await mcpkit(['tools', 'call', 'echo', '--args', '{"text":"traced"}', '--trace', '--era', 'modern', '--stdio', exampleStdio()]);
    expect(run.code).toBe(0);
    const lines = run.stderr.split('\n');
    const sent = lines.find((l) => l.startsWith('→ {"jsonrpc":"2.0","id":1,"method":"tools/call"'));
    const received = lines.find((l) => l.startsWith('← {"jsonrpc":"2.0","id":1,"result"'));
    expect(sent).toBeDefined();
    expect(JSON.parse(sent!.slice(2)).params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
    expect(JSON.parse(received!.slice(2)).result.content[0].text).toBe('traced');
    expect(run.stderr).toContain('server stderr│ mcpkit serve-example');
    expect(run.stdout).toBe('traced\n');
  });

  it('over HTTP: each exchange with method, MCP headers and status; --json stdout is only the result', async () => {
    const run = await mcpkit(['tools', 'call', 'echo', '--args', '{"text":"traced"}', '--trace', '--json', '--era', 'modern', '--url', server.endpoint]);
    expect(run.code).toBe(0);
    expect(json(run).content[0].text).toBe('traced');
    expect(run.stderr).toContain(`→ POST ${server.endpoint}`);
    expect(run.stderr).toMatch(/^ {4}Mcp-Method: tools\/call$/m);
    expect(run.stderr).toMatch(/^ {4}Mcp-Name: echo$/m);
    expect(run.stderr).toMatch(/^ {4}MCP-Protocol-Version: 2026-07-28$/m);
    expect(run.stderr).toMatch(/^← 200 OK$/m);
    expect(run.stderr).toMatch(/^← \{"jsonrpc":"2.0","id":1,"result"/m);
    expect(run.stderr).not.toContain('Mcp-Session-Id');
  });

  it('a polled legacy reply: the server closes the SSE stream and the client resumes with Last-Event-ID', async () => {
    const run = await mcpkit(['tools', 'call', 'test_reconnection', '--era', 'legacy', '--trace', '--url', server.endpoint]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Reconnection test completed\n');
    expect(run.stderr).toMatch(/→ GET \S+\n(?: {4}.*\n)*? {4}Last-Event-ID: \S+/);
  });

  it('the era probe, and a legacy session with its Mcp-Session-Id, on HTTP', async () => {
    const legacy = await startExample('legacy');
    try {
      const run = await mcpkit(['tools', 'call', 'echo', '--args', '{"text":"old"}', '--trace', '--url', legacy.endpoint]);
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(/Mcp-Method: server\/discover[\s\S]*← 400 Bad Request/);
      expect(run.stderr).toContain('"method":"initialize"');
      const session = /Mcp-Session-Id: (\S+)/.exec(run.stderr)?.[1];
      expect(session).toBeDefined();
      expect(run.stderr).toContain(`→ DELETE ${legacy.endpoint}`);
      expect(run.stderr.split(`Mcp-Session-Id: ${session}`).length).toBeGreaterThan(3);
    } finally {
      await legacy.stop();
    }
  });
});
