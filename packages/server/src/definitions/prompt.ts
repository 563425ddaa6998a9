import type { GetPromptResult, Icon, Prompt, PromptArgument } from '@mcpkit/schema';
import { formatErrors } from '@mcpkit/schema/2026-07-28/core';
import { validatePrompt } from '@mcpkit/schema/2026-07-28/validators/primitives';
import type { RequestContext } from '../dispatch/request-context.js';
import type { InputRequired } from '../mrtr/input-required.js';
import { checkCompleters, type Completers } from './completion.js';

/** What a prompt handler returns when it is done; `resultType` is added by dispatch. */
export type PromptResult = Omit<GetPromptResult, 'resultType'> & { resultType?: 'complete' };

/** A prompt's handler: its string arguments (required ones present) and the context in. */
export type PromptHandler = (
  args: Readonly<Record<string, string>>,
  ctx: RequestContext,
) => PromptResult | InputRequired | Promise<PromptResult | InputRequired>;

/** How a server author describes a prompt. */
export interface PromptConfig {
  name: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  /** The arguments it takes; `required` ones are checked before the handler runs (-32602 when missing). */
  arguments?: PromptArgument[];
  /** Completers of its arguments, for `completion/complete` with `ref/prompt`. */
  complete?: Completers;
  /** Scopes a caller's principal must hold to see and get the prompt. */
  scopes?: readonly string[];
  handler: PromptHandler;
}

/** A prompt ready to register. */
export interface PromptDefinition {
  readonly kind: 'prompt';
  readonly name: string;
  /** Exactly what `prompts/list` shows. */
  readonly descriptor: Prompt;
  /** Names of the required arguments. */
  readonly required: readonly string[];
  readonly complete: Completers | undefined;
  readonly scopes: readonly string[] | undefined;
  readonly handler: PromptHandler;
}

/**
 * Defines a prompt; checks its descriptor and completers once. Throws a `TypeError` naming the problem.
 *
 * @example
 * prompt({ name: 'greet', arguments: [{ name: 'who', required: true }],
 *          handler: ({ who }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Greet ${who}` } }] }) })
 */
export function prompt(config: PromptConfig): PromptDefinition {
  const { name } = config;
  if (typeof name !== 'string' || name.length === 0) throw new TypeError('A prompt needs a non-empty name');
  if (typeof config.handler !== 'function') throw new TypeError(`Prompt "${name}": handler must be a function`);
  const descriptor: Prompt = {
    name,
    ...(config.title !== undefined && { title: config.title }),
    ...(config.description !== undefined && { description: config.description }),
    ...(config.arguments !== undefined && { arguments: config.arguments }),
    ...(config.icons !== undefined && { icons: config.icons }),
    ...(config._meta !== undefined && { _meta: config._meta }),
  };
  if (!validatePrompt(descriptor)) throw new TypeError(`Prompt "${name}" is not a valid Prompt: ${formatErrors(validatePrompt.errors)}`);
  const names = (config.arguments ?? []).map((a) => a.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate !== undefined) throw new TypeError(`Prompt "${name}": argument "${duplicate}" is declared twice`);
  return Object.freeze({
    kind: 'prompt',
    name,
    descriptor: Object.freeze(descriptor),
    required: Object.freeze((config.arguments ?? []).filter((a) => a.required).map((a) => a.name)),
    complete: checkCompleters(`Prompt "${name}"`, config.complete, names),
    scopes: config.scopes ? Object.freeze([...config.scopes]) : undefined,
    handler: config.handler,
  });
}
