/**
 * Listen streams and the duration histograms, with server and client in this process (HTTP on
 * 127.0.0.1 in between), read through the SDK's in-memory exporter and a manual metric reader.
 */
import { SpanKind } from '@opentelemetry/api';
import { MeterProvider, MetricReader, type HistogramMetricData } from '@opentelemetry/sdk-metrics';
import { ModernClient } from '@mcpkit/client';
import { createHttpHandler, HttpClientTransport } from '@mcpkit/http';
import { serveHttp } from '@mcpkit/http/node';
import { dualEra } from '@mcpkit/legacy';
import { createServer, tool } from '@mcpkit/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DURATION_BUCKETS, instrumentServer, instrumentTransport } from '../src/index.js';
import { exporter, localSpans } from './helpers.js';

class TestReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

let reader: TestReader;
let meterProvider: MeterProvider;

beforeEach(() => {
  exporter.reset();
  reader = new TestReader();
  meterProvider = new MeterProvider({ readers: [reader] });
});
afterEach(() => meterProvider.shutdown());

async function histogram(name: string): Promise<HistogramMetricData | undefined> {
  const { resourceMetrics } = await reader.collect();
  for (const scope of resourceMetrics.scopeMetrics) {
    for (const metric of scope.metrics) if (metric.descriptor.name === name) return metric as HistogramMetricData;
  }
  return undefined;
}

const echo = tool({
  name: 'echo',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  handler: (args) => ({ content: [{ type: 'text', text: String(args.text) }] }),
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('in one process over HTTP', () => {
  it('a listen stream is one span on each side, with an event per notification', async () => {
    // spec: 2026-07-28/pages/basic/utilities/subscriptions.mdx (one stream, many notifications)
    const otel = instrumentServer({ meterProvider });
    const server = createServer({ info: { name: 'listen', version: '1' }, tools: [echo], around: otel.around, onWarning: () => {} });
    const node = await serveHttp(createHttpHandler(server), { host: '127.0.0.1', port: 0 });
    const client = new ModernClient(instrumentTransport(new HttpClientTransport(new URL('mcp', node.url)), { meterProvider }));
    try {
      const stream = client.listen({ toolsListChanged: true });
      await stream.acknowledged;
      await server.toolsChanged();
      await server.toolsChanged();
      const seen: string[] = [];
      for await (const notification of stream) {
        seen.push(notification.method);
        if (seen.length === 3) break;
      }
      expect(seen).toEqual(['notifications/subscriptions/acknowledged', 'notifications/tools/list_changed', 'notifications/tools/list_changed']);
      await until(() => localSpans().filter((span) => span.name === 'subscriptions/listen').length === 2);
    } finally {
      await client.close();
      await server.close();
      await node.close();
    }
    const listens = localSpans().filter((span) => span.name === 'subscriptions/listen');
    const serverSpan = listens.find((span) => span.kind === SpanKind.SERVER)!;
    const clientSpan = listens.find((span) => span.kind === SpanKind.CLIENT)!;
    expect(serverSpan.parentSpanId).toBe(clientSpan.spanId);
    for (const span of [serverSpan, clientSpan]) {
      expect(span.events).toEqual(['notifications/subscriptions/acknowledged', 'notifications/tools/list_changed', 'notifications/tools/list_changed']);
    }
    expect(localSpans().filter((span) => span.name.startsWith('notifications/'))).toEqual([]);
  });

  it('records mcp.{client,server}.operation.duration and mcp.client.session.duration in seconds with the advised buckets', async () => {
    const otel = instrumentServer({ meterProvider });
    const server = createServer({ info: { name: 'metrics', version: '1' }, tools: [echo], around: otel.around, onWarning: () => {} });
    const node = await serveHttp(createHttpHandler(server), { host: '127.0.0.1', port: 0 });
    const client = new ModernClient(instrumentTransport(new HttpClientTransport(new URL('mcp', node.url)), { meterProvider }));
    await client.callTool({ name: 'echo', arguments: { text: 'a' } });
    await expect(client.callTool({ name: 'nope' })).rejects.toThrow();
    await client.close();
    await node.close();
    for (const name of ['mcp.client.operation.duration', 'mcp.server.operation.duration']) {
      const metric = (await histogram(name))!;
      expect(metric.descriptor.unit).toBe('s');
      const ok = metric.dataPoints.find((point) => point.attributes['gen_ai.tool.name'] === 'echo')!;
      expect(ok.attributes).toEqual({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'echo',
        'gen_ai.operation.name': 'execute_tool',
        'mcp.protocol.version': '2026-07-28',
        'network.transport': 'tcp',
        'network.protocol.name': 'http',
      });
      expect(ok.value.count).toBe(1);
      expect(ok.value.buckets.boundaries).toEqual(DURATION_BUCKETS);
      const failed = metric.dataPoints.find((point) => point.attributes['gen_ai.tool.name'] === 'nope')!;
      expect(failed.attributes).toMatchObject({ 'error.type': '-32602', 'rpc.response.status_code': '-32602' });
    }
    const session = (await histogram('mcp.client.session.duration'))!;
    expect(session.dataPoints.map((point) => point.attributes)).toEqual([{ 'mcp.protocol.version': '2026-07-28', 'network.transport': 'tcp' }]);
  });

  it('records mcp.server.session.duration when a legacy HTTP session is deleted', async () => {
    // spec: 2025-11-25/pages/basic/transports.mdx (session management)
    const otel = instrumentServer({ meterProvider });
    const dual = dualEra(createServer({ info: { name: 's', version: '1' }, tools: [echo], around: otel.around }), { ...otel.legacy });
    const handler = dual.httpHandler();
    const init = await handler(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        }),
      }),
    );
    const id = init.headers.get('mcp-session-id')!;
    expect(await histogram('mcp.server.session.duration')).toBeUndefined();
    await handler(new Request('http://127.0.0.1/mcp', { method: 'DELETE', headers: { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' } }));
    const metric = (await histogram('mcp.server.session.duration'))!;
    expect(metric.dataPoints).toHaveLength(1);
    expect(metric.dataPoints[0]!.attributes).toEqual({ 'mcp.protocol.version': '2025-11-25', 'network.transport': 'tcp' });
    expect(metric.dataPoints[0]!.value.count).toBe(1);
    await dual.close();
  });
});
