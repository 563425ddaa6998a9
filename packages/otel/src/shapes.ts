/**
 * What every request of one method, target, protocol version and transport has in common (the span
 * name, the span attributes other than the request's own, the histogram's attribute sets), computed
 * once and reused: the hot path then copies one small object instead of rebuilding names and sets,
 * and the metrics SDK is handed the same attribute objects again and again.
 */
import type { Attributes } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_METHOD,
  ATTR_NETWORK_PROTOCOL,
  ATTR_NETWORK_TRANSPORT,
  ATTR_OPERATION_NAME,
  ATTR_PROMPT_NAME,
  ATTR_PROTOCOL_VERSION,
  ATTR_REQUEST_ID,
  ATTR_RESOURCE_URI,
  ATTR_STATUS_CODE,
  ATTR_TOOL_NAME,
  networkTransport,
  OK,
  spanName,
  TOOL_ERROR,
  type Outcome,
} from './attributes.js';

/** The shared part of the requests of one method, target, version and transport. */
export interface Shape {
  /** `{mcp.method.name} {target}`. */
  readonly name: string;
  /** The names and values of the span attributes without the request id, resource URI or session. */
  readonly keys: readonly string[];
  readonly values: readonly string[];
  /** The histogram's attributes for a success (low cardinality: no id, URI or session). */
  readonly metric: Attributes;
  /** The same with `error.type: tool_error`. */
  readonly toolError: Attributes;
}

/** Shapes kept at most per instrumentation (tool names come from the peer: a hostile one could send endless new ones). */
const MAX_SHAPES = 1_000;

function buildShape(method: string, target: string | undefined, version: string | undefined, transportName: string | undefined): Shape {
  const metric: Attributes = { [ATTR_METHOD]: method };
  if (target !== undefined) {
    if (method === 'tools/call') {
      metric[ATTR_TOOL_NAME] = target;
      metric[ATTR_OPERATION_NAME] = 'execute_tool';
    } else metric[ATTR_PROMPT_NAME] = target;
  }
  if (version !== undefined) metric[ATTR_PROTOCOL_VERSION] = version;
  const network = networkTransport(transportName);
  if (network !== undefined) metric[ATTR_NETWORK_TRANSPORT] = network;
  if (transportName === 'http' || transportName === 'http+sse') metric[ATTR_NETWORK_PROTOCOL] = 'http';
  return {
    name: spanName(method, target),
    keys: Object.keys(metric),
    values: Object.values(metric) as string[],
    metric: Object.freeze(metric),
    toolError: Object.freeze({ ...metric, [ATTR_ERROR_TYPE]: 'tool_error' }),
  };
}

/** A cache of shapes: transport → version → method → target ('' for none). */
export class Shapes {
  private readonly byTransport = new Map<string, Map<string, Map<string, Map<string, Shape>>>>();
  private size = 0;

  /** The shape of a request (`target` from `targetOf`). */
  get(method: string, target: string | undefined, version: string | undefined, transportName: string | undefined): Shape {
    let byVersion = this.byTransport.get(transportName ?? '');
    if (byVersion === undefined) this.byTransport.set(transportName ?? '', (byVersion = new Map()));
    let byMethod = byVersion.get(version ?? '');
    if (byMethod === undefined) byVersion.set(version ?? '', (byMethod = new Map()));
    let byTarget = byMethod.get(method);
    if (byTarget === undefined) byMethod.set(method, (byTarget = new Map()));
    let shape = byTarget.get(target ?? '');
    if (shape === undefined) {
      shape = buildShape(method, target, version, transportName);
      if (this.size < MAX_SHAPES) {
        byTarget.set(target ?? '', shape);
        this.size++;
      }
    }
    return shape;
  }
}

/** The span attributes of one request: its shape's, plus its id and resource URI. */
export function spanAttributes(shape: Shape, method: string, id: string | number | null | undefined, params: Record<string, unknown> | undefined): Attributes {
  // A loop of plain stores: an object spread here (`{ ...shared }`) costs ~10× as much in V8 (measured: 2.4 µs vs 0.3 µs).
  const attributes: Attributes = {};
  const { keys, values } = shape;
  for (let i = 0; i < keys.length; i++) attributes[keys[i] as string] = values[i];
  if (id !== undefined && id !== null) attributes[ATTR_REQUEST_ID] = String(id);
  const uri = params?.uri;
  if (typeof uri === 'string' && (method.startsWith('resources/') || method === 'notifications/resources/updated')) attributes[ATTR_RESOURCE_URI] = uri;
  return attributes;
}

/** The histogram's attributes for an outcome: the shape's own sets for a success or a tool error, built for a failure. */
export function metricAttributes(shape: Shape, outcome: Outcome): Attributes {
  if (outcome === OK) return shape.metric;
  if (outcome === TOOL_ERROR) return shape.toolError;
  const out: Attributes = { ...shape.metric };
  if (outcome.errorType !== undefined) out[ATTR_ERROR_TYPE] = outcome.errorType;
  if (outcome.statusCode !== undefined) out[ATTR_STATUS_CODE] = outcome.statusCode;
  return out;
}
