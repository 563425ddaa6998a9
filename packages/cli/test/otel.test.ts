import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, killChildren, mcpkit, startExample } from './helpers.js';

/** The fields of one `otel span ...` line the CLI prints on stderr. */
interface SpanLine {
  readonly kind: string;
  readonly trace: string;
  readonly span: string;
  readonly parent: string | undefined;
  readonly attributes: Record<string, unknown>;
}

function spanLine(stderr: string, name: string, kind: string): SpanLine | undefined {
  for (const line of stderr.split('\n')) {
    const match = /^otel span "([^"]+)" (\w+) [\d.]+ ms trace=(\w+) span=(\w+)(?: parent=(\w+))?(?: links=\S+)? (\{.*?\})(?: events=.*?)?(?: status=.*)?$/.exec(
      line,
    );
    if (match && match[1] === name && match[2] === kind) {
      return { kind: match[2]!, trace: match[3]!, span: match[4]!, parent: match[5], attributes: JSON.parse(match[6]!) };
    }
  }
  return undefined;
}

describe('--otel', () => {
  afterAll(killChildren);

  it('client and HTTP server each print their span of a tools/call; the server span is the child of the client span, in one trace', async () => {
    const server = await startExample('dual', 0, ['--otel']);
    try {
      const run = await mcpkit(['tools', 'call', 'echo', '--args', '{"text":"hi"}', '--json', '--otel', '--url', server.endpoint]);
      expect(run.code).toBe(0);
      // Spans go to stderr: stdout is still the result alone.
      expect(JSON.parse(run.stdout).content[0].text).toContain('hi');
      const client = spanLine(run.stderr, 'tools/call echo', 'CLIENT');
      expect(client, run.stderr).toBeDefined();
      expect(client!.attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'echo',
        'gen_ai.operation.name': 'execute_tool',
        'network.transport': 'tcp',
        'network.protocol.name': 'http',
      });
      const stderr = await server.stderrMatching(/otel span "tools\/call echo" SERVER .*\n/);
      const handled = spanLine(stderr, 'tools/call echo', 'SERVER');
      expect(handled).toMatchObject({ trace: client!.trace, parent: client!.span });
      expect(handled!.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo', 'network.transport': 'tcp' });
    } finally {
      await server.stop();
    }
  });

  it('serve-example over stdio keeps stdout for MCP: the span goes to stderr, its parent the traceparent of _meta', async () => {
    // spec: 2026-07-28/pages/basic/index.mdx ("OpenTelemetry trace context": traceparent in _meta)
    const child = spawn(process.execPath, [BIN, 'serve-example', '--transport', 'stdio', '--otel'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      traceparent: `00-${traceId}-${parentId}-01`,
    };
    child.stdin.end(`${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' }, _meta: meta } })}\n`);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ id: 7, result: { content: [{ type: 'text' }] } });
    const span = spanLine(stderr, 'tools/call echo', 'SERVER');
    expect(span, stderr).toMatchObject({ trace: traceId, parent: parentId });
    expect(span!.attributes).toMatchObject({ 'jsonrpc.request.id': '7', 'network.transport': 'pipe', 'mcp.protocol.version': '2026-07-28' });
  });

  it('a client command over stdio prints its CLIENT span', async () => {
    const stdio = `"${process.execPath}" "${BIN}" serve-example --transport stdio`;
    const run = await mcpkit(['tools', 'call', 'echo', '--args', '{"text":"hi"}', '--era', 'modern', '--otel', '--stdio', stdio]);
    expect(run.code).toBe(0);
    expect(spanLine(run.stderr, 'tools/call echo', 'CLIENT')?.attributes).toMatchObject({
      'network.transport': 'pipe',
      'jsonrpc.request.id': expect.any(String),
    });
  });

  it('OTEL_EXPORTER_OTLP_ENDPOINT set: the spans are also POSTed to its /v1/traces before the command exits', async () => {
    const received: { path: string; body: string }[] = [];
    const collector = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', body });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      const stdio = `"${process.execPath}" "${BIN}" serve-example --transport stdio`;
      const run = await mcpkit(['tools', 'call', 'echo', '--args', '{"text":"hi"}', '--era', 'modern', '--otel', '--stdio', stdio], {
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
      });
      expect(run.code, run.stderr).toBe(0);
      const traces = received.filter((r) => r.path === '/v1/traces');
      expect(traces.length).toBeGreaterThan(0);
      expect(traces.map((r) => r.body).join('')).toContain('tools/call echo');
    } finally {
      await new Promise((resolve) => collector.close(resolve));
    }
  });
});
