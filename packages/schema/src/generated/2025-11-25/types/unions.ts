// Copied by tools/codegen from schema/2025-11-25/unions.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: which messages each side may send. In this revision both sides send
 * requests: the client uses the server's features, the server asks the client for sampling,
 * elicitation and roots, and either side may ping or manage tasks it created.
 *
 * The method catalogue derives each method's direction from these unions.
 */

import type { Result } from './base.js';
import type { CancelledNotification } from './cancellation.js';
import type { CompleteRequest, CompleteResult } from './completion.js';
import type { ElicitRequest, ElicitResult, ElicitationCompleteNotification } from './elicitation.js';
import type { InitializeRequest, InitializeResult, InitializedNotification } from './lifecycle.js';
import type { LoggingMessageNotification, SetLevelRequest } from './logging.js';
import type { PingRequest } from './ping.js';
import type { ProgressNotification } from './progress.js';
import type {
  GetPromptRequest,
  GetPromptResult,
  ListPromptsRequest,
  ListPromptsResult,
  PromptListChangedNotification,
} from './prompts.js';
import type {
  ListResourceTemplatesRequest,
  ListResourceTemplatesResult,
  ListResourcesRequest,
  ListResourcesResult,
  ReadResourceRequest,
  ReadResourceResult,
  ResourceListChangedNotification,
  ResourceUpdatedNotification,
  SubscribeRequest,
  UnsubscribeRequest,
} from './resources.js';
import type { ListRootsRequest, ListRootsResult, RootsListChangedNotification } from './roots.js';
import type { CreateMessageRequest, CreateMessageResult } from './sampling.js';
import type {
  CancelTaskRequest,
  CancelTaskResult,
  GetTaskPayloadRequest,
  GetTaskPayloadResult,
  GetTaskRequest,
  GetTaskResult,
  ListTasksRequest,
  ListTasksResult,
  TaskStatusNotification,
} from './tasks.js';
import type {
  CallToolRequest,
  CallToolResult,
  ListToolsRequest,
  ListToolsResult,
  ToolListChangedNotification,
} from './tools.js';

/** Every request a client may send to a server. */
export type ClientRequest =
  | InitializeRequest
  | PingRequest
  | ListResourcesRequest
  | ListResourceTemplatesRequest
  | ReadResourceRequest
  | SubscribeRequest
  | UnsubscribeRequest
  | ListPromptsRequest
  | GetPromptRequest
  | ListToolsRequest
  | CallToolRequest
  | GetTaskRequest
  | GetTaskPayloadRequest
  | CancelTaskRequest
  | ListTasksRequest
  | SetLevelRequest
  | CompleteRequest;

/** Every notification a client may send to a server. */
export type ClientNotification =
  | CancelledNotification
  | InitializedNotification
  | ProgressNotification
  | TaskStatusNotification
  | RootsListChangedNotification;

/**
 * Every result a client may return to a server's request. The bare `Result` covers empty
 * answers (ping) and task creation acknowledgements.
 */
export type ClientResult =
  | Result
  | GetTaskResult
  | GetTaskPayloadResult
  | CancelTaskResult
  | ListTasksResult
  | CreateMessageResult
  | ListRootsResult
  | ElicitResult;

/** Every request a server may send to a client. */
export type ServerRequest =
  | PingRequest
  | GetTaskRequest
  | GetTaskPayloadRequest
  | CancelTaskRequest
  | ListTasksRequest
  | CreateMessageRequest
  | ListRootsRequest
  | ElicitRequest;

/** Every notification a server may send to a client. */
export type ServerNotification =
  | CancelledNotification
  | ProgressNotification
  | ResourceListChangedNotification
  | ResourceUpdatedNotification
  | PromptListChangedNotification
  | ToolListChangedNotification
  | TaskStatusNotification
  | LoggingMessageNotification
  | ElicitationCompleteNotification;

/**
 * Every result a server may return to a client's request. The bare `Result` covers empty
 * answers (ping, setLevel, subscribe) and task creation acknowledgements.
 */
export type ServerResult =
  | Result
  | InitializeResult
  | ListResourcesResult
  | ListResourceTemplatesResult
  | ReadResourceResult
  | ListPromptsResult
  | GetPromptResult
  | ListToolsResult
  | CallToolResult
  | GetTaskResult
  | GetTaskPayloadResult
  | CancelTaskResult
  | ListTasksResult
  | CompleteResult;
