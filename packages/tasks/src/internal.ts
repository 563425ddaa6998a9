/**
 * `@mcpkit/tasks/internal`: what the 2025-11-25 plug-in of `@mcpkit/legacy/tasks` needs of a tasks
 * server beyond its public API. Outside semver: it may change in any release.
 */
export { SERVICES } from './server/tasks-server.js';
export type { TaskService, ServiceSettings, TaskTool } from './server/task-service.js';
export type { TaskRunner } from './server/runner.js';
export { ownerOf } from './server/owner.js';
export { isTerminal, iso } from './server/views.js';
