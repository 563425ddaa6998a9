/**
 * `@mcpkit/tasks-client`: MCP tasks from the client's side. `tasksExtension()` teaches a `ModernClient`
 * the tasks extension (`io.modelcontextprotocol/tasks`); `TaskClient` calls, follows, cancels, lists
 * and resumes tasks on any `McpClient`, in both eras (2025-11-25 core tasks through the legacy client).
 */
export { tasksExtension, type TasksExtensionOptions } from './extension.js';
export { TaskClient, type TaskClientOptions, type TaskCallOptions, type TaskWaitOptions, type TaskCall, type TaskHandle } from './task-client.js';
export type { TaskInfo } from './task-info.js';
export { TaskCancelledError, TaskProtocolError } from './errors.js';
