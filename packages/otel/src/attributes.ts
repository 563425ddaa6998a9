/**
 * The attribute names and span names of the OpenTelemetry semantic conventions for MCP
 * (semconv docs/gen-ai/mcp.md), computed from a JSON-RPC request and its response.
 */
import type { Attributes } from '@opentelemetry/api';

export const ATTR_METHOD = 'mcp.method.name';
export const ATTR_PROTOCOL_VERSION = 'mcp.protocol.version';
export const ATTR_SESSION_ID = 'mcp.session.id';
export const ATTR_RESOURCE_URI = 'mcp.resource.uri';
export const ATTR_REQUEST_ID = 'jsonrpc.request.id';
export const ATTR_TOOL_NAME = 'gen_ai.tool.name';
export const ATTR_PROMPT_NAME = 'gen_ai.prompt.name';
export const ATTR_OPERATION_NAME = 'gen_ai.operation.name';
export const ATTR_ERROR_TYPE = 'error.type';
export const ATTR_STATUS_CODE = 'rpc.response.status_code';
export const ATTR_NETWORK_TRANSPORT = 'network.transport';
export const ATTR_NETWORK_PROTOCOL = 'network.protocol.name';

/** The `_meta` key of the protocol version a modern request carries. */
export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';

type Params = Record<string, unknown> | undefined;

/** The low-cardinality target of a span name: the tool or prompt name (never a resource URI). */
export function targetOf(method: string, params: Params): string | undefined {
  const name = params?.name;
  if (typeof name !== 'string') return undefined;
  return method === 'tools/call' || method === 'prompts/get' ? name : undefined;
}

/** `{mcp.method.name} {target}`, or the method alone when there is no target. */
export function spanName(method: string, target: string | undefined): string {
  return target === undefined ? method : `${method} ${target}`;
}

/** `pipe` for stdio, `tcp` for HTTP (the conventions' values); undefined for an in-process call. */
export function networkTransport(transportName: string | undefined): string | undefined {
  if (transportName === 'stdio') return 'pipe';
  if (transportName === 'http' || transportName === 'http+sse') return 'tcp';
  return undefined;
}

/** The request attributes both sides record (method, id, target, resource, version, transport). */
export function requestAttributes(method: string, id: string | number | undefined, params: Params, transportName: string | undefined): Attributes {
  const attributes: Attributes = { [ATTR_METHOD]: method };
  if (id !== undefined && id !== null) attributes[ATTR_REQUEST_ID] = String(id);
  const name = params?.name;
  if (typeof name === 'string') {
    if (method === 'tools/call') {
      attributes[ATTR_TOOL_NAME] = name;
      attributes[ATTR_OPERATION_NAME] = 'execute_tool';
    } else if (method === 'prompts/get') attributes[ATTR_PROMPT_NAME] = name;
  }
  const uri = params?.uri;
  if (typeof uri === 'string' && (method.startsWith('resources/') || method === 'notifications/resources/updated')) attributes[ATTR_RESOURCE_URI] = uri;
  const meta = params?._meta as Params;
  const version = meta?.[META_PROTOCOL_VERSION];
  if (typeof version === 'string') attributes[ATTR_PROTOCOL_VERSION] = version;
  const network = networkTransport(transportName);
  if (network !== undefined) attributes[ATTR_NETWORK_TRANSPORT] = network;
  if (transportName === 'http' || transportName === 'http+sse') attributes[ATTR_NETWORK_PROTOCOL] = 'http';
  return attributes;
}

/** How a response ended, as the conventions record it. */
export interface Outcome {
  /** `error.type`: the JSON-RPC code as text, `tool_error` for a `CallToolResult` with `isError`, or a local failure's class. */
  readonly errorType?: string;
  /** `rpc.response.status_code`: the JSON-RPC error code as text. */
  readonly statusCode?: string;
  /** The JSON-RPC error message (the span status description). */
  readonly message?: string;
  /** Whether the span status is ERROR: a JSON-RPC error or a local failure, never a tool result. */
  readonly failed: boolean;
}

const OK: Outcome = { failed: false };
const TOOL_ERROR: Outcome = { errorType: 'tool_error', failed: false };

/** Reads a JSON-RPC response (`result` or `error`). */
export function outcomeOf(response: { result?: unknown; error?: { code?: unknown; message?: unknown } }): Outcome {
  const error = response.error;
  if (error !== undefined) {
    const code = String(error.code);
    return { errorType: code, statusCode: code, message: typeof error.message === 'string' ? error.message : undefined, failed: true };
  }
  const result = response.result as { isError?: unknown } | undefined;
  return result?.isError === true ? TOOL_ERROR : OK;
}

/** A local failure (timeout, closed transport, cancellation): its class name as `error.type`. */
export function localOutcome(error: unknown): Outcome {
  const type = error instanceof Error ? error.name || error.constructor.name : '_OTHER';
  return { errorType: type, message: error instanceof Error ? error.message : String(error), failed: true };
}
