/**
 * `@mcpkit/redis/legacy`: the Redis `SessionStore` of `@mcpkit/legacy` (2025-11-25 HTTP sessions
 * across replicas). Its own entry: only a server that serves the legacy era loads legacy code.
 */
export { RedisSessionStore, type RedisSessionStoreOptions } from './session-store.js';
export { CorruptSessionError } from './session-record.js';
