// Copied by tools/codegen from schema/2026-07-28/unions.ts. Edit the source, then run `pnpm codegen`.
/**
 * The per-direction unions of messages and results, used to dispatch and to derive which side
 * sends what. Also the two plain aliases of Result.
 *
 * Source: `2026-07-28/schema.json`, `2026-07-28/pages/basic/index.mdx`. Only the client sends
 * requests; the server answers and sends notifications. Requests a server needs answered travel
 * as InputRequests inside results (see `mrtr.ts`).
 *
 * Declaration order in this file is deliberate: typescript-json-schema emits an alias of a named
 * type as a `$ref` only when that type was already referenced earlier, so ClientNotification comes
 * before ServerNotification (inlined, as in the official schema) and EmptyResult / ClientResult
 * come after ServerResult (emitted as `$ref` to Result, as in the official schema).
 */

import type { Result } from './base.js';
import type { CancelledNotification } from './cancellation.js';
import type { CompleteRequest, CompleteResult } from './completion.js';
import type { DiscoverRequest, DiscoverResult } from './discover.js';
import type { LoggingMessageNotification } from './logging.js';
import type { InputRequiredResult } from './mrtr.js';
import type { ProgressNotification } from './progress.js';
import type { GetPromptRequest, GetPromptResult, ListPromptsRequest, ListPromptsResult, PromptListChangedNotification } from './prompts.js';
import type {
  ListResourceTemplatesRequest,
  ListResourceTemplatesResult,
  ListResourcesRequest,
  ListResourcesResult,
  ReadResourceRequest,
  ReadResourceResult,
  ResourceListChangedNotification,
  ResourceUpdatedNotification,
} from './resources.js';
import type {
  SubscriptionsAcknowledgedNotification,
  SubscriptionsListenRequest,
  SubscriptionsListenResult,
} from './subscriptions.js';
import type { CallToolRequest, CallToolResult, ListToolsRequest, ListToolsResult, ToolListChangedNotification } from './tools.js';

/**
 * Every request a client may send to a server.
 */
export type ClientRequest =
  | DiscoverRequest
  | ListResourcesRequest
  | ListResourceTemplatesRequest
  | ReadResourceRequest
  | SubscriptionsListenRequest
  | ListPromptsRequest
  | GetPromptRequest
  | ListToolsRequest
  | CallToolRequest
  | CompleteRequest;

/**
 * Every notification a client may send to a server: only cancellation (used on stdio).
 */
export type ClientNotification = CancelledNotification;

/**
 * Every notification a server may send to a client: progress and log messages on a request's
 * own stream, listen-stream notifications, and (stdio only) cancellation of a listen stream.
 */
export type ServerNotification =
  | CancelledNotification
  | ProgressNotification
  | ResourceListChangedNotification
  | SubscriptionsAcknowledgedNotification
  | ResourceUpdatedNotification
  | PromptListChangedNotification
  | ToolListChangedNotification
  | LoggingMessageNotification;

/**
 * Every result a server may return, including the generic Result and the InputRequiredResult of
 * the multi round-trip pattern.
 */
export type ServerResult =
  | Result
  | InputRequiredResult
  | DiscoverResult
  | ListResourcesResult
  | ListResourceTemplatesResult
  | ReadResourceResult
  | SubscriptionsListenResult
  | ListPromptsResult
  | GetPromptResult
  | ListToolsResult
  | CallToolResult
  | CompleteResult;

/**
 * A result that carries nothing beyond the common fields (`resultType` and optional `_meta`).
 */
export type EmptyResult = Result;

/**
 * Results a client produces as JSON-RPC responses. The client answers no requests in this
 * revision, so only the generic shape remains; its answers to input requests are InputResponses.
 */
export type ClientResult = Result;
