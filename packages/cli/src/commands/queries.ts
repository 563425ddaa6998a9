import type { Prompt, Resource, ResourceTemplate, Tool } from '@mcpkit/schema';
import { ExitCode } from '../cli/exit-codes.js';
import { formatDiscover } from '../output/format-discover.js';
import { formatPrompts, formatResources, formatTemplates, formatTools } from '../output/format-lists.js';
import { callOptions, printResult, type CommandContext } from './context.js';

/**
 * The commands that only read what the server offers: `discover` and the four lists. Lists walk
 * every page; `--json` prints `{ "tools": [...] }` (and so on) with all of them.
 */

/** `mcpkit discover`. */
export async function discover(ctx: CommandContext): Promise<number> {
  ctx.progress.start('server/discover');
  const result = await ctx.client.discover(callOptions(ctx));
  const facts = { era: ctx.client.era, protocolVersion: ctx.client.protocolVersion, reason: ctx.client.verdict.reason };
  printResult(ctx, result, () => formatDiscover(result, facts, ctx.term.outStyle));
  return ExitCode.Ok;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** `mcpkit tools list`. */
export async function listTools(ctx: CommandContext): Promise<number> {
  ctx.progress.start('tools/list');
  const tools: Tool[] = await collect(ctx.client.iterateTools(callOptions(ctx)));
  printResult(ctx, { tools }, () => formatTools(tools, ctx.term.outStyle));
  return ExitCode.Ok;
}

/** `mcpkit resources list`. */
export async function listResources(ctx: CommandContext): Promise<number> {
  ctx.progress.start('resources/list');
  const resources: Resource[] = await collect(ctx.client.iterateResources(callOptions(ctx)));
  printResult(ctx, { resources }, () => formatResources(resources, ctx.term.outStyle));
  return ExitCode.Ok;
}

/** `mcpkit templates list`. */
export async function listTemplates(ctx: CommandContext): Promise<number> {
  ctx.progress.start('resources/templates/list');
  const resourceTemplates: ResourceTemplate[] = await collect(ctx.client.iterateResourceTemplates(callOptions(ctx)));
  printResult(ctx, { resourceTemplates }, () => formatTemplates(resourceTemplates, ctx.term.outStyle));
  return ExitCode.Ok;
}

/** `mcpkit prompts list`. */
export async function listPrompts(ctx: CommandContext): Promise<number> {
  ctx.progress.start('prompts/list');
  const prompts: Prompt[] = await collect(ctx.client.iteratePrompts(callOptions(ctx)));
  printResult(ctx, { prompts }, () => formatPrompts(prompts, ctx.term.outStyle));
  return ExitCode.Ok;
}
