import { metrics, trace, type Meter, type MeterProvider, type Tracer, type TracerProvider } from '@opentelemetry/api';

/** Where the instrumentation gets its tracer and meter (default: the globally registered providers). */
export interface TelemetryOptions {
  /** Default: `trace.getTracerProvider()` (a no-op until an SDK registers one). */
  tracerProvider?: TracerProvider;
  /** Default: `metrics.getMeterProvider()`. */
  meterProvider?: MeterProvider;
}

/** The instrumentation scope name of every span and metric. */
export const SCOPE = '@mcpkit/otel';
/** Its version. */
export const SCOPE_VERSION = '0.1.0';

/** The tracer and meter of the options. */
export function instruments(options: TelemetryOptions): { tracer: Tracer; meter: Meter } {
  return {
    tracer: (options.tracerProvider ?? trace.getTracerProvider()).getTracer(SCOPE, SCOPE_VERSION),
    meter: (options.meterProvider ?? metrics.getMeterProvider()).getMeter(SCOPE, SCOPE_VERSION),
  };
}
