/**
 * `@mcpkit/tasks/server`: the tasks extension of an `@mcpkit/server` server (`tasksServer()`), and its
 * task tools (`tasks.tool()`).
 */
export { tasksServer, TasksServer, type TasksServerOptions } from './tasks-server.js';
export type { TaskToolConfig } from './task-tool.js';
