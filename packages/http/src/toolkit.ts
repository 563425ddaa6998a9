/**
 * `@mcpkit/http/toolkit`: the building blocks of this package for people who write HTTP transports
 * and hosts (a legacy-era transport, another framework's adapter, a custom client transport):
 * JSON and JSON-RPC error replies, the SSE encoder, parser and streaming reply, bodies read within
 * limits, content negotiation, the exchange report of `onExchange`, and the interface a host
 * implements to run an endpoint's `serve` lane. Semver applies as to the root entry.
 */
export { emptyResponse, jsonResponse, jsonRpcErrorBody, jsonRpcErrorResponse, JSON_HEADERS, SSE_HEADERS } from './responses.js';
export { encodeSseComment, encodeSseEvent, type SseEvent } from './sse-encode.js';
export { SseParser, SseEventTooLargeError, pumpSse, type ParsedSseEvent } from './sse-decode.js';
export { SseResponse, type SseResponseOptions } from './sse-response.js';
export { Ticker, type TickTarget } from './ticker.js';
export { readExcerpt, readSseData, readTextLimited } from './reply-reading.js';
export { defaultFetch, reportExchange } from './exchange-info.js';
export { acceptsJsonAndSse, isJsonContentType } from './negotiation.js';
export { parseJsonBody, readBodyLimited, readBodyWithin, type JsonBody } from './body.js';
export { TIMED_OUT, TOO_LARGE, type BodyLimits, type BodyOutcome, type ExchangeSink, type PeerGoneListener } from './exchange.js';
export type { HttpExchange } from './exchange.js';
export { anySignal } from './any-signal.js';
