/**
 * `@mcpkit/legacy/tasks`: 2025-11-25 core tasks for `dualEra`, from the `TasksServer` of
 * `@mcpkit/tasks/server` (one task engine for both eras).
 */
export { legacyTasks } from './legacy-tasks.js';
