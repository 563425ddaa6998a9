import type { Skill } from '@mcpkit/schema/skills';
import { SkillsClient, SkillsUnsupportedError, SkillVerificationError } from '@mcpkit/skills-client';
import { ExitCode } from '../cli/exit-codes.js';
import type { ClientCommand } from '../cli/invocation.js';
import { formatSkill, formatSkills } from '../output/format-skills.js';
import { callOptions, printResult, type CommandContext } from './context.js';

/**
 * The skills commands (the `io.modelcontextprotocol/skills` extension, through @mcpkit/skills-client):
 * `skills list` reads the entries and no file; `skills get` loads one skill, its SKILL.md verified
 * against the entry before anything of it is printed.
 */

/** A failure the user should read as the server's: no skills extension, or content that does not verify. */
function refused(ctx: CommandContext, error: unknown): number {
  if (!(error instanceof SkillsUnsupportedError || error instanceof SkillVerificationError)) throw error;
  ctx.progress.stop();
  if (ctx.settings.json)
    ctx.term.out(
      JSON.stringify({ error: { message: error.message, ...(error instanceof SkillVerificationError && { reason: error.reason, uri: error.uri }) } }, null, 2),
    );
  ctx.term.err(ctx.term.errStyle.red(`mcpkit: ${error.message}`));
  return ExitCode.ServerError;
}

/** `mcpkit skills list`. */
export async function listSkills(ctx: CommandContext): Promise<number> {
  ctx.progress.start('skills/list');
  const skills: Skill[] = [];
  try {
    for await (const skill of new SkillsClient(ctx.client).iterate(callOptions(ctx))) skills.push(skill);
  } catch (error) {
    return refused(ctx, error);
  }
  printResult(ctx, { skills }, () => formatSkills(skills, ctx.term.outStyle));
  return ExitCode.Ok;
}

/** `mcpkit skills get URI`. */
export async function getSkill(ctx: CommandContext, command: Extract<ClientCommand, { name: 'skills get' }>): Promise<number> {
  ctx.progress.start(`skills/get ${command.uri}`);
  try {
    const loaded = await new SkillsClient(ctx.client).load(command.uri, callOptions(ctx));
    printResult(ctx, { skill: loaded.entry, text: loaded.text }, () => formatSkill(loaded.entry, loaded.text, ctx.term.outStyle));
    return ExitCode.Ok;
  } catch (error) {
    return refused(ctx, error);
  }
}
