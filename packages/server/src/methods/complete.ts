import type { JsonObject } from '@mcpkit/jsonrpc';
import { validateCompleteRequestParams } from '@mcpkit/schema/2026-07-28/validators/requests';
import type { CompletionAnswer, Completers } from '../definitions/completion.js';
import type { MethodHandler } from '../dispatch/core.js';
import { invalidParams } from '../util/errors.js';
import { complete } from './results.js';
import { requireScopes } from './scopes.js';

/** At most this many values per answer (server/utilities/completion.mdx). */
const MAX_VALUES = 100;

function normalize(answer: CompletionAnswer): JsonObject {
  const values = Array.isArray(answer) ? answer : (answer as { values: readonly string[] }).values;
  const extra = Array.isArray(answer) ? {} : (answer as { total?: number; hasMore?: boolean });
  if (values.length <= MAX_VALUES) {
    return {
      values: [...values],
      ...(extra.total !== undefined && { total: extra.total }),
      ...(extra.hasMore !== undefined && { hasMore: extra.hasMore }),
    };
  }
  return { values: values.slice(0, MAX_VALUES), total: extra.total ?? values.length, hasMore: true };
}

/**
 * `completion/complete` (server/utilities/completion.mdx): suggestions for a prompt argument
 * (`ref/prompt`) or a resource-template variable (`ref/resource`, by its exact `uriTemplate`).
 * An unknown prompt, template or argument is `-32602`; an argument without a completer gets no values.
 */
export const completeArgument: MethodHandler = {
  validate: validateCompleteRequestParams,
  enabled: (core, registry) => core.capabilities(registry).completions !== undefined,
  async handle(params: JsonObject, call, core, registry) {
    const ref = params.ref as { type: string; name?: string; uri?: string };
    const argument = params.argument as { name: string; value: string };
    const context = (params.context as { arguments?: Record<string, string> } | undefined)?.arguments ?? {};
    let completers: Completers | undefined;
    let known: readonly string[];
    if (ref.type === 'ref/prompt') {
      const prompt = registry.prompts.get(ref.name!);
      if (!prompt) throw invalidParams(`Unknown prompt: ${ref.name}`);
      requireScopes(call, `prompt "${ref.name}"`, prompt.scopes);
      completers = prompt.complete;
      known = (prompt.descriptor.arguments ?? []).map((a) => a.name);
    } else {
      const template = registry.templates.get(ref.uri!);
      if (!template) throw invalidParams(`Unknown resource template: ${ref.uri}`);
      requireScopes(call, `resource template ${ref.uri}`, template.scopes);
      completers = template.complete;
      known = template.template.variables;
    }
    if (!known.includes(argument.name)) throw invalidParams(`Unknown argument for completion: ${argument.name}`, { argument: argument.name });
    const completer = completers?.[argument.name];
    const answer = completer ? await completer(argument.value, { arguments: context, request: call }) : [];
    return complete(core, { completion: normalize(answer) });
  },
};
