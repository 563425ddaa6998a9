/**
 * @mcpkit/otel: OpenTelemetry spans and metrics for mcpkit servers and clients, by the semantic
 * conventions for MCP, through the public hooks of the core packages (`createServer({ around })`,
 * `dualEra(server, { onSessionStart, onSessionEnd, requestMeta })`, a client transport wrapper).
 * Only `@opentelemetry/api` is used: bring an SDK and an exporter to see anything.
 */
export { instrumentServer, type ServerInstrumentation } from './server.js';
export { instrumentTransport, type ClientTelemetryOptions } from './client.js';
export type { TelemetryOptions } from './options.js';
export { DURATION_BUCKETS } from './metrics.js';
export { TRACE_META_KEYS } from './carrier.js';
