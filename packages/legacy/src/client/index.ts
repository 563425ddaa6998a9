/**
 * The dual-era client of `@mcpkit/legacy`: `connect()` with the era probe, the 2025-11-25
 * `LegacyClient` and its HTTP transport, behind the `McpClient` surface of `@mcpkit/client`.
 */
export { connect } from './connect.js';
export type { ConnectOptions, ConnectTarget } from './connect-options.js';
export type { DualEraClient } from './dual-era-client.js';
export {
  MemoryEraCache,
  defaultEraCache,
  stdioCacheKey,
  httpCacheKey,
  type Era,
  type EraCache,
  type CachedEra,
  type EraVerdict,
} from './era-cache.js';
export { LegacyClient, type LegacyClientOptions } from './legacy-client.js';
export type { LegacySessionOptions } from './session-options.js';
export { legacyCapabilities } from './legacy-handshake.js';
export { LegacyHttpClientTransport, type LegacyHttpClientOptions } from './http/legacy-http-transport.js';
export { HttpSseClientTransport, type HttpSseClientOptions } from './http/http-sse-transport.js';
export { WrongEndpointError, type EndpointAttempt } from './http/wrong-endpoint.js';
export type { HttpClientSettings } from './http/http-exchange.js';
export { EraMismatchError, EraProbeError, LegacyHandshakeError, SessionExpiredError, UnsupportedInRevisionError } from './errors.js';
