import { ResponseError, type JsonObject } from '@mcpkit/jsonrpc';
import { ErrorCode, formatErrors } from '@mcpkit/schema/2026-07-28/core';
import { validateReadResourceRequestParams } from '@mcpkit/schema/2026-07-28/validators/requests';
import type { CacheHint, ReadResult } from '../definitions/resource.js';
import type { MethodHandler, ServerCore } from '../dispatch/core.js';
import { InputRequired } from '../mrtr/input-required.js';
import { resourceNotFound } from '../util/errors.js';
import { MrtrRound } from './mrtr.js';
import { requireObject, resultMeta } from './results.js';
import { requireScopes } from './scopes.js';
import { selfCheckValidators } from './self-check.js';

function toResult(core: ServerCore, uri: string, out: ReadResult, mimeType: string | undefined, hint: CacheHint, scoped: boolean): JsonObject {
  const contents = out.contents.map((item) =>
    item.uri !== undefined && (item.mimeType !== undefined || mimeType === undefined)
      ? item
      : { ...item, uri: item.uri ?? uri, ...(item.mimeType === undefined && mimeType !== undefined && { mimeType }) },
  );
  const fallback = core.cache.read;
  const meta = resultMeta(core, out._meta);
  // One literal, spread after a literal key (the fast shape, see results.ts).
  const result: JsonObject = {
    resultType: 'complete',
    ...(out as unknown as JsonObject),
    contents,
    ttlMs: out.ttlMs ?? hint.ttlMs ?? fallback.ttlMs,
    // A resource that needs scopes is caller-specific: never shareable.
    cacheScope: scoped ? 'private' : (out.cacheScope ?? hint.cacheScope ?? fallback.cacheScope),
  };
  result.resultType = 'complete'; // the handler may have carried its own (even undefined)
  if (meta) result._meta = meta;
  return result;
}

/**
 * `resources/read` (server/resources.mdx "Reading Resources"): a registered resource by exact
 * URI first, else the most specific matching template. A URI nothing serves is `-32602` with
 * `data.uri` ("Error Handling"; never `-32002`, never empty `contents`). May answer `input_required`.
 * Complete results carry `ttlMs`/`cacheScope`: the handler's, else the resource's, else the server default.
 */
export const readResource: MethodHandler = {
  validate: validateReadResourceRequestParams,
  enabled: (core, registry) => core.capabilities(registry).resources !== undefined,
  async handle(params: JsonObject, call, core, registry) {
    const uri = params.uri as string;
    const round = new MrtrRound(core, call, { uri });
    let out: ReadResult | InputRequired;
    let mimeType: string | undefined;
    let hint: CacheHint;
    let scoped: boolean;
    const def = registry.resources.get(uri);
    if (def) {
      requireScopes(call, `resource ${uri}`, def.scopes);
      await round.begin(params);
      out = await def.read(uri, call);
      ({ mimeType } = def.descriptor);
      hint = def.cache;
      scoped = !!def.scopes?.length;
    } else {
      const match = registry.matchTemplate(uri);
      if (!match) throw resourceNotFound(uri);
      const { template } = match;
      requireScopes(call, `resource ${uri}`, template.scopes);
      await round.begin(params);
      out = await template.read(uri, match.variables, call);
      ({ mimeType } = template.descriptor);
      hint = template.cache;
      scoped = !!template.scopes?.length;
    }
    requireObject(`The reader of ${uri}`, out);
    if (out instanceof InputRequired) return round.answer(out);
    const result = toResult(core, uri, out, mimeType, hint, scoped);
    if (core.development) {
      const { validateReadResourceResult } = await selfCheckValidators();
      if (!validateReadResourceResult(result)) {
        throw new ResponseError(
          ErrorCode.InternalError,
          `Resource ${uri} was read as an invalid ReadResourceResult: ${formatErrors(validateReadResourceResult.errors)}`,
        );
      }
    }
    return result;
  },
};
