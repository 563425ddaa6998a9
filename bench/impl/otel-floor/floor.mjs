// The least any instrumentation can do with the OpenTelemetry SDK per request, the `otel` scenario's floor:
// one span with fixed attributes, the handler (or the send) in its context, the trace context carried in
// `_meta`, one histogram record with fixed attributes. No conventions, no error recording, no caching:
// what is left between this side and @mcpkit/otel is the cost of our own code; what is left between this
// side and plain mcpkit is the SDK's.
import { context as otelContext, metrics, propagation, SpanKind, trace } from '@opentelemetry/api';

const SPAN_ATTRIBUTES = { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo' };
const METRIC_ATTRIBUTES = { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo' };
const getter = { keys: (carrier) => Object.keys(carrier), get: (carrier, key) => carrier[key] };

/** An `around` hook for `createServer`: a SERVER span, parented by the context in `_meta`. */
export function floorAround() {
  const tracer = trace.getTracer('floor');
  const histogram = metrics.getMeter('floor').createHistogram('floor.server.duration', { unit: 's' });
  return async (request, context, next) => {
    const started = performance.now();
    const meta = request.params?._meta;
    const parent = meta ? propagation.extract(otelContext.active(), meta, getter) : otelContext.active();
    const span = tracer.startSpan('tools/call echo', { kind: SpanKind.SERVER, attributes: SPAN_ATTRIBUTES }, parent);
    try {
      return await otelContext.with(trace.setSpan(parent, span), next, undefined, request, context);
    } finally {
      span.end();
      histogram.record((performance.now() - started) / 1000, METRIC_ATTRIBUTES);
    }
  };
}

/** Wraps a client transport: a CLIENT span per request, its context injected into a copy of `_meta`. */
export function floorTransport(inner) {
  const tracer = trace.getTracer('floor');
  const histogram = metrics.getMeter('floor').createHistogram('floor.client.duration', { unit: 's' });
  const open = new Map();
  let deliver = () => {};
  inner.onMessage((message) => {
    const pending = message.id !== undefined ? open.get(message.id) : undefined;
    if (pending) {
      open.delete(message.id);
      pending.span.end();
      histogram.record((performance.now() - pending.started) / 1000, METRIC_ATTRIBUTES);
    }
    deliver(message);
  });
  return {
    kind: inner.kind,
    name: inner.name,
    start: () => inner.start(),
    close: () => inner.close(),
    onMessage: (handler) => {
      deliver = handler;
    },
    onError: (handler) => inner.onError(handler),
    onClose: (handler) => inner.onClose(handler),
    send(message) {
      if (message.method === undefined || message.id === undefined) return inner.send(message);
      const span = tracer.startSpan('tools/call echo', { kind: SpanKind.CLIENT, attributes: SPAN_ATTRIBUTES });
      const meta = { ...message.params?._meta };
      propagation.inject(trace.setSpan(otelContext.active(), span), meta);
      open.set(message.id, { span, started: performance.now() });
      return inner.send({ ...message, params: { ...message.params, _meta: meta } });
    },
  };
}
