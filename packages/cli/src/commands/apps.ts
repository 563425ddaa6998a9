import { toolUi, visibilityOf } from '@mcpkit/apps';
import { listAppTools } from '@mcpkit/apps-host';
import { ExitCode } from '../cli/exit-codes.js';
import type { ClientCommand } from '../cli/invocation.js';
import { serveAppsPage } from './apps-page.js';
import { printResult, type CommandContext } from './context.js';

/**
 * The MCP Apps commands (`io.modelcontextprotocol/ui`, through @mcpkit/apps-host): `apps list` shows
 * the tools that render a view; `apps open` serves a local host page and its sandbox proxy on two
 * 127.0.0.1 ports, prints the URL, and renders the view of one call of the tool when it is opened.
 */

/** `mcpkit apps list`. */
export async function listApps(ctx: CommandContext): Promise<number> {
  ctx.progress.start('tools/list');
  const lists = await listAppTools(ctx.client);
  const apps = lists.withViews.map((tool) => ({ name: tool.name, view: toolUi(tool)?.resourceUri, visibility: [...visibilityOf(tool)] }));
  printResult(ctx, { tools: apps }, () =>
    apps.length === 0
      ? 'No tool of this server renders a view (a server of the 2025-11-25 era shows them only to clients that declare the extension).'
      : apps.map((app) => `${ctx.term.outStyle.bold(app.name)}  ${app.view}  ${ctx.term.outStyle.dim(app.visibility.join(', '))}`).join('\n'),
  );
  return ExitCode.Ok;
}

/** `mcpkit apps open TOOL [--args JSON]`: runs until interrupted (Ctrl+C). */
export async function openApp(ctx: CommandContext, command: Extract<ClientCommand, { name: 'apps open' }>): Promise<number> {
  ctx.progress.start('tools/list');
  const lists = await listAppTools(ctx.client);
  const tool = lists.withViews.find((t) => t.name === command.tool);
  if (!tool) {
    ctx.progress.stop();
    const known = lists.withViews.map((t) => t.name).join(', ') || 'none';
    ctx.term.err(ctx.term.errStyle.red(`mcpkit: the server has no tool "${command.tool}" with a view (tools with views: ${known})`));
    return ExitCode.ServerError;
  }
  const page = await serveAppsPage(ctx.client, tool, command.args);
  ctx.progress.stop();
  if (ctx.settings.json) ctx.term.out(JSON.stringify({ url: page.url, sandbox: page.sandboxUrl }));
  else {
    ctx.term.out(page.url);
    ctx.term.err(ctx.term.errStyle.dim(`Open the URL above to render ${tool.name}; its sandbox is ${page.sandboxUrl}. Ctrl+C stops.`));
  }
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await page.close();
  return ExitCode.Ok;
}
