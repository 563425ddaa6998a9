/**
 * `@mcpkit/tasks`: the tasks extension (`io.modelcontextprotocol/tasks`) and the 2025-11-25 core
 * tasks. This entry holds what both halves share: the `TaskStore` interface and its in-memory
 * implementation. The server is `@mcpkit/tasks/server`, the client `@mcpkit/tasks/client`, the
 * 2025-11-25 plug-in for `dualEra` `@mcpkit/tasks/legacy`.
 */
export type { TaskStore, TaskRecord, TaskRun, TaskLease, TaskError, TaskPage } from './store/task-store.js';
export { MemoryTaskStore, type MemoryTaskStoreOptions } from './store/memory-store.js';
