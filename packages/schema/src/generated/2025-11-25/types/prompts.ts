// Copied by tools/codegen from schema/2025-11-25/prompts.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: prompts, message templates a server offers for the user to pick. The client
 * lists them, fetches one filled in with arguments, and hears about changes to the list.
 *
 * Spec: 2025-11-25/pages/server/prompts.mdx
 */

import type { BaseMetadata, Icons, NotificationParams, RequestParams, Result, Role } from './base.js';
import type { ContentBlock } from './content.js';
import type { JSONRPCNotification, JSONRPCRequest } from './jsonrpc.js';
import type { PaginatedRequest, PaginatedResult } from './pagination.js';

/** A prompt, possibly a template with arguments, that the server makes available. */
export interface Prompt extends BaseMetadata, Icons {
  /** What the prompt is for. */
  description?: string;
  /** The values the template can be filled in with. */
  arguments?: PromptArgument[];
  /** Free-form metadata; MCP reserves some key prefixes for itself. */
  _meta?: { [key: string]: unknown };
}

/** One value a prompt template accepts. */
export interface PromptArgument extends BaseMetadata {
  /** What the argument means, for people. */
  description?: string;
  /** True when the prompt cannot be produced without this argument. */
  required?: boolean;
}

/**
 * One message of a filled-in prompt. Like a sampling message, but its content may also embed
 * or link server resources.
 */
export interface PromptMessage {
  /** Who speaks this message. */
  role: Role;
  /** What the message says. */
  content: ContentBlock;
}

/**
 * Asks the server for the prompts and prompt templates it offers, one page at a time.
 * @mcpResult ListPromptsResult
 * @mcpCapability server.prompts
 */
export interface ListPromptsRequest extends PaginatedRequest {
  /** Always `prompts/list`. */
  method: 'prompts/list';
}

/** One page of the server's prompts. */
export interface ListPromptsResult extends PaginatedResult {
  /** The prompts on this page. */
  prompts: Prompt[];
}

/**
 * Asks the server for one prompt, with its template filled in from the given arguments.
 * @mcpResult GetPromptResult
 * @mcpCapability server.prompts
 */
export interface GetPromptRequest extends JSONRPCRequest {
  /** Always `prompts/get`. */
  method: 'prompts/get';
  /** Which prompt, with which arguments. */
  params: GetPromptRequestParams;
}

/** Which prompt to get and the values to fill it with. */
export interface GetPromptRequestParams extends RequestParams {
  /** Name of the prompt, as listed by `prompts/list`. */
  name: string;
  /** Values for the template's arguments, keyed by argument name. */
  arguments?: { [key: string]: string };
}

/** A prompt ready for use: the messages produced from the template. */
export interface GetPromptResult extends Result {
  /** What this prompt is for. */
  description?: string;
  /** The messages, in order. */
  messages: PromptMessage[];
}

/**
 * Tells the client that the server's set of prompts changed, so it may list them again. Sent
 * without any prior subscription.
 * @mcpCapability server.prompts.listChanged
 */
export interface PromptListChangedNotification extends JSONRPCNotification {
  /** Always `notifications/prompts/list_changed`. */
  method: 'notifications/prompts/list_changed';
  /** Carries nothing but optional metadata. */
  params?: NotificationParams;
}
