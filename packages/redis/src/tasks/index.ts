/**
 * `@mcpkit/redis/tasks`: the `TaskStore` of the tasks extension (`@mcpkit/tasks`) in Redis, in its
 * own entry so that the other Redis adapters never load the tasks extension.
 */
export { RedisTaskStore, type RedisTaskStoreOptions } from './task-store.js';
