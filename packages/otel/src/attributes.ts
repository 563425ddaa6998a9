/**
 * The attribute names and span names of the OpenTelemetry semantic conventions for MCP
 * (semconv docs/gen-ai/mcp.md), computed from a JSON-RPC request and its response.
 */
import { readProtocolVersion } from '@mcpkit/schema';

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

/** The protocol version a modern request's `_meta` names, if any. */
export function versionOf(meta: unknown): string | undefined {
  return readProtocolVersion(meta);
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

export const OK: Outcome = { failed: false };
export const TOOL_ERROR: Outcome = { errorType: 'tool_error', failed: false };
/** A request answered with nothing because the client cancelled it. */
export const CANCELLED: Outcome = { errorType: 'cancelled', failed: true };

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
