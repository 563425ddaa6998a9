/**
 * `@mcpkit/tasks/server`: the tasks extension of an `@mcpkit/server` server (`createTasksServer()`), and its
 * task tools (`tasks.tool()`).
 */
export { createTasksServer, type TasksServer, type TasksServerOptions } from './tasks-server.js';
export type { TaskToolConfig } from './task-tool.js';
