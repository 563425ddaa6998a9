/**
 * @mcpkit/http: MCP Streamable HTTP (2026-07-28) on web-standard Request/Response, and the
 * fetch-based client transport. The `node:http` adapter lives in `@mcpkit/http/node`; the building
 * blocks for transport and host authors in `@mcpkit/http/toolkit`.
 */
export { createHttpHandler, handleRequest, DEFAULT_LIMITS } from './handler.js';
export {
  createHttpRouter,
  isHttpHandler,
  toHttpHandler,
  type HttpHandler,
  type HttpRouterOptions,
  type MetadataHandler,
  type WebHandler,
} from './endpoint.js';
export { createRequestGuard, type RequestGuardOptions } from './request-guard.js';
export type { HttpDispatcher } from './dispatcher.js';
export type { HandOver, HttpExchange } from './exchange.js';
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
export { createOriginCheck, type OriginAllowList } from './origin.js';
export { createHostCheck, type HostAllowList } from './host.js';
export type { CorsOptions } from './cors.js';
export { HttpClientTransport, type HttpClientTransportOptions } from './client-transport.js';
export type { FetchLike, HttpExchangeInfo } from './exchange-info.js';
export { HttpTransportError, HttpError, ContentTooLargeError } from './errors.js';
export { summarizeBody, type BodySummary } from './body-summary.js';
