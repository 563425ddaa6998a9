/**
 * `@mcpkit/tasks`: the tasks extension (`io.modelcontextprotocol/tasks`) on the server. This entry
 * holds the `TaskStore` interface and its in-memory implementation (what a store for many replicas,
 * such as `@mcpkit/redis/tasks`, implements); the extension itself is `@mcpkit/tasks/server`.
 */
export type { TaskStore, TaskRecord, TaskRun, TaskLease, TaskError, TaskPage } from './store/task-store.js';
export { MemoryTaskStore, type MemoryTaskStoreOptions } from './store/memory-store.js';
export { TaskLimitError, type TaskStoreLimit } from './store/limit-error.js';
