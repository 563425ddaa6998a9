// Copied by tools/codegen from schema/2026-07-28/elicitation.ts. Edit the source, then run `pnpm codegen`.
/**
 * Elicitation: a server asks the user, through the client, for information (form mode) or to
 * visit a URL (URL mode). In this revision it is only an input request inside an
 * InputRequiredResult, answered in the retry.
 *
 * Source: `2026-07-28/pages/client/elicitation.mdx`, `2026-07-28/schema.json`. The request needs the
 * `elicitation` client capability and the mode used (`{}` means form only). Secrets must never be
 * asked for in form mode.
 */

import type { Request } from './base.js';
import type { PrimitiveSchemaDefinition } from './elicitation-schema.js';

/**
 * Parameters of a form-mode elicitation: a message and a flat schema the client renders as a form.
 */
export interface ElicitRequestFormParams {
  /** The mode; `"form"`, which is also assumed when the field is left out. */
  mode?: 'form';
  /** What is being asked for and why, shown to the user. */
  message: string;
  /**
   * The form: a flat JSON Schema object whose properties are all primitive (string, number,
   * boolean or enum); nesting is not allowed.
   */
  requestedSchema: {
    /** Dialect of the schema, when given. */
    $schema?: string;
    /** Always `"object"`. */
    type: 'object';
    /** The form fields, by name. */
    properties: { [key: string]: PrimitiveSchemaDefinition };
    /** Names of the fields the user must fill in. */
    required?: string[];
  };
}

/**
 * Parameters of a URL-mode elicitation: the user is sent to a page outside the client, for
 * interactions (credentials, payment, third-party authorization) that must not pass through it.
 */
export interface ElicitRequestURLParams {
  /** The mode; always `"url"`. */
  mode: 'url';
  /** Why the user should open the page, shown to the user. */
  message: string;
  /**
   * The page to open. The client shows it in full, asks for consent first, and never prefetches it.
   * @format uri
   */
  url: string;
}

/**
 * Parameters of `elicitation/create`: either a form or a URL.
 */
export type ElicitRequestParams = ElicitRequestFormParams | ElicitRequestURLParams;

/**
 * Asks the user, through the client, for input. Appears only inside an InputRequiredResult.
 * @mcpResult ElicitResult
 * @mcpCapability client.elicitation
 */
export interface ElicitRequest extends Request {
  /** Always `"elicitation/create"`. */
  method: 'elicitation/create';
  /** The form or the URL to present. */
  params: ElicitRequestParams;
}

/**
 * The user's reaction to an elicitation, returned in `inputResponses`.
 */
export interface ElicitResult {
  /**
   * What the user did: `"accept"` (submitted or agreed), `"decline"` (said no) or `"cancel"`
   * (dismissed without choosing). In URL mode, accept only means consent to open the page.
   */
  action: 'accept' | 'decline' | 'cancel';
  /**
   * The submitted form values, by field name; present only when a form was accepted.
   */
  content?: { [key: string]: string | number | boolean | string[] };
}
