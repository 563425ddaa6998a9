export { dualEra, type DualEraServer } from './dual-era.js';
export type { DualEraOptions, LegacyHttpOptions, LegacySessionEnd, LegacySessionInfo } from './options.js';
export type { HttpSseOptions } from './http/http-sse-endpoint.js';
export { MemorySessionStore, type MemorySessionStoreOptions } from './http/memory-session-store.js';
export {
  parseEventId,
  type PendingRequestRecord,
  type ReplayResult,
  type SessionPatch,
  type SessionRecord,
  type SessionSignal,
  type SessionStore,
  type StoredEvent,
} from './http/session-store.js';
export { mintSessionId } from './http/session-id.js';
export { toLegacyResult, toLegacyCapabilities } from './legacy-shapes.js';
export type { LegacyExtension, LegacyExtensionCall } from './extension.js';
