import { isAppCallable, isModelVisible, viewUriOf } from '@mcpkit/apps';
import type { McpClient } from '@mcpkit/client';
import type { Tool } from '@mcpkit/schema';

/** A server's tools as a host sorts them. */
export interface AppToolLists {
  /** What the model may see and call: visibility includes `"model"` (app-only tools left out). */
  readonly model: readonly Tool[];
  /** What a view of this server may call: visibility includes `"app"`. */
  readonly app: readonly Tool[];
  /** Tools that render a view (`_meta.ui.resourceUri`), whoever may call them. */
  readonly withViews: readonly Tool[];
}

/**
 * Sorts tools for a host: the model's list (never an app-only tool), the view's list, the tools with views.
 *
 * @example const { model } = splitAppTools((await client.listTools()).tools);
 */
export function splitAppTools(tools: readonly Tool[]): AppToolLists {
  // spec: extensions/apps/2026-01-26/apps.mdx "Visibility" — the agent's list leaves out tools without "model".
  return {
    model: tools.filter(isModelVisible),
    app: tools.filter(isAppCallable),
    withViews: tools.filter((tool) => viewUriOf(tool) !== undefined),
  };
}

/** Every tool of the client's server, page after page, sorted with `splitAppTools`. */
export async function listAppTools(client: Pick<McpClient, 'iterateTools'>): Promise<AppToolLists> {
  const tools: Tool[] = [];
  for await (const tool of client.iterateTools()) tools.push(tool);
  return splitAppTools(tools);
}
