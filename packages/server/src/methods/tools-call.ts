import { ResponseError, type JsonObject } from '@mcpkit/jsonrpc';
import { ErrorCode, formatErrors } from '@mcpkit/schema/2026-07-28/core';
import { validateCallToolRequestParams } from '@mcpkit/schema/2026-07-28/validators/requests';
import type { ToolDefinition, ToolResult } from '../definitions/tool.js';
import type { MethodHandler, ServerCore } from '../dispatch/core.js';
import type { RequestContext } from '../dispatch/request-context.js';
import { formatIssues } from '../json-schema/standard-schema.js';
import { ExtensionResult } from '../extensions/extension-result.js';
import { InputRequired } from '../mrtr/input-required.js';
import { invalidParams } from '../util/errors.js';
import { MrtrRound } from './mrtr.js';
import { requireObject, resultMeta } from './results.js';
import { requireScopes } from './scopes.js';
import { selfCheckValidators } from './self-check.js';

/**
 * A tool execution error as a result (server/tools.mdx "Error Handling"): `isError: true` with the
 * reason as text, so the model can read it and correct itself.
 */
function toolError(core: ServerCore, text: string): JsonObject {
  const result: JsonObject = { resultType: 'complete', content: [{ type: 'text', text }], isError: true };
  if (core.resultMeta) result._meta = core.resultMeta as JsonObject;
  return result;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function checkOutput(def: ToolDefinition, result: JsonObject): Promise<void> {
  const fail = (why: string): never => {
    throw new ResponseError(ErrorCode.InternalError, `Tool "${def.name}" returned ${why}`);
  };
  const { validateCallToolResult } = await selfCheckValidators();
  if (!validateCallToolResult(result)) fail(`an invalid CallToolResult: ${formatErrors(validateCallToolResult.errors)}`);
  if (!def.output || result.isError === true) return;
  if (!('structuredContent' in result)) fail('no structuredContent although it declares an outputSchema');
  if (def.output.kind === 'json') {
    const problem = def.output.check(result.structuredContent);
    if (problem) fail(`structuredContent that does not match its outputSchema: ${problem}`);
  } else {
    const checked = await def.output.schema['~standard'].validate(result.structuredContent);
    if (checked.issues) fail(`structuredContent that does not match its outputSchema: ${formatIssues(checked.issues)}`);
  }
}

function toResult(core: ServerCore, out: ToolResult): JsonObject {
  // Structured content also travels as JSON text for clients that only read `content` (server/tools.mdx).
  const content = out.content ?? (out.structuredContent === undefined ? [] : [{ type: 'text', text: JSON.stringify(out.structuredContent) }]);
  const meta = resultMeta(core, out._meta);
  // One literal with the spread after a literal key: the fast shape for V8 (see results.ts).
  const result: JsonObject = meta
    ? { resultType: 'complete', ...(out as JsonObject), content, _meta: meta }
    : { resultType: 'complete', ...(out as JsonObject), content };
  result.resultType = 'complete'; // the handler may have carried its own (even undefined)
  return result;
}

/**
 * A handler's `extensionResult(...)` as the result sent: its body with `resultType` and the server's
 * `_meta`, when an extension of this server allows that `resultType` for `method`.
 */
export function extensionAnswer(core: ServerCore, method: string, out: ExtensionResult): JsonObject {
  if (!core.extensions.resultTypes.get(method)?.has(out.resultType)) {
    throw new TypeError(`A ${method} handler returned resultType "${out.resultType}", which no extension of this server declares for ${method}`);
  }
  const meta = resultMeta(core, out.body._meta);
  const result: JsonObject = meta ? { ...(out.body as JsonObject), _meta: meta as JsonObject } : { ...(out.body as JsonObject) };
  result.resultType = out.resultType;
  return result;
}

/**
 * `tools/call` (server/tools.mdx "Calling Tools"). Unknown tool: `-32602`. Arguments that fail the
 * tool's input schema, and errors thrown by the handler, are tool execution errors: an
 * `isError: true` result carrying the reason (the tools page's rule; see README, "Decisions").
 * A handler throws a `ResponseError` to answer with a protocol error instead.
 */
export const callTool: MethodHandler = {
  validate: validateCallToolRequestParams,
  enabled: (core, registry) => core.capabilities(registry).tools !== undefined,
  handle(params: JsonObject, call: RequestContext, core: ServerCore, registry) {
    const name = params.name as string;
    const def = registry.tools.get(name);
    if (!def) throw invalidParams(`Unknown tool: ${name}`);
    requireScopes(call, `tool "${name}"`, def.scopes);
    const args = (params.arguments ?? {}) as Record<string, unknown>;
    // MRTR rounds, Standard Schema inputs and development self-checks await: they take the general path.
    if (params.inputResponses !== undefined || params.requestState !== undefined || def.input.kind !== 'json' || core.development) {
      return runTool(params, call, core, def, name, args);
    }
    // The common case pays for no await: a JSON Schema check, the handler, and its result if it is one already.
    const problem = def.input.check(args);
    if (problem !== undefined) return toolError(core, `Invalid arguments for tool ${name}: ${problem}`);
    let out: ToolResult | InputRequired | ExtensionResult | Promise<ToolResult | InputRequired | ExtensionResult>;
    try {
      out = def.handler(args, call);
    } catch (error) {
      return handlerFailed(core, call, error);
    }
    if (!isPromise(out)) return answer(core, call, def, name, args, undefined, out);
    return out.then(
      (value) => answer(core, call, def, name, args, undefined, value),
      (error: unknown) => handlerFailed(core, call, error),
    );
  },
};

function isPromise<T>(value: Promise<T> | T): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** A handler that threw: a `ResponseError` is a protocol error, anything else a tool execution error. */
function handlerFailed(core: ServerCore, call: RequestContext, error: unknown): JsonObject | null {
  if (error instanceof ResponseError) throw error;
  if (call.signal.aborted) return null;
  return toolError(core, messageOf(error));
}

/** What a handler returned, as the result sent (or the next MRTR round). */
function answer(
  core: ServerCore,
  call: RequestContext,
  def: ToolDefinition,
  name: string,
  args: Record<string, unknown>,
  round: MrtrRound | undefined,
  out: ToolResult | InputRequired | ExtensionResult,
): JsonObject | Promise<JsonObject> {
  requireObject(`Tool "${name}" handler`, out);
  if (out instanceof InputRequired) return (round ?? new MrtrRound(core, call, { name, arguments: args })).answer(out);
  if (out instanceof ExtensionResult) return extensionAnswer(core, 'tools/call', out);
  const result = toResult(core, out);
  if (core.development) return checkOutput(def, result).then(() => result);
  return result;
}

/** The general path of `tools/call`: an MRTR round, a Standard Schema input, or a development self-check. */
async function runTool(
  params: JsonObject,
  call: RequestContext,
  core: ServerCore,
  def: ToolDefinition,
  name: string,
  args: Record<string, unknown>,
): Promise<JsonObject | null> {
  let round: MrtrRound | undefined;
  if (params.inputResponses !== undefined || params.requestState !== undefined) {
    round = new MrtrRound(core, call, { name, arguments: args });
    await round.begin(params);
  }

  let value: unknown = args;
  if (def.input.kind === 'json') {
    const problem = def.input.check(args);
    if (problem !== undefined) return toolError(core, `Invalid arguments for tool ${name}: ${problem}`);
  } else {
    const checked = await def.input.schema['~standard'].validate(args);
    if (checked.issues) return toolError(core, `Invalid arguments for tool ${name}: ${formatIssues(checked.issues)}`);
    value = checked.value;
  }

  let out: ToolResult | InputRequired | ExtensionResult;
  try {
    out = await def.handler(value, call);
  } catch (error) {
    return handlerFailed(core, call, error);
  }
  return answer(core, call, def, name, args, round, out);
}
