// Copied by tools/codegen from schema/2025-11-25/completion.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: argument autocompletion. While a user types a prompt argument or a URI
 * template variable, the client asks the server for likely values.
 *
 * Spec: 2025-11-25/pages/server/utilities/completion.mdx
 */

import type { BaseMetadata, RequestParams, Result } from './base.js';
import type { JSONRPCRequest } from './jsonrpc.js';

/**
 * Asks the server for suggested values of one argument of a prompt or resource template.
 * @mcpResult CompleteResult
 * @mcpCapability server.completions
 */
export interface CompleteRequest extends JSONRPCRequest {
  /** Always `completion/complete`. */
  method: 'completion/complete';
  /** What is being completed, and the text typed so far. */
  params: CompleteRequestParams;
}

/** What is being completed, and the text typed so far. */
export interface CompleteRequestParams extends RequestParams {
  /** The prompt or resource template the argument belongs to. */
  ref: PromptReference | ResourceTemplateReference;
  /** The argument being completed. */
  argument: {
    /** Name of the argument. */
    name: string;
    /** What has been typed so far; suggestions should match it. */
    value: string;
  };
  /** Extra information that can narrow the suggestions. */
  context?: {
    /** Values already chosen for other arguments of the same prompt or template, by name. */
    arguments?: { [key: string]: string };
  };
}

/** The server's suggestions. */
export interface CompleteResult extends Result {
  /** The suggested values and how many more exist. */
  completion: {
    /** Suggested values, best first; at most 100 of them. */
    values: string[];
    /** How many suggestions exist in all, which may be more than were sent. */
    total?: number;
    /** True when more suggestions exist than were sent, even if their number is unknown. */
    hasMore?: boolean;
  };
}

/** Points at a prompt by name, as the target of a completion. */
export interface PromptReference extends BaseMetadata {
  /** Always `ref/prompt`. */
  type: 'ref/prompt';
}

/** Points at a resource or resource template by URI, as the target of a completion. */
export interface ResourceTemplateReference {
  /** Always `ref/resource`. */
  type: 'ref/resource';
  /**
   * The resource's URI, or the URI template whose variable is being completed.
   * @format uri-template
   */
  uri: string;
}
