import { createServer, type McpServer, type ServerOptions } from '@mcpkit/server';
import type { AppsServer } from '@mcpkit/apps/server';
import { createTasksServer, type TasksServer, type TasksServerOptions } from '@mcpkit/tasks/server';
import { everythingApps } from './apps.js';
import { contentTools } from './content-tools.js';
import { dynamicTools } from './dynamic.js';
import { inputTools } from './input-tools.js';
import { everythingPrompts } from './prompts.js';
import { everythingResources, everythingTemplates } from './resources.js';
import { everythingSkills } from './skills.js';
import { taskTools } from './task-tools.js';

/** Options of `createEverythingServer`: any server option except the definitions and extensions themselves. */
export type EverythingOptions = Partial<Omit<ServerOptions, 'tools' | 'prompts' | 'resources' | 'resourceTemplates' | 'extensions'>> & {
  /**
   * Its tasks extension, or the options to make one with (the store replicas share, the clock,
   * TTLs...); pass your own `TasksServer` to serve its 2025-11-25 side too (`legacyTasks(tasks)`).
   */
  tasks?: TasksServerOptions | TasksServer;
  /** Its MCP Apps extension (`everythingApps()`); pass your own to serve its 2025-11-25 side too (`apps.legacy`). */
  apps?: AppsServer;
};

/**
 * A server exposing every feature of `@mcpkit/server` and the fixtures the official conformance
 * suite expects of a server under test (`echo`, `test_*` tools, prompts and resources).
 *
 * @example serveStdio(createEverythingServer());
 */
export function createEverythingServer(options: EverythingOptions = {}): McpServer {
  const state = { watchedVersion: 1 };
  const { tasks: taskOptions, apps: givenApps, ...serverOptions } = options;
  const tasks =
    taskOptions !== undefined && 'methods' in taskOptions ? (taskOptions as TasksServer) : createTasksServer({ pollIntervalMs: 250, ...taskOptions });
  const apps = givenApps ?? everythingApps();
  const around = serverOptions.around;
  const server: McpServer = createServer({
    info: { name: 'mcpkit-everything', title: 'mcpkit everything server', version: '0.1.0' },
    instructions:
      'A demonstration server: echo, content of every type, progress, logging, input requests (MRTR), tasks (slow_compute), skills (skills/list), an MCP Apps view (show_counter), prompts, resources, templates, completions and change notifications.',
    tools: [...contentTools(), ...inputTools(), ...taskTools(tasks), ...dynamicTools(() => server, state), ...apps.tools],
    prompts: everythingPrompts(),
    resources: everythingResources(state),
    resourceTemplates: everythingTemplates(),
    extensions: [tasks, everythingSkills(), apps],
    ...serverOptions,
    // The apps fallback (plain tools for clients without the extension) runs inside the caller's hook, if any.
    around: around ? (request, context, next) => around(request, context, (r, c) => apps.around(r, c, next)) : apps.around,
  });
  return server;
}
