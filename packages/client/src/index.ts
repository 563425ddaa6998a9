/**
 * `@mcpkit/client`: the modern (2026-07-28) MCP client for any transport, and the era-independent
 * surface (`McpClient`, the input handlers) that the legacy adapter implements too. What only
 * `@mcpkit/legacy` builds on is in `@mcpkit/client/internal`.
 */
export { ModernClient } from './modern-client.js';
export type {
  McpClient,
  InputMethods,
  InputMethod,
  Step,
  CompleteStep,
  InputStep,
  ListenOptions,
  ReconnectOptions,
  ListenNotification,
  ListenAcknowledgement,
  ListenStream,
} from './mcp-client.js';
export type {
  ModernClientOptions,
  CallOptions,
  InputCallOptions,
  CacheOptions,
  CacheMode,
  CallerParams,
  CallToolParams,
  ReadResourceParams,
  GetPromptParams,
  CompleteParams,
  ListParams,
} from './options.js';
export {
  deriveClientCapabilities,
  type InputHandlers,
  type InputContext,
  type ElicitationHandler,
  type FormElicitationHandler,
  type UrlElicitationHandler,
  type SamplingHandler,
  type RootsHandler,
  type ExtraCapabilities,
} from './handlers.js';
export { answerInputRequest, answerInputRequests } from './answer-input.js';
export type { ClientExtension, ClientExtensionMethod, ExtensionResultType, SettleCall } from './extensions.js';
export { MemoryCacheStore, type CacheStore, type CacheEntry } from './cache-store.js';
export { traceTransport, type WireTrace, type WireEvent } from './trace.js';
export { pickVersion } from './versions.js';
export {
  ProtocolError,
  InvalidResultError,
  OutputSchemaError,
  UnsupportedVersionError,
  InputRoundsExceededError,
  InputDeadlineError,
  InputHandlerError,
  UnsupportedInEraError,
} from './errors.js';
export {
  RpcError,
  RemoteError,
  LocalError,
  TimeoutError,
  CancelledError,
  TransportError,
  TransportClosedError,
  InFlightLimitError,
} from '@mcpkit/jsonrpc';
