/**
 * Options of `dualEra(server, options)` and their defaults.
 */
import type { JsonObject, JsonRpcRequest } from '@mcpkit/jsonrpc';
import type { LegacySessionEnd, LegacySessionInfo } from '@mcpkit/server/extension';
import { LEGACY_PROTOCOL_VERSIONS } from '../shared/versions.js';
import type { LegacyExtension } from './extension.js';
import type { HttpSseOptions } from './http/http-sse-endpoint.js';
import type { SessionStore } from './http/session-store.js';

/** Legacy Streamable HTTP settings. */
export interface LegacyHttpOptions {
  /**
   * The `retry` (ms) sent with the priming event of every SSE stream, telling the client how long
   * to wait before resuming with `Last-Event-ID`. Default 1000.
   */
  retryMs?: number;
  /**
   * Polling (2025-11-25 transports, "the server MAY close the connection"): for a request this
   * returns a delay for, the reply is an SSE stream from the start and its connection is closed
   * after that many ms without an answer; the client resumes with GET and `Last-Event-ID` and
   * gets what followed. Default: never.
   */
  closeStreamAfterMs?: (request: JsonRpcRequest) => number | undefined;
  /** Quiet time after which an SSE stream gets a keep-alive comment. Default 15 000 ms. */
  keepAliveMs?: number;
  /** Bytes a stream may queue for a client that does not read before its connection is dropped (the stream stays resumable). Default 1 MiB. */
  maxStreamBufferBytes?: number;
  /**
   * Also serve clients of the 2024-11-05 HTTP+SSE transport (GET `path` for the stream, POST
   * `messagePath?sessionId=…` for messages) from `httpHandler()` / `sseHandler()`. Off by default:
   * only for operators who still have such clients. Its sessions count against the same session store.
   */
  sse?: HttpSseOptions;
}

// The session hooks' types live in `@mcpkit/server/extension`, where `@mcpkit/otel` (which may not
// depend on this package) imports them too: one declaration for both sides of the seam.
export type { LegacySessionEnd, LegacySessionInfo } from '@mcpkit/server/extension';

/** Options of `dualEra`. */
export interface DualEraOptions {
  /**
   * Whether modern (2026-07-28) requests are served. `false` makes a legacy-only server (as a
   * 2025-11-25 server would be): before `initialize`, requests get `-32600` (HTTP 400). Default true.
   */
  modern?: boolean;
  /** Legacy revisions to accept in `initialize`, newest first. Default `LEGACY_PROTOCOL_VERSIONS`. */
  legacyProtocolVersions?: readonly string[];
  /** Where HTTP sessions live. Default a `MemorySessionStore` (30 min idle expiry, 60 s before `notifications/initialized`; at most 10 000 sessions, 1000 per client address, least recently used idle ones evicted). */
  sessions?: SessionStore;
  /** How long a server-initiated request (elicitation, sampling, roots) waits for the client. Default 300 000 ms. */
  inputTimeoutMs?: number;
  /** Input rounds one request may take before it fails (the MRTR shim's loop limit). Default 10. */
  maxInputRounds?: number;
  /** Legacy Streamable HTTP settings. */
  http?: LegacyHttpOptions;
  /** Called when a legacy session starts (after its `initialize` was answered). */
  onSessionStart?: (session: LegacySessionInfo) => void;
  /**
   * Called when a legacy session ends: its channel closed, or the client deleted it. An HTTP session
   * the store lets expire (idle timeout, eviction) ends without this call.
   */
  onSessionEnd?: (session: LegacySessionEnd) => void;
  /**
   * Extra `_meta` keys for a server-initiated request (elicitation, sampling, roots) sent while
   * serving the client request `origin` (say, its trace context); the request's own keys win.
   */
  requestMeta?: (request: { readonly method: string; readonly params: JsonObject }, origin: JsonRpcRequest) => Record<string, unknown> | undefined;
  /** Told about failures no client sees (a store that throws, a stream that could not be written). */
  onError?: (error: unknown) => void;
  /** The 2025-11-25 side of extensions of the modern server (e.g. `legacyTasks(tasks)` of `@mcpkit/legacy/tasks`). */
  extensions?: readonly LegacyExtension[];
}

/** The options with every default applied. */
export interface ResolvedOptions {
  readonly modern: boolean;
  readonly legacyProtocolVersions: readonly string[];
  readonly inputTimeoutMs: number;
  readonly maxInputRounds: number;
  readonly retryMs: number;
  readonly closeStreamAfterMs: ((request: JsonRpcRequest) => number | undefined) | undefined;
  readonly keepAliveMs: number;
  readonly maxStreamBufferBytes: number;
  readonly onError: (error: unknown) => void;
  readonly onSessionStart: ((session: LegacySessionInfo) => void) | undefined;
  readonly onSessionEnd: ((session: LegacySessionEnd) => void) | undefined;
  readonly requestMeta: DualEraOptions['requestMeta'];
  readonly extensions: readonly LegacyExtension[];
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`dualEra: ${name} must be a positive number, got ${value}`);
  return value;
}

/** Applies defaults and refuses nonsense early, when `dualEra` is called. */
export function resolveOptions(options: DualEraOptions): ResolvedOptions {
  const legacyProtocolVersions = options.legacyProtocolVersions ?? LEGACY_PROTOCOL_VERSIONS;
  const unknown = legacyProtocolVersions.filter((v) => !LEGACY_PROTOCOL_VERSIONS.includes(v));
  if (legacyProtocolVersions.length === 0 || unknown.length > 0) {
    throw new RangeError(`dualEra: legacyProtocolVersions must be a non-empty subset of ${LEGACY_PROTOCOL_VERSIONS.join(', ')}`);
  }
  const http = options.http ?? {};
  return {
    modern: options.modern ?? true,
    legacyProtocolVersions: Object.freeze([...legacyProtocolVersions]),
    inputTimeoutMs: positive('inputTimeoutMs', options.inputTimeoutMs ?? 300_000),
    maxInputRounds: Math.floor(positive('maxInputRounds', options.maxInputRounds ?? 10)),
    retryMs: Math.floor(positive('http.retryMs', http.retryMs ?? 1000)),
    closeStreamAfterMs: http.closeStreamAfterMs,
    keepAliveMs: positive('http.keepAliveMs', http.keepAliveMs ?? 15_000),
    maxStreamBufferBytes: positive('http.maxStreamBufferBytes', http.maxStreamBufferBytes ?? 1 << 20),
    onError: options.onError ?? ((error) => console.error('mcpkit/legacy:', error)),
    onSessionStart: options.onSessionStart,
    onSessionEnd: options.onSessionEnd,
    requestMeta: options.requestMeta,
    extensions: options.extensions ?? [],
  };
}
