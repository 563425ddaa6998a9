/**
 * Turning the modern `InputRequest`s of an `input_required` result into the server-initiated
 * requests of 2025-11-25, and checking the client's answers before the handler sees them.
 * spec: 2025-11-25/pages/client/elicitation.mdx, client/sampling.mdx, client/roots.mdx;
 * 2026-07-28/pages/basic/patterns/mrtr.mdx
 */
import type { JsonObject } from '@mcpkit/jsonrpc';
import { formatErrors, validateCreateMessageResult, validateElicitResult, validateListRootsResult } from '@mcpkit/schema/2025-11-25';
import { evalFreeValidator, type JsonSchemaDialect, type JsonSchemaObject } from '@mcpkit/schema/json-schema';

/** A server-initiated request ready to send. */
export interface LegacyClientRequest {
  readonly method: string;
  readonly params: JsonObject;
}

type Check = ((value: unknown) => boolean) & { errors?: unknown };

const ANSWER_CHECKS: Readonly<Record<string, Check>> = {
  'elicitation/create': validateElicitResult as Check,
  'sampling/createMessage': validateCreateMessageResult as Check,
  'roots/list': validateListRootsResult as Check,
};

/** The methods an input request may name (DIGEST §2, "Input requests"). */
export const INPUT_METHODS: ReadonlySet<string> = new Set(Object.keys(ANSWER_CHECKS));

function randomId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The legacy request for one modern input request. URL-mode elicitation gets the `elicitationId`
 * 2025-11-25 requires (2026-07-28 dropped it); everything else travels unchanged.
 */
export function toLegacyClientRequest(input: { method: string; params?: JsonObject }): LegacyClientRequest {
  const params: JsonObject = { ...(input.params ?? {}) };
  if (input.method === 'elicitation/create' && params.mode === 'url' && typeof params.elicitationId !== 'string') {
    params.elicitationId = randomId();
  }
  return { method: input.method, params };
}

/**
 * Checks a client's answer against the 2025-11-25 result type of `method`; returns the reason it
 * is not one, or undefined when it is.
 */
export function checkClientAnswer(method: string, result: unknown): string | undefined {
  const check = ANSWER_CHECKS[method];
  if (!check) return `unknown input method ${method}`;
  if (check(result)) return undefined;
  return formatErrors(check.errors as Parameters<typeof formatErrors>[0]);
}

/** The JSON Schema dialect a form names in `$schema` (2020-12 when it names none). */
function dialectOf(schema: JsonSchemaObject): JsonSchemaDialect {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  return declared.includes('draft-07') ? 'draft-07' : declared.includes('2019-09') ? '2019-09' : '2020-12';
}

/**
 * Whether an accepted form answer fits the form it answers (client/elicitation.mdx: "Servers
 * SHOULD validate received data matches the requested schema"): undefined when it does (or the
 * request was no form), else the reason. A form whose schema cannot be compiled counts as unchecked.
 */
export function formAnswerProblem(request: LegacyClientRequest, result: JsonObject): string | undefined {
  if (request.method !== 'elicitation/create' || result.action !== 'accept') return undefined;
  const params = request.params;
  const schema = params.requestedSchema;
  if ((params.mode ?? 'form') !== 'form' || schema === null || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  let check: (value: unknown) => string | undefined;
  try {
    check = evalFreeValidator.compile(schema as JsonSchemaObject, dialectOf(schema as JsonSchemaObject));
  } catch {
    return undefined;
  }
  return check(result.content ?? {});
}
