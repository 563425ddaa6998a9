/**
 * Server instrumentation: a SERVER span per request, the parent of the handler's work, with the
 * client's context (from `_meta`) as its parent; `mcp.server.operation.duration`; for legacy
 * sessions served by `dualEra`, `mcp.server.session.duration` and trace context on the
 * server-initiated requests.
 */
import { context as otelContext, SpanKind, trace, type Attributes, type Link, type Span } from '@opentelemetry/api';
import type { DispatchContext, JsonRpcNotification } from '@mcpkit/jsonrpc';
import type { DispatchAround, LegacySessionHooks } from '@mcpkit/server/extension';
import {
  ATTR_NETWORK_TRANSPORT,
  ATTR_PROTOCOL_VERSION,
  ATTR_SESSION_ID,
  CANCELLED,
  networkTransport,
  OK,
  outcomeOf,
  targetOf,
  versionOf,
  type Outcome,
} from './attributes.js';
import { extractMeta, traceKeysOf } from './carrier.js';
import { serverMetrics } from './metrics.js';
import { endSpan } from './record.js';
import { metricAttributes, Shapes, spanAttributes } from './shapes.js';
import { instruments, type TelemetryOptions } from './options.js';

/** What `instrumentServer` returns: the hooks to hand to `createServer` and `dualEra`. */
export interface ServerInstrumentation {
  /** For `createServer({ around })`. */
  readonly around: DispatchAround;
  /** For `dualEra(server, { ...legacy })`: session durations and context on server-initiated requests. */
  readonly legacy: LegacySessionHooks;
}

/** Sessions remembered at most (an HTTP session the store expires never reports its end). */
const MAX_SESSIONS = 10_000;

interface SessionRecord {
  readonly started: number;
  readonly protocolVersion: string;
  readonly transport: string;
}

/**
 * Instruments a server through its public hooks.
 *
 * @example
 * const otel = instrumentServer();
 * const server = createServer({ info, tools, around: otel.around });
 * const dual = dualEra(server, { ...otel.legacy });
 */
export function instrumentServer(options: TelemetryOptions = {}): ServerInstrumentation {
  const { tracer, meter } = instruments(options);
  const histograms = serverMetrics(meter);
  const sessions = new Map<string, SessionRecord>();

  const sessionOf = (context: DispatchContext): [string, SessionRecord] | undefined => {
    const id = context.transport.header?.('mcp-session-id') ?? context.peer?.id;
    if (id === undefined || id === null) return undefined;
    const record = sessions.get(id);
    return record === undefined ? undefined : [id, record];
  };

  const shapes = new Shapes();

  const around: DispatchAround = async (request, context, next) => {
    const started = performance.now();
    const { method, params } = request;
    const session = sessions.size === 0 ? undefined : sessionOf(context);
    const meta = params?._meta;
    // A legacy session's negotiated revision is the version; a modern request names its own.
    const shape = shapes.get(method, targetOf(method, params), session === undefined ? versionOf(meta) : session[1].protocolVersion, context.transport.name);
    const attributes = spanAttributes(shape, method, request.id, params);
    if (session !== undefined) attributes[ATTR_SESSION_ID] = session[0];
    const ambient = otelContext.active();
    const parent = extractMeta(ambient, meta);
    // The conventions: the context from _meta is the parent; an ambient one (an HTTP server span) is linked.
    const ambientSpan = parent === ambient ? undefined : trace.getSpanContext(ambient);
    const links: Link[] | undefined = ambientSpan !== undefined && trace.isSpanContextValid(ambientSpan) ? [{ context: ambientSpan }] : undefined;
    const span = tracer.startSpan(shape.name, { kind: SpanKind.SERVER, attributes, links }, parent);
    const inner = method === 'subscriptions/listen' && span.isRecording() ? listenContext(context, span) : context;
    let outcome: Outcome = OK;
    try {
      const response = await otelContext.with(trace.setSpan(parent, span), next, undefined, request, inner);
      // A listen stream the client ended is a normal end; any other request answered nothing because it was cancelled.
      if (response === null) outcome = method === 'subscriptions/listen' ? OK : CANCELLED;
      else outcome = outcomeOf(response as { result?: unknown; error?: { code?: unknown; message?: unknown } });
      return response;
    } catch (error) {
      outcome = { errorType: error instanceof Error ? error.name : '_OTHER', failed: true, message: error instanceof Error ? error.message : String(error) };
      throw error;
    } finally {
      endSpan(span, outcome);
      histograms.operation.record((performance.now() - started) / 1000, metricAttributes(shape, outcome));
    }
  };

  const legacy: LegacySessionHooks = {
    onSessionStart(session) {
      if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
      sessions.set(session.id, { started: performance.now(), protocolVersion: session.protocolVersion, transport: session.transport });
    },
    onSessionEnd(session) {
      const record = sessions.get(session.id);
      if (record === undefined) return;
      sessions.delete(session.id);
      const attributes: Attributes = { [ATTR_PROTOCOL_VERSION]: record.protocolVersion };
      const network = networkTransport(record.transport);
      if (network !== undefined) attributes[ATTR_NETWORK_TRANSPORT] = network;
      histograms.session.record((performance.now() - record.started) / 1000, attributes);
    },
    // The request is sent on behalf of `origin`: its trace context goes along, so the client's
    // handling of the elicitation joins the trace of the call that needed it.
    requestMeta: (_request, origin) => traceKeysOf(origin.params?._meta),
  };

  return { around, legacy };
}

/** A listen stream is one span; each notification on it is an event of that span, not a span. */
function listenContext(context: DispatchContext, span: Span): DispatchContext {
  return {
    signal: context.signal,
    transport: context.transport,
    peer: context.peer,
    get aborted() {
      return context.aborted;
    },
    untilCancelled: context.untilCancelled?.bind(context),
    notify(notification: JsonRpcNotification) {
      span.addEvent(notification.method);
      return context.notify(notification);
    },
  };
}
