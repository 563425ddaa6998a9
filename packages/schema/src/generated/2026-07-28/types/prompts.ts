// Copied by tools/codegen from schema/2026-07-28/prompts.ts. Edit the source, then run `pnpm codegen`.
/**
 * Prompts: message templates a server offers for the user to pick, and the methods and
 * notification around them.
 *
 * Source: `2026-07-28/pages/server/prompts.mdx`, `2026-07-28/schema.json`.
 */

import type { BaseMetadata, CacheableResult, Icons, NotificationParams, Result, Role } from './base.js';
import type { ContentBlock } from './content.js';
import type { JSONRPCNotification, JSONRPCRequest, JSONRPCResultResponse } from './jsonrpc.js';
import type { MetaObject } from './meta.js';
import type { InputRequiredResult, InputResponseRequestParams } from './mrtr.js';
import type { PaginatedRequest, PaginatedResult } from './pagination.js';

/**
 * One named argument a prompt template accepts.
 */
export interface PromptArgument extends BaseMetadata {
  /** What the argument means, for people. */
  description?: string;
  /** Whether `prompts/get` must supply this argument. */
  required?: boolean;
}

/**
 * A prompt or prompt template the server offers.
 */
export interface Prompt extends BaseMetadata, Icons {
  /** What the prompt is for. */
  description?: string;
  /** The arguments the template can be filled with. */
  arguments?: PromptArgument[];
  /** Free metadata about the prompt. */
  _meta?: MetaObject;
}

/**
 * One message of a resolved prompt: who says it and one content block. Unlike a sampling message
 * it may embed resources.
 */
export interface PromptMessage {
  /** Who the message is from. */
  role: Role;
  /** The single content block of the message. */
  content: ContentBlock;
}

/**
 * Asks the server for (one page of) the prompts it offers.
 * @mcpResult ListPromptsResult
 * @mcpCapability server.prompts
 */
export interface ListPromptsRequest extends PaginatedRequest {
  /** Always `"prompts/list"`. */
  method: 'prompts/list';
}

/**
 * One page of the server's prompts, with caching hints.
 */
export interface ListPromptsResult extends PaginatedResult, CacheableResult {
  /** The prompts on this page. */
  prompts: Prompt[];
}

/**
 * The successful response to `prompts/list`.
 */
export interface ListPromptsResultResponse extends JSONRPCResultResponse {
  /** The page of prompts. */
  result: ListPromptsResult;
}

/**
 * Parameters of `prompts/get`; a retry after an InputRequiredResult also carries the answers.
 */
export interface GetPromptRequestParams extends InputResponseRequestParams {
  /** Name of the prompt or template to resolve. */
  name: string;
  /** Values for the template's arguments, each a string. */
  arguments?: { [key: string]: string };
}

/**
 * Resolves a prompt into messages. Unknown names and missing required arguments get -32602; the
 * server may answer with an InputRequiredResult.
 * @mcpResult GetPromptResult
 * @mcpName params.name
 * @mcpCapability server.prompts
 */
export interface GetPromptRequest extends JSONRPCRequest {
  /** Always `"prompts/get"`. */
  method: 'prompts/get';
  /** Which prompt, with which arguments, plus any input responses of a retry. */
  params: GetPromptRequestParams;
}

/**
 * A resolved prompt, ready to hand to a model.
 */
export interface GetPromptResult extends Result {
  /** What the prompt is for. */
  description?: string;
  /** The messages the prompt consists of. */
  messages: PromptMessage[];
}

/**
 * The successful response to `prompts/get`: the messages, or a request for more input.
 */
export interface GetPromptResultResponse extends JSONRPCResultResponse {
  /** The resolved prompt, or what the server still needs before it can resolve it. */
  result: InputRequiredResult | GetPromptResult;
}

/**
 * Tells a listener that the set of available prompts changed. Sent only on a
 * `subscriptions/listen` stream that asked for `promptsListChanged`.
 * @mcpCapability server.prompts.listChanged
 */
export interface PromptListChangedNotification extends JSONRPCNotification {
  /** Always `"notifications/prompts/list_changed"`. */
  method: 'notifications/prompts/list_changed';
  /** Only the `_meta` naming the listen stream. */
  params?: NotificationParams;
}
