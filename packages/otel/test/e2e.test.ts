/**
 * Our client calling our server across a real process boundary (stdio and HTTP on 127.0.0.1), both
 * instrumented: one trace from the caller's span through the client span, the server span and the
 * handler's work, with the names and attributes of the OpenTelemetry semantic conventions for MCP.
 * spec: 2026-07-28/pages/basic/index.mdx ("OpenTelemetry trace context": traceparent in _meta)
 */
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { ModernClient } from '@mcpkit/client';
import { HttpClientTransport } from '@mcpkit/http';
import type { MessageTransport } from '@mcpkit/jsonrpc';
import { connect } from '@mcpkit/legacy';
import { StdioClientTransport } from '@mcpkit/stdio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instrumentTransport } from '../src/index.js';
import { exporter, localSpans, one, SERVER_SCRIPT, spanFile, startHttpServer, type SpanRecord } from './helpers.js';

const agent = trace.getTracer('agent');
let spans: ReturnType<typeof spanFile>;

beforeEach(() => {
  exporter.reset();
  spans = spanFile();
});
afterEach(() => spans.remove());

function stdio(): MessageTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_SCRIPT, 'stdio'],
    env: { ...process.env, SPANS_FILE: spans.path },
    stderr: 'inherit',
  });
}

/** Runs `work` under an agent span and returns that span's id and trace. */
async function underAgent(work: () => Promise<void>): Promise<{ traceId: string; spanId: string }> {
  return agent.startActiveSpan('agent turn', async (span) => {
    try {
      await work();
    } finally {
      span.end();
    }
    return { traceId: span.spanContext().traceId, spanId: span.spanContext().spanId };
  });
}

function expectChain(root: { traceId: string; spanId: string }, client: SpanRecord, server: SpanRecord): void {
  expect(client.traceId).toBe(root.traceId);
  expect(client.parentSpanId).toBe(root.spanId);
  expect(server.traceId).toBe(root.traceId);
  expect(server.parentSpanId).toBe(client.spanId);
}

const transports = {
  stdio: { make: async () => ({ transport: stdio(), stop: async () => {} }), network: 'pipe' },
  http: {
    make: async () => {
      const server = await startHttpServer(spans.path);
      return { transport: new HttpClientTransport(server.url) as MessageTransport, stop: server.stop };
    },
    network: 'tcp',
  },
} as const;

for (const [name, { make, network }] of Object.entries(transports)) {
  describe(`modern client → dual-era server over ${name}`, () => {
    it('one trace: caller → CLIENT span → SERVER span → handler work, with the conventions’ names and attributes', async () => {
      const { transport, stop } = await make();
      const client = new ModernClient(instrumentTransport(transport));
      const root = await underAgent(async () => {
        const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
        expect(result.content).toEqual([{ type: 'text', text: 'hi' }]);
      });
      await client.close();
      await stop();
      const client_ = one(localSpans(), 'tools/call echo', SpanKind.CLIENT);
      const remote = spans.read();
      const server = one(remote, 'tools/call echo', SpanKind.SERVER);
      expectChain(root, client_, server);
      expect(one(remote, 'lookup', SpanKind.INTERNAL).parentSpanId).toBe(server.spanId);
      for (const span of [client_, server]) {
        expect(span.attributes).toMatchObject({
          'mcp.method.name': 'tools/call',
          'gen_ai.tool.name': 'echo',
          'gen_ai.operation.name': 'execute_tool',
          'mcp.protocol.version': '2026-07-28',
          'network.transport': network,
        });
        expect(span.attributes['jsonrpc.request.id']).toEqual(expect.any(String));
        expect(span.attributes['error.type']).toBeUndefined();
        expect(span.status.code).toBe(SpanStatusCode.UNSET);
      }
      expect(server.attributes['jsonrpc.request.id']).toBe(client_.attributes['jsonrpc.request.id']);
    });

    it('a JSON-RPC error is a span error; a tool result with isError is error.type tool_error and no span error', async () => {
      const { transport, stop } = await make();
      const client = new ModernClient(instrumentTransport(transport));
      await underAgent(async () => {
        expect((await client.callTool({ name: 'broken' })).isError).toBe(true);
        await expect(client.callTool({ name: 'missing' })).rejects.toThrow();
      });
      await client.close();
      await stop();
      const remote = spans.read();
      for (const span of [one(localSpans(), 'tools/call broken', SpanKind.CLIENT), one(remote, 'tools/call broken', SpanKind.SERVER)]) {
        expect(span.attributes['error.type']).toBe('tool_error');
        expect(span.attributes['rpc.response.status_code']).toBeUndefined();
        expect(span.status.code).toBe(SpanStatusCode.UNSET);
      }
      for (const span of [one(localSpans(), 'tools/call missing', SpanKind.CLIENT), one(remote, 'tools/call missing', SpanKind.SERVER)]) {
        expect(span.attributes['error.type']).toBe('-32602');
        expect(span.attributes['rpc.response.status_code']).toBe('-32602');
        expect(span.status.code).toBe(SpanStatusCode.ERROR);
        expect(span.status.message).toMatch(/missing/);
      }
    });

    it('MRTR: each retry is its own span, linked to the first, each with its own server span', async () => {
      // spec: 2026-07-28/pages/basic/patterns/mrtr.mdx (the retry is a new request)
      const { transport, stop } = await make();
      const client = new ModernClient(instrumentTransport(transport), {
        handlers: { elicitation: { form: async () => ({ action: 'accept', content: { name: 'Ada' } }) } },
      });
      const root = await underAgent(async () => {
        expect((await client.callTool({ name: 'greet' })).content).toEqual([{ type: 'text', text: 'Hello Ada' }]);
      });
      await client.close();
      await stop();
      const attempts = localSpans().filter((span) => span.name === 'tools/call greet');
      expect(attempts).toHaveLength(2);
      const [first, retry] = attempts.sort((a, b) => Number(a.attributes['jsonrpc.request.id']) - Number(b.attributes['jsonrpc.request.id'])) as [
        SpanRecord,
        SpanRecord,
      ];
      expect(first.links).toEqual([]);
      expect(retry.links).toEqual([{ traceId: first.traceId, spanId: first.spanId }]);
      for (const attempt of attempts) expect(attempt.parentSpanId).toBe(root.spanId);
      const served = spans.read().filter((span) => span.name === 'tools/call greet');
      expect(served.map((span) => span.parentSpanId).sort()).toEqual([first.spanId, retry.spanId].sort());
    });
  });
}

describe('legacy (2025-11-25) sessions of the dual-era server', () => {
  it('a legacy client over stdio: one trace, the session id and the negotiated revision on the server span', async () => {
    const client = await connect(() => instrumentTransport(stdio()), { era: 'legacy', eraCache: false });
    const root = await underAgent(async () => {
      expect((await client.callTool({ name: 'echo', arguments: { text: 'old' } })).content).toEqual([{ type: 'text', text: 'old' }]);
    });
    await client.close();
    const local = localSpans();
    const remote = spans.read();
    const server = one(remote, 'tools/call echo', SpanKind.SERVER);
    expectChain(root, one(local, 'tools/call echo', SpanKind.CLIENT), server);
    expect(server.attributes).toMatchObject({ 'mcp.protocol.version': '2025-11-25', 'network.transport': 'pipe' });
    expect(server.attributes['mcp.session.id']).toEqual(expect.any(String));
    expect(one(local, 'initialize', SpanKind.CLIENT).attributes['mcp.method.name']).toBe('initialize');
  });

  it('the server-initiated elicitation carries the trace: the client’s SERVER span for it joins the call’s trace', async () => {
    // spec: 2025-11-25/pages/client/elicitation.mdx (the server asks the client during a tools/call)
    const client = await connect(() => instrumentTransport(stdio()), {
      era: 'legacy',
      eraCache: false,
      handlers: { elicitation: { form: async () => ({ action: 'accept', content: { name: 'Grace' } }) } },
    });
    const root = await underAgent(async () => {
      expect((await client.callTool({ name: 'greet' })).content).toEqual([{ type: 'text', text: 'Hello Grace' }]);
    });
    await client.close();
    const local = localSpans();
    const call = one(local, 'tools/call greet', SpanKind.CLIENT);
    expect(call.parentSpanId).toBe(root.spanId);
    const elicitation = one(local, 'elicitation/create', SpanKind.SERVER);
    expect(elicitation.traceId).toBe(root.traceId);
    expect(elicitation.parentSpanId).toBe(call.spanId);
    expect(elicitation.attributes['mcp.method.name']).toBe('elicitation/create');
    // The MRTR shim's two rounds are two server spans, both children of the one legacy call.
    const rounds = spans.read().filter((span) => span.name === 'tools/call greet');
    expect(rounds.map((span) => span.parentSpanId)).toEqual([call.spanId, call.spanId]);
  });

  it('the dual-era client (probe, then modern) over HTTP yields one trace too', async () => {
    const server = await startHttpServer(spans.path);
    const client = await connect(() => instrumentTransport(new HttpClientTransport(server.url)), { eraCache: false });
    const root = await underAgent(async () => {
      await client.callTool({ name: 'echo', arguments: { text: 'x' } });
    });
    await client.close();
    await server.stop();
    expectChain(root, one(localSpans(), 'tools/call echo', SpanKind.CLIENT), one(spans.read(), 'tools/call echo', SpanKind.SERVER));
  });
});
