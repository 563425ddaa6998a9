import type { InputHandlers } from '@mcpkit/client';
import type { DualEraClient } from '@mcpkit/legacy';
import type { ClientSettings } from '../cli/invocation.js';
import type { ProgressDisplay } from '../output/progress.js';
import type { Terminal } from '../output/terminal.js';

/** What a client command works with. */
export interface CommandContext {
  readonly client: DualEraClient;
  readonly term: Terminal;
  readonly settings: ClientSettings;
  /** Aborted on Ctrl+C (and when the server writes garbage on stdout). */
  readonly signal: AbortSignal;
  readonly progress: ProgressDisplay;
  /** What answers the server's input requests (prompts, `--answers`); the task commands hand it to their tasks. */
  readonly handlers?: InputHandlers;
}

/** Prints a result: only JSON on stdout with `--json`, the human view otherwise. */
export function printResult(ctx: CommandContext, json: unknown, human: () => string): void {
  ctx.progress.stop();
  if (ctx.settings.json) ctx.term.out(JSON.stringify(json, null, 2));
  else ctx.term.out(human());
}

/** The per-request options every command passes: cancellation and the timeout. */
export function callOptions(ctx: CommandContext) {
  return { signal: ctx.signal, timeoutMs: ctx.settings.timeoutMs };
}
