/**
 * The mirrored headers of one modern request, checked against its body before dispatch:
 * `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` and every `Mcp-Param-*`. `_meta` itself is the
 * dispatcher's to check: a request whose `_meta` names no version is no modern request, has nothing
 * mirrored to compare, and is refused by the dispatcher (McpServer: `-32602` with `data.supported`).
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Request Metadata, Server Validation)
 */
import type { JsonRpcRequest } from '@mcpkit/jsonrpc';
import { decodeHeaderValue, headerValueMatches, readHeaderParam, readProtocolVersion } from '@mcpkit/schema/2026-07-28/core';
import type { HttpDispatcher } from './dispatcher.js';
import { HEADER_METHOD, HEADER_NAME, HEADER_PARAM_PREFIX, HEADER_PROTOCOL_VERSION, mcpNameSource } from './protocol.js';

/** Where request headers are read from; names are passed lowercase. */
export interface HeaderLookup {
  header(lowercaseName: string): string | null;
}

type Obj = Record<string, unknown>;

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

const missing = (header: string): string => `Header mismatch: required header ${header} is missing`;
const malformed = (header: string): string => `Header mismatch: ${header} header value is malformed`;
const differs = (header: string, value: string, body: unknown): string =>
  `Header mismatch: ${header} header value '${show(value)}' does not match body value '${show(body)}'`;

function checkParamHeaders(params: Obj, headers: HeaderLookup, headerParams: HttpDispatcher['headerParams']): string | undefined {
  if (typeof params.name !== 'string') return undefined;
  const list = headerParams(params.name);
  if (list === undefined) return undefined;
  for (const param of list) {
    const name = `Mcp-Param-${param.header}`;
    const value = readHeaderParam(params.arguments, param);
    const raw = headers.header(HEADER_PARAM_PREFIX + param.header.toLowerCase());
    if (value === undefined || value === null) {
      if (raw !== null) return `Header mismatch: ${name} header is present but the argument "${param.property}" is absent`;
      continue;
    }
    if (raw === null) return missing(name);
    const decoded = decodeHeaderValue(raw);
    if (decoded === undefined) return malformed(name);
    if (!headerValueMatches(decoded, value)) return differs(name, decoded, value);
  }
  return undefined;
}

/**
 * Checks the mirrored headers of a well-formed request. Returns the `HeaderMismatch` message to
 * answer (400 `-32020`), or `undefined` when the request may be dispatched.
 */
export function checkRequest(
  request: JsonRpcRequest,
  headers: HeaderLookup,
  headerParams?: HttpDispatcher['headerParams'],
  nameSource?: HttpDispatcher['nameSource'],
): string | undefined {
  const body = request.params;
  const meta = body?._meta;
  const version = readProtocolVersion(meta);
  if (version === undefined) return undefined;

  const versionHeader = headers.header(HEADER_PROTOCOL_VERSION);
  if (versionHeader === null) return missing('MCP-Protocol-Version');
  if (versionHeader !== version) return differs('MCP-Protocol-Version', versionHeader, version);

  const methodHeader = headers.header(HEADER_METHOD);
  if (methodHeader === null) return missing('Mcp-Method');
  if (methodHeader !== request.method) return differs('Mcp-Method', methodHeader, request.method);

  const source = mcpNameSource(request.method) ?? nameSource?.(request.method);
  if (source !== undefined) {
    const bodyValue = body![source];
    const raw = headers.header(HEADER_NAME);
    if (raw === null) {
      if (bodyValue !== undefined) return missing('Mcp-Name');
    } else {
      const decoded = decodeHeaderValue(raw);
      if (decoded === undefined) return malformed('Mcp-Name');
      if (decoded !== bodyValue) return differs('Mcp-Name', decoded, bodyValue);
    }
  }

  if (headerParams !== undefined && request.method === 'tools/call') return checkParamHeaders(body!, headers, headerParams);
  return undefined;
}
