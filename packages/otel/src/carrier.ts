/**
 * Trace context in `params._meta` (2026-07-28/pages/basic/index.mdx, "OpenTelemetry trace
 * context": `traceparent`, `tracestate`, `baggage`), through whatever propagator the application
 * registered (W3C trace context and baggage with the SDK's defaults).
 */
import { propagation, type Context, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';

type Meta = Record<string, unknown>;

/** The reserved `_meta` keys of trace context propagation. */
export const TRACE_META_KEYS = ['traceparent', 'tracestate', 'baggage'] as const;

const getter: TextMapGetter<Meta> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
};

const setter: TextMapSetter<Meta> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

/** The context `_meta` carries, over `base` (the parent of the server span); `base` when it carries none. */
export function extractMeta(base: Context, meta: unknown): Context {
  if (meta === null || typeof meta !== 'object') return base;
  return propagation.extract(base, meta as Meta, getter);
}

/** The keys that carry `ctx` (empty when nothing is to be propagated). */
export function injectMeta(ctx: Context): Meta {
  const carrier: Meta = {};
  propagation.inject(ctx, carrier, setter);
  return carrier;
}

/** The trace keys of a `_meta`, copied (for a request sent on behalf of another). */
export function traceKeysOf(meta: unknown): Meta | undefined {
  if (meta === null || typeof meta !== 'object') return undefined;
  let out: Meta | undefined;
  for (const key of TRACE_META_KEYS) {
    const value = (meta as Meta)[key];
    if (typeof value === 'string') (out ??= {})[key] = value;
  }
  return out;
}
