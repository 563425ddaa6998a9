// @mcpkit/otel: instrumentServer() around a server, its spans recorded by the OpenTelemetry SDK.
import { META, check } from './_shared.mjs';

export default async function (load) {
  const { instrumentServer } = await load('@mcpkit/otel');
  const { createServer, tool } = await load('@mcpkit/server');
  const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = await load('@opentelemetry/sdk-trace-base');
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const otel = instrumentServer({ tracerProvider });
  const server = createServer({
    info: { name: 'weather', version: '1.0.0' },
    tools: [tool({ name: 'forecast', description: 'Sunny', handler: () => ({ content: [{ type: 'text', text: 'sunny' }] }) })],
    around: otel.around,
  });
  const called = await server.dispatch({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'forecast', arguments: {}, _meta: META } });
  check(called.result?.content?.[0]?.text === 'sunny', `tools/call: ${JSON.stringify(called)}`);
  const names = exporter.getFinishedSpans().map((s) => s.name);
  check(names.length > 0, 'no span was recorded');
  return `instrumentServer around a server: tools/call answered, spans ${names.join(', ')}`;
}
