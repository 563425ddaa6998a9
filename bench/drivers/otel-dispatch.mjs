// In-process cost of @mcpkit/otel, without sockets or processes: `echo` tools/call requests per second.
//
//   node bench/drivers/otel-dispatch.mjs '{"mode":"server"|"loop","otel":true|false,"ops":20000,"warmup":2000}'
//
// "server": `server.dispatch` called directly (the around hook and the SERVER span).
// "loop": a client transport, wrapped by `instrumentTransport` when otel is on, whose peer is the same
//   server in-process (CLIENT span, `_meta` injection, SERVER span, both histograms).
// otel on registers the SDK as impl/mcpkit-otel/sdk.mjs does (batching processor, exporter dropping all);
// off registers nothing and sets no hook. "floor": true replaces instrumentServer by the least an around hook
// can do with the SDK (one span with fixed attributes, the handler in its context, one histogram record
// with fixed attributes): the SDK's own cost, which no instrumentation gets under. Prints { mode, otel, ops, perSec }.
import { context as otelContext, metrics, SpanKind, trace } from '@opentelemetry/api';
import { instrumentServer, instrumentTransport } from '@mcpkit/otel';
import { createEchoServer } from '../impl/mcpkit/tools.mjs';
import { registerSdk } from '../impl/mcpkit-otel/sdk.mjs';
import { echoCall } from '../lib/wire.mjs';

const cfg = { mode: 'server', otel: true, ops: 20_000, warmup: 2_000, ...JSON.parse(process.argv[2] ?? '{}') };
if (cfg.otel || cfg.sdkOnly) registerSdk();
const server = createEchoServer(cfg.otel ? { around: cfg.floor ? floorAround() : instrumentServer().around } : {});
const signal = new AbortController().signal;

function floorAround() {
  const tracer = trace.getTracer('floor');
  const histogram = metrics.getMeter('floor').createHistogram('floor.duration', { unit: 's' });
  const spanAttributes = { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo', 'jsonrpc.request.id': '1', 'network.transport': 'pipe' };
  const metricAttributes = { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo', 'network.transport': 'pipe' };
  return async (request, context, next) => {
    const started = performance.now();
    const active = otelContext.active();
    const span = tracer.startSpan('tools/call echo', { kind: SpanKind.SERVER, attributes: spanAttributes }, active);
    try {
      return await otelContext.with(trace.setSpan(active, span), next, undefined, request, context);
    } finally {
      span.end();
      histogram.record((performance.now() - started) / 1000, metricAttributes);
    }
  };
}
const context = { signal, aborted: false, notify: async () => {}, transport: { name: 'stdio' } };

/** One call, resolved with its response. */
let call;
if (cfg.mode === 'server') {
  call = (id) => server.dispatch(echoCall(id, 'hi'), context);
} else {
  // A transport whose other end is the server: `send` dispatches and hands the response back.
  let deliver = () => {};
  const inner = {
    kind: 'client',
    name: 'stdio',
    start: async () => {},
    close: async () => {},
    async send(message) {
      const response = await server.dispatch(message, context);
      if (response !== null) deliver(response);
    },
    onMessage: (handler) => {
      deliver = handler;
    },
    onError: () => {},
    onClose: () => {},
  };
  const transport = cfg.otel ? instrumentTransport(inner) : inner;
  const pending = new Map();
  transport.onMessage((message) => {
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  await transport.start();
  call = (id) =>
    new Promise((resolve) => {
      pending.set(id, resolve);
      void transport.send(echoCall(id, 'hi'));
    });
}

let id = 0;
for (let i = 0; i < cfg.warmup; i++) await call(++id);
const t0 = performance.now();
for (let i = 0; i < cfg.ops; i++) {
  const response = await call(++id);
  if (response?.result?.content?.[0]?.text !== 'hi') throw new Error(`bad response: ${JSON.stringify(response)}`);
}
const seconds = (performance.now() - t0) / 1000;
console.log(JSON.stringify({ mode: cfg.mode, otel: cfg.otel, floor: cfg.floor === true, ops: cfg.ops, perSec: Math.round(cfg.ops / seconds) }));
process.exit(0);
