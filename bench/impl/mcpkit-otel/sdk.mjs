// The OpenTelemetry SDK as a production app registers it (batching span processor, async-hooks context,
// W3C propagation, a meter provider aggregating in memory), with an exporter that drops every batch:
// what is measured is the instrumentation and the SDK, not an exporter's I/O.
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';

class HeldReader extends MetricReader {
  async onForceFlush() {}
  async onShutdown() {}
}

const dropAll = { export: (_spans, done) => done({ code: 0 }), shutdown: () => Promise.resolve() };

export function registerSdk() {
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(dropAll)] }));
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [new HeldReader()] }));
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}
