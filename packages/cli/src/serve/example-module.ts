import type { McpServer, ServerOptions } from '@mcpkit/server';

/**
 * Loads `examples/everything` (`@mcpkit/example-everything`). Examples are private workspace
 * packages, not published ones, so the CLI does not depend on one at run time: it is loaded when
 * present (it always is in the mcpkit repository, as a devDependency of this package) and its
 * absence is a clear message, not a crash at start-up.
 */

/** What the CLI uses of the example. */
export interface EverythingModule {
  createEverythingServer(options?: Partial<Omit<ServerOptions, 'tools' | 'prompts' | 'resources' | 'resourceTemplates'>>): McpServer;
}

/** The package name of examples/everything. */
export const EVERYTHING_PACKAGE = '@mcpkit/example-everything';

/** The example, or an error saying how to get it. */
export async function loadEverything(): Promise<EverythingModule> {
  const name: string = EVERYTHING_PACKAGE;
  try {
    return (await import(name)) as EverythingModule;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new Error(
        `serve-example needs ${EVERYTHING_PACKAGE} (examples/everything), which ships with the mcpkit repository, ` +
          'not with the published CLI: run it from a checkout after `pnpm build`',
      );
    }
    throw error;
  }
}
