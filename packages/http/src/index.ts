/**
 * @mcpkit/http: MCP Streamable HTTP (2026-07-28) on web-standard Request/Response, and the
 * fetch-based client transport. The `node:http` adapter lives in `@mcpkit/http/node`.
 */
export { createHttpHandler, handleRequest, DEFAULT_LIMITS, type HttpHandler } from './handler.js';
export type { HandOver } from './exchange.js';
export { clientAddressOf } from './client-address.js';
export type {
  Authenticated,
  AuthenticateHook,
  AuthorizeHook,
  HttpHandlerOptions,
  HttpLimits,
  InterceptContext,
  InterceptHook,
  InterceptRequest,
} from './options.js';
export { createOriginCheck, isLocalOrigin, type OriginAllowList } from './origin.js';
export { createHostCheck, type HostAllowList } from './host.js';
export { CorsPolicy, type CorsOptions } from './cors.js';
export { acceptsJsonAndSse, isJsonContentType } from './negotiation.js';
export { parseJsonBody, readBodyLimited, type JsonBody } from './body.js';
export {
  emptyResponse,
  jsonResponse,
  jsonRpcErrorBody,
  jsonRpcErrorResponse,
  JSON_HEADERS,
  SSE_HEADERS,
  statusForErrorCode,
} from './responses.js';
export { encodeSseComment, encodeSseEvent, type SseEvent } from './sse-encode.js';
export { SseParser, SseEventTooLargeError, pumpSse, type ParsedSseEvent } from './sse-decode.js';
// The x-mcp-header rules and the header value codec live in @mcpkit/schema; re-exported here as before.
export {
  decodeHeaderValue,
  encodeHeaderValue,
  headerParamsFromSchema,
  headerValueMatches,
  isPlainHeaderValue,
  mcpParamHeaders,
  readHeaderParam,
  type HeaderParamsResult,
  type HeaderScalar,
} from '@mcpkit/schema';
export type { HeaderParam, HeaderParamSource } from './header-params.js';
export { checkRequest, type HeaderLookup, type RequestCheckFailure } from './request-checks.js';
export { HttpClientTransport, type HttpClientTransportOptions, type HttpExchangeTrace } from './client-transport.js';
export { HttpError, HttpStreamError, HttpTransportError, MessageTooLargeError } from './errors.js';
export { summarizeBody, type BodySummary } from './body-summary.js';
