import type { ModernClientOptions } from '@mcpkit/client';
import type { JsonRpcNotification, MessageTransport } from '@mcpkit/jsonrpc';
import type { StdioClientOptions } from '@mcpkit/stdio';
import type { CachedEra, EraCache, EraVerdict } from './era-cache.js';
import type { LegacyHttpClientOptions } from './http/legacy-http-transport.js';

/**
 * Where `connect()` goes:
 * - a URL (`string` or `URL`): a Streamable HTTP endpoint;
 * - `StdioClientOptions` (`{ command, args, env, cwd, ... }`): a server process the client spawns,
 *   and spawns again when a legacy server exits on the probe;
 * - a function returning a fresh transport: any other channel, called once per process/connection
 *   it needs (a factory, not an instance, so that a server that exits on the probe can be started
 *   again).
 */
export type ConnectTarget = string | URL | StdioClientOptions | (() => MessageTransport);

/** How `connect()` finds the era and builds the client. */
export interface ConnectOptions extends Omit<ModernClientOptions, 'protocolVersions' | 'discovered'> {
  /**
   * `auto` (default): use a cached verdict or probe. `modern` / `legacy`: skip the probe. A
   * `CachedEra` (e.g. one persisted from `verdict` earlier) is used as it is.
   */
  era?: 'auto' | 'modern' | 'legacy' | CachedEra;
  /** The modern versions this client speaks, preferred first. Default `['2026-07-28']`. */
  protocolVersions?: readonly string[];
  /** The legacy versions this client speaks, preferred first. Default 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05. */
  legacyProtocolVersions?: readonly string[];
  /**
   * How long the probe waits for each answer before calling the server legacy, in ms. Default 5000 on
   * stdio; on HTTP the request timeout (`timeoutMs`, default 60000), since an HTTP server answers with
   * a status whatever its era, and the time an injected `fetch` spends authorizing (a user signing in
   * through `withOAuth`) must not read as a legacy server's silence.
   */
  probeTimeoutMs?: number;
  /** Where verdicts are kept; `false` probes every time. Default: one in-memory cache per process. */
  eraCache?: EraCache | false;
  /** The cache key; default `stdio:<command line>` or `http:<origin>` (a transport factory has none unless given). */
  cacheKey?: string;
  /** HTTP targets: the injectable `fetch` (wrap it for auth), headers, an exchange hook, legacy stream settings. */
  http?: LegacyHttpClientOptions;
  /** Told the verdict as soon as it is known (for logging). */
  onVerdict?: (verdict: EraVerdict) => void;
  /**
   * Wraps every transport `connect()` makes (the probe's, the modern client's, a legacy session's),
   * e.g. with `instrumentTransport` of `@mcpkit/otel`.
   */
  wrapTransport?: (transport: MessageTransport) => MessageTransport;
  /** Legacy sessions: server notifications the client does not handle itself (e.g. `notifications/elicitation/complete`). */
  onNotification?: (notification: JsonRpcNotification) => void;
}
