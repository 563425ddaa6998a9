// Copied by tools/codegen from schema/2025-11-25/elicitation.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: elicitation. A server asks the user, through the client, either to fill in a
 * small flat form (form mode) or to visit a URL for an interaction the client must not see (URL
 * mode). The form's field types are in `elicitation-schema.ts`.
 *
 * Spec: 2025-11-25/pages/client/elicitation.mdx
 */

import type { Result } from './base.js';
import type { PrimitiveSchemaDefinition } from './elicitation-schema.js';
import type { JSONRPCNotification, JSONRPCRequest } from './jsonrpc.js';
import type { TaskAugmentedRequestParams } from './tasks.js';

/**
 * Sent by the server: asks the client to collect information from the user, by a form or by
 * sending the user to a URL. The mode used must be one the client declared.
 * @mcpResult ElicitResult
 * @mcpCapability client.elicitation
 */
export interface ElicitRequest extends JSONRPCRequest {
  /** Always `elicitation/create`. */
  method: 'elicitation/create';
  /** What to ask the user, and how. */
  params: ElicitRequestParams;
}

/** What to ask the user, in one of the two modes. */
export type ElicitRequestParams = ElicitRequestURLParams | ElicitRequestFormParams;

/**
 * A URL-mode question: the client, with the user's consent, opens a URL where the interaction
 * happens out of band; its data never passes through the client.
 */
export interface ElicitRequestURLParams extends TaskAugmentedRequestParams {
  /** Always `url`. */
  mode: 'url';
  /** Text telling the user why the server wants them to open the link. */
  message: string;
  /**
   * Identifier of this elicitation, unique on the server; opaque to the client, and echoed by
   * `notifications/elicitation/complete`.
   */
  elicitationId: string;
  /**
   * The page the user should open.
   * @format uri
   */
  url: string;
}

/**
 * A form-mode question: the client shows a form built from a flat schema, and the answers come
 * back in the result. Not for sensitive data.
 */
export interface ElicitRequestFormParams extends TaskAugmentedRequestParams {
  /** `form`; a request without `mode` is also form mode. */
  mode?: 'form';
  /** Text shown to the user explaining what is asked for and why. */
  message: string;
  /**
   * The fields to ask for: a JSON Schema object whose properties are all primitive (no
   * nesting).
   */
  requestedSchema: {
    /** Dialect of this schema; JSON Schema 2020-12 when absent. */
    $schema?: string;
    /** Always `object`. */
    type: 'object';
    /** One field definition per answer, keyed by the answer's name. */
    properties: { [key: string]: PrimitiveSchemaDefinition };
    /** Names of the fields the user must fill in. */
    required?: string[];
  };
}

/** The user's response to an elicitation, as reported by the client. */
export interface ElicitResult extends Result {
  /**
   * `accept`: the user submitted or agreed; `decline`: the user explicitly refused; `cancel`:
   * the user dismissed the request without choosing.
   */
  action: 'accept' | 'decline' | 'cancel';
  /**
   * The submitted form answers, keyed by field name and following the requested schema. Only
   * for an accepted form-mode request; absent in URL mode.
   */
  content?: { [key: string]: string | number | boolean | string[] };
}

/**
 * Sent by the server, only to the client that received the original request: the out-of-band
 * interaction of a URL-mode elicitation has finished. Clients ignore unknown ids.
 * @mcpCapability client.elicitation.url
 */
export interface ElicitationCompleteNotification extends JSONRPCNotification {
  /** Always `notifications/elicitation/complete`. */
  method: 'notifications/elicitation/complete';
  /** Which elicitation finished. */
  params: {
    /** The `elicitationId` of the URL-mode request that finished. */
    elicitationId: string;
  };
}
