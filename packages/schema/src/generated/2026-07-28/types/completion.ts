// Copied by tools/codegen from schema/2026-07-28/completion.ts. Edit the source, then run `pnpm codegen`.
/**
 * Argument completion: suggestions for a prompt argument or a resource-template variable while
 * the user types.
 *
 * Source: `2026-07-28/pages/server/utilities/completion.mdx`, `2026-07-28/schema.json`.
 * Without the `completions` capability the method answers -32601; a bad reference or argument
 * gets -32602.
 */

import type { BaseMetadata, RequestParams, Result } from './base.js';
import type { JSONRPCRequest, JSONRPCResultResponse } from './jsonrpc.js';

/**
 * Points at a prompt by name, as the thing whose argument is being completed.
 */
export interface PromptReference extends BaseMetadata {
  /** Discriminator: always `"ref/prompt"`. */
  type: 'ref/prompt';
}

/**
 * Points at a resource or resource template by URI, as the thing whose variable is being
 * completed.
 */
export interface ResourceTemplateReference {
  /** Discriminator: always `"ref/resource"`. */
  type: 'ref/resource';
  /**
   * URI of the resource, or the URI template containing the variable.
   * @format uri-template
   */
  uri: string;
}

/**
 * Parameters of `completion/complete`.
 */
export interface CompleteRequestParams extends RequestParams {
  /** The prompt or resource template the argument belongs to. */
  ref: PromptReference | ResourceTemplateReference;
  /** The argument being completed and what has been typed so far. */
  argument: {
    /** Name of the argument or template variable. */
    name: string;
    /** The partial value to find completions for. */
    value: string;
  };
  /** What is already known besides the argument being completed. */
  context?: {
    /** Values already chosen for other arguments or variables, by name. */
    arguments?: { [key: string]: string };
  };
}

/**
 * Asks the server for completion suggestions for one argument.
 * @mcpResult CompleteResult
 * @mcpCapability server.completions
 */
export interface CompleteRequest extends JSONRPCRequest {
  /** Always `"completion/complete"`. */
  method: 'completion/complete';
  /** What to complete, and in which context. */
  params: CompleteRequestParams;
}

/**
 * The suggestions for a completion request.
 */
export interface CompleteResult extends Result {
  /** The suggested values and how many more there are. */
  completion: {
    /**
     * Suggested values, best first; at most 100.
     * @maxItems 100
     */
    values: string[];
    /** How many matches exist in all, which may be more than were sent. */
    total?: number;
    /** Whether more matches exist than were sent, even when the total is unknown. */
    hasMore?: boolean;
  };
}

/**
 * The successful response to `completion/complete`.
 */
export interface CompleteResultResponse extends JSONRPCResultResponse {
  /** The suggestions. */
  result: CompleteResult;
}
