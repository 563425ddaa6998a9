/**
 * Turning the modern `InputRequest`s of an `input_required` result into the server-initiated
 * requests of 2025-11-25, and checking the client's answers before the handler sees them.
 * spec: 2025-11-25/pages/client/elicitation.mdx, client/sampling.mdx, client/roots.mdx;
 * 2026-07-28/pages/basic/patterns/mrtr.mdx
 */
import type { JsonObject } from '@mcpkit/jsonrpc';
import { formatErrors, validateCreateMessageResult, validateElicitResult, validateListRootsResult } from '@mcpkit/schema/2025-11-25';

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
