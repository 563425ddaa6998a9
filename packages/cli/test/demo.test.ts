import { afterAll, describe, expect, it } from 'vitest';
import { killChildren, mcpkit } from './helpers.js';

/**
 * `mcpkit demo` runs the lesson's four scenarios for real and checks each step; a fault injected on
 * purpose must make it fail, which proves the checks are real.
 */
describe('mcpkit demo', () => {
  afterAll(killChildren);

  it('runs the four scenarios over stdio and HTTP and exits 0', async () => {
    const run = await mcpkit(['demo'], { killAfterMs: 590_000 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toContain('All 8 scenario runs behaved as the protocol says');
    // stdio: wire lines; HTTP: exchanges with headers and status.
    expect(out).toMatch(/→ \{"jsonrpc":"2.0","id":1,"method":"server\/discover"/);
    expect(out).toMatch(/→ POST http:\/\/127\.0\.0\.1:\d+\/mcp\n\s+Mcp-Method: server\/discover/);
    // 1: the retry, and no memory on the server.
    expect(out).toContain('echoes requestState exactly');
    expect(out).toContain('server memory: nothing (0 sessions; no Mcp-Session-Id minted)');
    expect(out).toContain('the server exited by itself (code 0)');
    // 2: a session in server memory, the server-initiated request, DELETE.
    expect(out).toMatch(/server memory: session \S+: protocol 2025-11-25, client mcpkit-demo 1\.0\.0, client capabilities \{"elicitation":\{"form":\{\}\}\}/);
    expect(out).toMatch(/← \{"jsonrpc":"2.0","id":"[^"]+","method":"elicitation\/create"/);
    expect(out).toMatch(/→ DELETE http:\/\/127\.0\.0\.1:\d+\/mcp/);
    // 3 and 4.
    expect(out).toContain('"error":{"code":-32022');
    expect(out).toContain('fell back to initialize');
  }, 600_000);

  it('fails (exit 1) when the client tampers with requestState', async () => {
    const run = await mcpkit(['demo', '--transport', 'stdio', '--fault', 'tamper-state'], { killAfterMs: 590_000 });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('✗ expected the retry to echo requestState byte for byte, but it sent a different requestState');
    expect(run.stdout).toContain('1 scenario run(s) misbehaved: stdio 1');
  }, 600_000);

  it('fails (exit 1) when the probe meets a server that does not need the fallback', async () => {
    const run = await mcpkit(['demo', '--transport', 'http', '--fault', 'no-fallback'], { killAfterMs: 590_000 });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('✗ expected the legacy server to answer the probe with an error');
    expect(run.stdout).toContain('1 scenario run(s) misbehaved: http 4');
  }, 600_000);
});
