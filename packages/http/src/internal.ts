/**
 * `@mcpkit/http/internal`: the pieces of this package that other mcpkit packages build on (the
 * legacy era's HTTP, the framework adapters). Outside semver: any release may change or remove them.
 */
export { emptyResponse, jsonResponse, jsonRpcErrorBody, jsonRpcErrorResponse, JSON_HEADERS, SSE_HEADERS, statusForError } from './responses.js';
export { encodeSseComment, encodeSseEvent, type SseEvent } from './sse-encode.js';
export { SseParser, SseEventTooLargeError, pumpSse, type ParsedSseEvent } from './sse-decode.js';
export { SseResponse, type SseResponseOptions } from './sse-response.js';
export { Ticker, type TickTarget } from './ticker.js';
export type { PeerGoneListener } from './exchange.js';
export { readExcerpt, readSseData, readTextLimited } from './reply-reading.js';
export { defaultFetch, reportExchange } from './exchange-info.js';
export { isLocalOrigin } from './origin.js';
export { CorsPolicy } from './cors.js';
export { acceptsJsonAndSse, isJsonContentType } from './negotiation.js';
export { parseJsonBody, readBodyLimited, type JsonBody } from './body.js';
