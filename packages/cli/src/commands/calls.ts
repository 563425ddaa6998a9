import { ExitCode } from '../cli/exit-codes.js';
import type { ClientCommand } from '../cli/invocation.js';
import { formatCompletion } from '../output/format-discover.js';
import { formatCallResult, formatPromptResult, formatReadResult } from '../output/format-content.js';
import { callOptions, printResult, type CommandContext } from './context.js';
import { callToolAsTask } from './tasks.js';

/**
 * The commands that ask the server to do something: call a tool, read a resource, get a prompt,
 * complete an argument. The first three may ask for input (answered by the prompts or
 * `--answers`) and may report progress (drawn on a terminal's stderr).
 */

type Of<N extends ClientCommand['name']> = Extract<ClientCommand, { name: N }>;

function withProgress(ctx: CommandContext) {
  return { ...callOptions(ctx), onProgress: ctx.progress.update };
}

/** `mcpkit tools call NAME --args JSON`; exit 1 when the result has `isError`. */
export async function callTool(ctx: CommandContext, command: Of<'tools call'>): Promise<number> {
  if (command.task) return callToolAsTask(ctx, command);
  ctx.progress.start(`tools/call ${command.tool}`);
  const result = await ctx.client.callTool({ name: command.tool, arguments: command.args }, withProgress(ctx));
  printResult(ctx, result, () => formatCallResult(result, ctx.term.outStyle));
  if (result.isError) {
    ctx.term.err(ctx.term.errStyle.red(`mcpkit: the tool "${command.tool}" reported an error (isError)`));
    return ExitCode.ServerError;
  }
  return ExitCode.Ok;
}

/** `mcpkit resources read URI`. */
export async function readResource(ctx: CommandContext, command: Of<'resources read'>): Promise<number> {
  ctx.progress.start(`resources/read ${command.uri}`);
  const result = await ctx.client.readResource({ uri: command.uri }, withProgress(ctx));
  printResult(ctx, result, () => formatReadResult(result, ctx.term.outStyle));
  return ExitCode.Ok;
}

/** `mcpkit prompts get NAME --args JSON`. */
export async function getPrompt(ctx: CommandContext, command: Of<'prompts get'>): Promise<number> {
  ctx.progress.start(`prompts/get ${command.prompt}`);
  const result = await ctx.client.getPrompt({ name: command.prompt, arguments: command.args }, withProgress(ctx));
  printResult(ctx, result, () => formatPromptResult(result, ctx.term.outStyle));
  return ExitCode.Ok;
}

/** `mcpkit complete prompt|resource REF ARGUMENT [VALUE]`. */
export async function complete(ctx: CommandContext, command: Of<'complete'>): Promise<number> {
  ctx.progress.start('completion/complete');
  const params = {
    ref: { ...command.ref },
    argument: { ...command.argument },
    ...(command.context === undefined ? {} : { context: { arguments: command.context } }),
  };
  const result = await ctx.client.complete(params, callOptions(ctx));
  printResult(ctx, result, () => formatCompletion(result, ctx.term.outStyle));
  return ExitCode.Ok;
}
