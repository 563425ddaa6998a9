/**
 * Client instrumentation as a transport wrapper: a CLIENT span per request sent (the active
 * context its parent, injected into `_meta`), ended by its response; a SERVER span per request the
 * server initiates (legacy elicitation, sampling, roots), the parent of the handler that answers
 * it; `mcp.client.operation.duration` and `mcp.client.session.duration`. Any client takes it: the
 * modern client, `connect()` (a transport factory target) and the legacy client.
 */
import { context as otelContext, SpanKind, trace, type Attributes, type Context, type Link, type Span, type SpanContext } from '@opentelemetry/api';
import type { CloseInfo, JsonObject, JsonRpcMessage, JsonRpcRequest, MessageTransport, RequestId, SendOptions } from '@mcpkit/jsonrpc';
import { ATTR_NETWORK_TRANSPORT, ATTR_PROTOCOL_VERSION, localOutcome, networkTransport, outcomeOf, targetOf, versionOf, type Outcome } from './attributes.js';
import { extractMeta, injectMeta } from './carrier.js';
import { clientMetrics } from './metrics.js';
import { instruments, type TelemetryOptions } from './options.js';
import { endSpan } from './record.js';
import { metricAttributes, Shapes, spanAttributes, type Shape } from './shapes.js';

const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** Options of `instrumentTransport`. */
export interface ClientTelemetryOptions extends TelemetryOptions {
  /** `network.transport` and `network.protocol.name` come from it: `stdio` or `http` (default: the transport's `name`). */
  transportName?: string;
}

interface Open {
  readonly span: Span;
  readonly started: number;
  readonly shape: Shape;
  readonly method: string;
  /** The request's params (for the key under which an `input_required` answer waits for its retry). */
  readonly params: JsonObject | undefined;
  /** The first span of the MRTR chain this request belongs to; undefined for a first attempt (itself). */
  readonly first: SpanContext | undefined;
}

/** The methods whose `input_required` answer is retried (MRTR). */
const RETRIED = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** Retries awaited at most (an abandoned MRTR chain is forgotten first). */
const MAX_AWAITED = 1_000;

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);
const isRequest = (m: JsonRpcMessage): m is JsonRpcRequest => 'method' in m && 'id' in m && m.id !== undefined;

function retryKeyOf(method: string, params: JsonObject | undefined): string {
  return `${method}\u0000${String(params?.name ?? params?.uri ?? '')}`;
}

/**
 * Wraps a client transport so each request it carries is traced and measured.
 *
 * @example const client = new ModernClient(instrumentTransport(new StdioClientTransport({ command: 'node', args: ['server.js'] })));
 */
export function instrumentTransport(transport: MessageTransport, options: ClientTelemetryOptions = {}): MessageTransport {
  const { tracer, meter } = instruments(options);
  const histograms = clientMetrics(meter);
  const transportName = options.transportName ?? transport.name;
  const open = new Map<RequestId, Open>();
  const served = new Map<RequestId, Span>();
  // MRTR: an `input_required` answer keeps its chain's first span here until the retry is sent.
  const awaited = new Map<string, SpanContext>();
  const shapes = new Shapes();
  let protocolVersion: string | undefined;
  let sessionStarted: number | undefined;

  const finish = (entry: Open, outcome: Outcome): void => {
    endSpan(entry.span, outcome);
    histograms.operation.record((performance.now() - entry.started) / 1000, metricAttributes(entry.shape, outcome));
  };

  const onSend = (message: JsonRpcRequest): JsonRpcRequest => {
    const { method, params } = message;
    const version = versionOf(params?._meta);
    if (version !== undefined) protocolVersion = version;
    else if (method === 'initialize' && typeof params?.protocolVersion === 'string') protocolVersion = params.protocolVersion;
    const shape = shapes.get(method, targetOf(method, params), protocolVersion, transportName);
    let links: Link[] | undefined;
    let first: SpanContext | undefined;
    if (params !== undefined && (params.inputResponses !== undefined || params.requestState !== undefined)) {
      const state = typeof params.requestState === 'string' ? params.requestState : undefined;
      const byTarget = retryKeyOf(method, params);
      first = (state === undefined ? undefined : awaited.get(state)) ?? awaited.get(byTarget);
      if (first !== undefined) {
        if (state !== undefined) awaited.delete(state);
        awaited.delete(byTarget);
        links = [{ context: first, attributes: { 'mcp.link.reason': 'input_required retry' } }];
      }
    }
    const parent = otelContext.active();
    const span = tracer.startSpan(shape.name, { kind: SpanKind.CLIENT, attributes: spanAttributes(shape, method, message.id, params), links }, parent);
    open.set(message.id, { span, started: performance.now(), shape, method, params, first });
    const carrier = injectMeta(trace.setSpan(parent, span));
    let injected = false;
    for (const _ in carrier) {
      injected = true;
      break;
    }
    if (!injected) return message;
    // Copies, never writes into the caller's objects (the client shares a frozen `_meta`).
    const meta = isObject(params?._meta) ? { ...params._meta, ...carrier } : carrier;
    return { ...message, params: { ...params, _meta: meta as JsonObject } };
  };

  const onResponse = (message: { id: RequestId | null; result?: JsonObject; error?: { code: number; message: string } }): void => {
    if (message.id === null) return;
    const entry = open.get(message.id);
    if (entry === undefined) return;
    open.delete(message.id);
    const result = message.result;
    if (result?.resultType === 'input_required' && RETRIED.has(entry.method)) {
      const retryKey = retryKeyOf(entry.method, entry.params);
      const first = entry.first ?? entry.span.spanContext();
      if (awaited.size >= MAX_AWAITED) awaited.delete(awaited.keys().next().value as string);
      awaited.set(typeof result.requestState === 'string' ? result.requestState : retryKey, first);
      if (typeof result.requestState === 'string') awaited.set(retryKey, first);
    }
    finish(entry, outcomeOf(message));
  };

  const onServerRequest = (message: JsonRpcRequest): Context => {
    const params = message.params;
    const parent = extractMeta(otelContext.active(), params?._meta);
    const shape = shapes.get(message.method, undefined, versionOf(params?._meta) ?? protocolVersion, transportName);
    const span = tracer.startSpan(shape.name, { kind: SpanKind.SERVER, attributes: spanAttributes(shape, message.method, message.id, params) }, parent);
    served.set(message.id, span);
    return trace.setSpan(parent, span);
  };

  const onAnswer = (message: { id: RequestId | null; result?: JsonObject; error?: { code: number; message: string } }): void => {
    if (message.id === null) return;
    const entry = served.get(message.id);
    if (entry === undefined) return;
    served.delete(message.id);
    endSpan(entry, outcomeOf(message));
  };

  const onClose = (info: CloseInfo): void => {
    const outcome = localOutcome(info.error ?? Object.assign(new Error(info.reason ?? 'transport closed'), { name: 'transport_closed' }));
    for (const entry of open.values()) finish(entry, outcome);
    open.clear();
    for (const span of served.values()) endSpan(span, outcome);
    served.clear();
    if (sessionStarted !== undefined) {
      const attributes: Attributes = {};
      if (protocolVersion !== undefined) attributes[ATTR_PROTOCOL_VERSION] = protocolVersion;
      const network = networkTransport(transportName);
      if (network !== undefined) attributes[ATTR_NETWORK_TRANSPORT] = network;
      histograms.session.record((performance.now() - sessionStarted) / 1000, attributes);
      sessionStarted = undefined;
    }
  };

  let closeSeen = false;
  const closeOnce = (info: CloseInfo): void => {
    if (closeSeen) return;
    closeSeen = true;
    onClose(info);
  };

  return {
    kind: transport.kind,
    name: transport.name,
    async start() {
      await transport.start();
      sessionStarted = performance.now();
    },
    async close() {
      try {
        await transport.close();
      } finally {
        closeOnce({ reason: 'closed by the client' });
      }
    },
    send(message: JsonRpcMessage, sendOptions?: SendOptions): Promise<void> {
      let out = message;
      if (isRequest(message)) out = onSend(message);
      else if (!('method' in message)) onAnswer(message);
      const sent = transport.send(out, sendOptions);
      if (out === message && !isRequest(message)) return sent;
      const id = (message as JsonRpcRequest).id;
      return sent.catch((error: unknown) => {
        const entry = open.get(id);
        if (entry !== undefined) {
          open.delete(id);
          finish(entry, localOutcome(error));
        }
        throw error;
      });
    },
    onMessage(handler: (message: JsonRpcMessage) => void): void {
      transport.onMessage((message) => {
        if (isRequest(message)) {
          otelContext.with(onServerRequest(message), handler, undefined, message);
          return;
        }
        if ('method' in message) {
          const subscription = isObject(message.params?._meta) ? message.params._meta[META_SUBSCRIPTION_ID] : undefined;
          if (subscription !== undefined) {
            const span = open.get(subscription as RequestId)?.span;
            if (span?.isRecording()) span.addEvent(message.method);
          }
        } else onResponse(message);
        handler(message);
      });
    },
    onError: (handler: (error: Error) => void) => transport.onError(handler),
    onClose(handler: (info: CloseInfo) => void): void {
      transport.onClose((info) => {
        closeOnce(info);
        handler(info);
      });
    },
  };
}
