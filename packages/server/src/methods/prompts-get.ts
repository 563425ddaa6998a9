import type { JsonObject } from '@mcpkit/jsonrpc';
import { ResponseError } from '@mcpkit/jsonrpc';
import { ErrorCode, formatErrors } from '@mcpkit/schema/2026-07-28/core';
import { validateGetPromptRequestParams } from '@mcpkit/schema/2026-07-28/validators/requests';
import type { PromptResult } from '../definitions/prompt.js';
import type { MethodHandler } from '../dispatch/core.js';
import { InputRequired } from '../mrtr/input-required.js';
import { invalidParams } from '../util/errors.js';
import { MrtrRound } from './mrtr.js';
import { complete, requireObject } from './results.js';
import { requireScopes } from './scopes.js';
import { selfCheckValidators } from './self-check.js';

/**
 * `prompts/get` (server/prompts.mdx "Getting a Prompt"). Unknown prompt and missing required
 * arguments: `-32602`; may answer `input_required`; a handler failure is `-32603`.
 */
export const getPrompt: MethodHandler = {
  validate: validateGetPromptRequestParams,
  enabled: (core, registry) => core.capabilities(registry).prompts !== undefined,
  async handle(params: JsonObject, call, core, registry) {
    const name = params.name as string;
    const def = registry.prompts.get(name);
    if (!def) throw invalidParams(`Unknown prompt: ${name}`);
    requireScopes(call, `prompt "${name}"`, def.scopes);
    const args = (params.arguments ?? {}) as Record<string, string>;
    const missing = def.required.filter((arg) => args[arg] === undefined);
    if (missing.length > 0) throw invalidParams(`Missing required arguments for prompt ${name}: ${missing.join(', ')}`, { missing });
    const round = new MrtrRound(core, call, { name, arguments: args });
    await round.begin(params);
    const out: PromptResult | InputRequired = await def.handler(args, call);
    requireObject(`Prompt "${name}" handler`, out);
    if (out instanceof InputRequired) return round.answer(out);
    const result = complete(core, out as unknown as JsonObject);
    if (core.development) {
      const { validateGetPromptResult } = await selfCheckValidators();
      if (!validateGetPromptResult(result)) {
        throw new ResponseError(
          ErrorCode.InternalError,
          `Prompt "${name}" returned an invalid GetPromptResult: ${formatErrors(validateGetPromptResult.errors)}`,
        );
      }
    }
    return result;
  },
};
