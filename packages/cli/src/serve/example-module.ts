import type { AppsServer } from '@mcpkit/apps/server';
import type { McpServer, ServerOptions } from '@mcpkit/server';
import type { TasksServer } from '@mcpkit/tasks/server';

/**
 * examples/everything (`@mcpkit/example-everything`, a private workspace package) ships inside the
 * CLI: the build bundles it into the CLI's own dist (see tsup.config.ts), so `mcpkit serve-example`
 * and `mcpkit demo` work from an npm install as well as from a checkout. It is loaded on first use:
 * the other commands never pay for it.
 */

/**
 * Options of the example server itself: the server options it does not fix (its tools, prompts,
 * resources and extensions are its own), and a tasks service for its long-running tools.
 */
export type ExampleServerOptions = Partial<Omit<ServerOptions, 'tools' | 'prompts' | 'resources' | 'resourceTemplates' | 'extensions'>> & {
  tasks?: TasksServer;
  apps?: AppsServer;
};

/** What the CLI uses of the example. */
export interface EverythingModule {
  createEverythingServer(options?: ExampleServerOptions): McpServer;
  everythingApps(): AppsServer;
}

/** The package name of examples/everything. */
export const EVERYTHING_PACKAGE = '@mcpkit/example-everything';

/** The example server module. */
export async function loadEverything(): Promise<EverythingModule> {
  return import('./bundled-example.js');
}
