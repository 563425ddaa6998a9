/**
 * The OpenTelemetry SDK as `--otel` sets it up: W3C trace context and baggage, AsyncLocalStorage
 * context, every span printed on stderr (stdout carries the MCP messages of `serve-example
 * --transport stdio` and the results of the client commands, so the SDK's `ConsoleSpanExporter`,
 * which writes to stdout, cannot be used), and OTLP/HTTP when the standard variables name an endpoint.
 * Loaded only through `load-telemetry.ts`.
 */
import { context, propagation, trace, type AttributeValue } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  ExportResultCode,
  hrTimeToMilliseconds,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
  type ExportResult,
} from '@opentelemetry/core';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { instrumentServer, instrumentTransport, type ServerInstrumentation } from '@mcpkit/otel';
import type { MessageTransport } from '@mcpkit/jsonrpc';

/** What `--otel` hands the commands. */
export interface Telemetry {
  /** The hooks for `createServer({ around })` and `dualEra`. */
  readonly server: () => ServerInstrumentation;
  /** Wraps a client transport. */
  readonly transport: (transport: MessageTransport) => MessageTransport;
  /** Where spans go, for the banner (`stderr`, `stderr and OTLP http://...`). */
  readonly destination: string;
  /** Ends and exports every span still pending (OTLP batches). */
  shutdown(): Promise<void>;
}

const KINDS = ['INTERNAL', 'SERVER', 'CLIENT', 'PRODUCER', 'CONSUMER'];
const STATUS = ['UNSET', 'OK', 'ERROR'];

/** One line per span: `otel span "tools/call echo" SERVER 1.2 ms trace=… span=… parent=… {attributes} status`. */
export function formatSpan(span: ReadableSpan): string {
  const ids = span.spanContext();
  const parent = span.parentSpanContext?.spanId;
  const attributes: Record<string, AttributeValue | undefined> = { ...span.attributes };
  const status = span.status.code === 0 ? '' : ` status=${STATUS[span.status.code]}${span.status.message ? ` ${JSON.stringify(span.status.message)}` : ''}`;
  const events = span.events.length === 0 ? '' : ` events=${JSON.stringify(span.events.map((e) => e.name))}`;
  const links = span.links.length === 0 ? '' : ` links=${span.links.map((l) => l.context.spanId).join(',')}`;
  const ms = hrTimeToMilliseconds(span.duration).toFixed(1);
  return `otel span ${JSON.stringify(span.name)} ${KINDS[span.kind]} ${ms} ms trace=${ids.traceId} span=${ids.spanId}${parent ? ` parent=${parent}` : ''}${links} ${JSON.stringify(attributes)}${events}${status}`;
}

class LineSpanExporter implements SpanExporter {
  constructor(private readonly write: (line: string) => void) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    for (const span of spans) this.write(formatSpan(span));
    done({ code: ExportResultCode.SUCCESS });
  }
  async shutdown(): Promise<void> {}
}

/** Registers the SDK globally and returns the instrumentation bound to it. */
export async function startTelemetry(write: (line: string) => void, env: NodeJS.ProcessEnv): Promise<Telemetry> {
  const processors: SpanProcessor[] = [new SimpleSpanProcessor(new LineSpanExporter(write))];
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (endpoint) {
    let otlp: typeof import('@opentelemetry/exporter-trace-otlp-http');
    try {
      otlp = await import('@opentelemetry/exporter-trace-otlp-http');
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
      throw new Error(
        `OTEL_EXPORTER_OTLP_ENDPOINT is set (${endpoint}) but @opentelemetry/exporter-trace-otlp-http, an optional dependency of @mcpkit/cli, is not installed: npm install @opentelemetry/exporter-trace-otlp-http@0.223.1`,
      );
    }
    // The exporter reads the OTEL_EXPORTER_OTLP_* variables itself (endpoint, headers, timeout).
    processors.push(new BatchSpanProcessor(new otlp.OTLPTraceExporter()));
  }
  const provider = new BasicTracerProvider({ spanProcessors: processors });
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  return {
    server: () => instrumentServer({ tracerProvider: provider }),
    transport: (transport) => instrumentTransport(transport, { tracerProvider: provider }),
    destination: endpoint ? `stderr and OTLP ${endpoint}` : 'stderr',
    shutdown: () => provider.shutdown(),
  };
}
