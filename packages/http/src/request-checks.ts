/**
 * The modern checks of one request before dispatch: required `_meta` keys, then every mirrored
 * header (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`) against the body.
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Request Metadata, Server Validation)
 * spec: 2026-07-28/pages/basic/index.mdx (`_meta`: protocolVersion and clientCapabilities are required)
 */
import type { JsonRpcRequest } from '@mcpkit/jsonrpc';
import { decodeHeaderValue, headerValueMatches, readHeaderParam } from '@mcpkit/schema';
import type { HeaderParamSource } from './header-params.js';
import {
  ErrorCode,
  HEADER_METHOD,
  HEADER_NAME,
  HEADER_PARAM_PREFIX,
  HEADER_PROTOCOL_VERSION,
  META_CLIENT_CAPABILITIES,
  META_PROTOCOL_VERSION,
  mcpNameSource,
} from './protocol.js';

/** Why a request was refused before dispatch (the HTTP status is 400 for both codes). */
export interface RequestCheckFailure {
  code: typeof ErrorCode.InvalidParams | typeof ErrorCode.HeaderMismatch;
  message: string;
}

/** Where request headers are read from; names are passed lowercase. */
export interface HeaderLookup {
  header(lowercaseName: string): string | null;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

const missing = (header: string): RequestCheckFailure => ({
  code: ErrorCode.HeaderMismatch,
  message: `Header mismatch: required header ${header} is missing`,
});
const malformed = (header: string): RequestCheckFailure => ({
  code: ErrorCode.HeaderMismatch,
  message: `Header mismatch: ${header} header value is malformed`,
});
const differs = (header: string, value: string, body: unknown): RequestCheckFailure => ({
  code: ErrorCode.HeaderMismatch,
  message: `Header mismatch: ${header} header value '${show(value)}' does not match body value '${show(body)}'`,
});

function checkMeta(params: Obj | undefined): RequestCheckFailure | string {
  const meta = params?._meta;
  if (!isObject(meta)) {
    return { code: ErrorCode.InvalidParams, message: `params._meta is required, with "${META_PROTOCOL_VERSION}" and "${META_CLIENT_CAPABILITIES}"` };
  }
  const version = meta[META_PROTOCOL_VERSION];
  if (typeof version !== 'string') {
    return { code: ErrorCode.InvalidParams, message: `params._meta["${META_PROTOCOL_VERSION}"] is required (a string)` };
  }
  if (!isObject(meta[META_CLIENT_CAPABILITIES])) {
    return { code: ErrorCode.InvalidParams, message: `params._meta["${META_CLIENT_CAPABILITIES}"] is required (an object, {} for none)` };
  }
  return version;
}

function checkParamHeaders(params: Obj, headers: HeaderLookup, source: HeaderParamSource): RequestCheckFailure | undefined {
  if (typeof params.name !== 'string') return undefined;
  const list = source.headerParams(params.name);
  if (list === undefined) return undefined;
  for (const param of list) {
    const name = `Mcp-Param-${param.header}`;
    const value = readHeaderParam(params.arguments, param);
    const raw = headers.header(HEADER_PARAM_PREFIX + param.header.toLowerCase());
    if (value === undefined || value === null) {
      if (raw !== null) return { code: ErrorCode.HeaderMismatch, message: `Header mismatch: ${name} header is present but the argument "${param.property}" is absent` };
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
 * Runs the `_meta` and header checks on a well-formed request. Returns the failure to answer
 * (400), or `undefined` when the request may be dispatched.
 */
export function checkRequest(
  request: JsonRpcRequest,
  headers: HeaderLookup,
  params?: HeaderParamSource,
): RequestCheckFailure | undefined {
  const body = request.params;
  const version = checkMeta(body);
  if (typeof version !== 'string') return version;

  const versionHeader = headers.header(HEADER_PROTOCOL_VERSION);
  if (versionHeader === null) return missing('MCP-Protocol-Version');
  if (versionHeader !== version) return differs('MCP-Protocol-Version', versionHeader, version);

  const methodHeader = headers.header(HEADER_METHOD);
  if (methodHeader === null) return missing('Mcp-Method');
  if (methodHeader !== request.method) return differs('Mcp-Method', methodHeader, request.method);

  const source = mcpNameSource(request.method) ?? params?.nameSource?.(request.method);
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

  if (params !== undefined && request.method === 'tools/call') return checkParamHeaders(body!, headers, params);
  return undefined;
}
