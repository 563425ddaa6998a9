import type {
  CreateMessageRequest,
  CreateMessageRequestParams,
  ElicitRequest,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ListRootsRequest,
} from '@mcpkit/schema';
import type { FormSchema } from './form-schema.js';

/**
 * Typed builders of the input requests a handler may put in `inputRequired(...)`
 * (basic/patterns/mrtr.mdx): bare `{ method, params }` objects, never JSON-RPC requests.
 */

/**
 * Options of a form elicitation: the message and the flat schema of the fields to ask for (a
 * `FormSchema`, which may be written `as const` and given to `ctx.input.accepted` to check the answer).
 */
export type ElicitFormOptions = Omit<ElicitRequestFormParams, 'mode' | 'requestedSchema'> & { requestedSchema: FormSchema };

/** Asks the user to fill a form (client/elicitation.mdx, form mode). Needs the client's `elicitation` (form) capability. */
export function elicitForm(options: ElicitFormOptions): ElicitRequest {
  return { method: 'elicitation/create', params: { mode: 'form', ...options } as ElicitRequestFormParams };
}

/** Options of a URL elicitation: the message and the URL to open. */
export type ElicitUrlOptions = Omit<ElicitRequestURLParams, 'mode'>;

/**
 * Sends the user to a URL (client/elicitation.mdx, URL mode), for secrets or third-party consent that
 * must not pass through the client. Needs the client's `elicitation.url` capability.
 */
export function elicitUrl(options: ElicitUrlOptions): ElicitRequest {
  return { method: 'elicitation/create', params: { mode: 'url', ...options } as ElicitRequestURLParams };
}

/**
 * Asks the client's model for a completion (client/sampling.mdx; deprecated). Needs `sampling`;
 * `tools`/`toolChoice` also need `sampling.tools`, an `includeContext` other than `none` needs `sampling.context`.
 */
export function createMessage(params: CreateMessageRequestParams): CreateMessageRequest {
  return { method: 'sampling/createMessage', params };
}

/** Asks the client for its roots (client/roots.mdx; deprecated). Needs the client's `roots` capability. */
export function listRoots(): ListRootsRequest {
  return { method: 'roots/list', params: {} } as ListRootsRequest;
}
