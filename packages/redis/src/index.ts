/**
 * @mcpkit/redis: run many mcpkit replicas behind a load balancer. Redis implementations of the
 * interfaces the other packages define; in-memory stays the default everywhere, Redis is opt-in.
 * The legacy era's session store is in `@mcpkit/redis/legacy`, so a modern-only server loads no
 * legacy code.
 */
export { RedisConnection, type RedisConnectionOptions } from './connection.js';
// The type of RedisConnection.pubsub(), which this package's own entries use; not constructed by users.
export type { RedisSubscriber } from './subscriber.js';
export { RedisUnavailableError } from './errors.js';
export { RedisEventBus } from './event-bus.js';
export { RedisReplayGuard, type RedisReplayGuardOptions } from './replay-guard.js';
export { sharedState, type SharedStateOptions } from './shared-state.js';
export { RedisCacheStore, type RedisCacheStoreOptions } from './cache-store.js';
