import type { JsonObject } from '@mcpkit/jsonrpc';
import type {
  CallToolResult,
  CompleteResult,
  DiscoverResult,
  GetPromptResult,
  InputRequests,
  InputResponses,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ListToolsResult,
  Prompt,
  PromptListChangedNotification,
  ReadResourceResult,
  Resource,
  ResourceListChangedNotification,
  ResourceTemplate,
  ResourceUpdatedNotification,
  SubscriptionFilter,
  SubscriptionsAcknowledgedNotification,
  Tool,
  ToolListChangedNotification,
} from '@mcpkit/schema';
import type { CallOptions, CallToolParams, CompleteParams, GetPromptParams, InputCallOptions, ListParams, ReadResourceParams } from './options.js';

/**
 * The client surface shared by both eras. `ModernClient` implements it for 2026-07-28; the legacy
 * session client of `@mcpkit/legacy` implements it for 2025-11-25, so a host written against
 * `McpClient` works with either. What only one era has is on that era's client alone (narrow on
 * `era`): `ModernClient.step()`; `LegacyClient.ping()` and `LegacyClient.setLoggingLevel()`.
 *
 * Per-request options in the legacy era (a session declares its capabilities and log level once):
 * - `CallOptions.handlers` is **refused** (`UnsupportedInEraError`): the handlers given to the
 *   client answer the server's own requests for the whole session.
 * - `CallOptions.logLevel` is **ignored** (with one warning): use `LegacyClient.setLoggingLevel()` for the session.
 * - `CallOptions.cache` is ignored: legacy results carry no caching hints and are never cached.
 * - `InputCallOptions.maxInputRounds` / `inputDeadlineMs` are ignored: there are no input rounds, the server
 *   sends its own requests during the call (bounded by `timeoutMs` / `maxTotalTimeoutMs`).
 * - `signal`, `timeoutMs`, `maxTotalTimeoutMs` and `onProgress` work as in the modern era.
 */
export interface McpClient {
  /** `modern` (2026-07-28 and later, stateless) or `legacy` (2025-11-25 and earlier, a session). */
  readonly era: 'modern' | 'legacy';
  /** The protocol version in use (modern: sent on every request; legacy: negotiated by `initialize`). */
  readonly protocolVersion: string;

  /** The server's versions, capabilities, identity and instructions (legacy: from the initialize result). */
  discover(options?: CallOptions): Promise<DiscoverResult>;
  /** Calls a tool; input the server asks for is answered by the registered handlers. */
  callTool(params: CallToolParams, options?: InputCallOptions): Promise<CallToolResult>;
  /** Reads a resource. */
  readResource(params: ReadResourceParams, options?: InputCallOptions): Promise<ReadResourceResult>;
  /** Gets a prompt. */
  getPrompt(params: GetPromptParams, options?: InputCallOptions): Promise<GetPromptResult>;
  /** Asks for argument completions. */
  complete(params: CompleteParams, options?: CallOptions): Promise<CompleteResult>;

  /** One page of tools. */
  listTools(params?: ListParams, options?: CallOptions): Promise<ListToolsResult>;
  /** One page of prompts. */
  listPrompts(params?: ListParams, options?: CallOptions): Promise<ListPromptsResult>;
  /** One page of resources. */
  listResources(params?: ListParams, options?: CallOptions): Promise<ListResourcesResult>;
  /** One page of resource templates. */
  listResourceTemplates(params?: ListParams, options?: CallOptions): Promise<ListResourceTemplatesResult>;
  /** Every tool, page after page. */
  iterateTools(options?: CallOptions): AsyncIterableIterator<Tool>;
  /** Every prompt, page after page. */
  iteratePrompts(options?: CallOptions): AsyncIterableIterator<Prompt>;
  /** Every resource, page after page. */
  iterateResources(options?: CallOptions): AsyncIterableIterator<Resource>;
  /** Every resource template, page after page. */
  iterateResourceTemplates(options?: CallOptions): AsyncIterableIterator<ResourceTemplate>;

  /** Opens a stream of the notifications `filter` asks for (legacy: emulated with its session notifications). */
  listen(filter: SubscriptionFilter, options?: ListenOptions): ListenStream;
  /** Any request, with the protocol `_meta` added and the result checked; for methods without a typed call. */
  request(method: string, params?: Record<string, unknown>, options?: CallOptions): Promise<JsonObject>;
  /**
   * Tells the server the client's roots changed. Legacy: sends `notifications/roots/list_changed`
   * (needs a roots handler). Modern: a no-op, since roots are asked for inside each request.
   */
  rootsChanged(): Promise<void>;
  /** Ends every request and stream and closes the transport. */
  close(): Promise<void>;
}

/** The methods that may ask for input, with their params and final results. */
export interface InputMethods {
  'tools/call': { params: CallToolParams; result: CallToolResult };
  'prompts/get': { params: GetPromptParams; result: GetPromptResult };
  'resources/read': { params: ReadResourceParams; result: ReadResourceResult };
}
/** `tools/call`, `prompts/get` or `resources/read`. */
export type InputMethod = keyof InputMethods;

/** One round of a step-by-step request: finished, or waiting for input. */
export type Step<R> = CompleteStep<R> | InputStep<R>;

/** The request finished. */
export interface CompleteStep<R> {
  readonly kind: 'complete';
  readonly result: R;
}

/** The server needs input before it can finish; answer it (or not: dropping the step abandons the request). */
export interface InputStep<R> {
  readonly kind: 'input_required';
  /** 1 for the first `input_required` result, 2 for the next... */
  readonly round: number;
  /** The server's questions, by key; `{}` when it only sent `requestState` (retry at once). */
  readonly inputRequests: InputRequests;
  /** Whether the server sent `requestState` (the client echoes it; its content is the server's business). */
  readonly hasRequestState: boolean;
  /** Retries the request with these answers (same keys) and the exact `requestState`, as a new request. */
  respond(responses: InputResponses, options?: CallOptions): Promise<Step<R>>;
  /** Answers with the registered handlers, then retries. */
  answer(options?: CallOptions): Promise<Step<R>>;
}

/** How a listen stream behaves. */
export interface ListenOptions {
  /** Aborting it closes the stream. */
  signal?: AbortSignal;
  /** Listen again after an unexpected drop (not after a graceful end or a server error). `true` = defaults. */
  reconnect?: boolean | ReconnectOptions;
}

/** Backoff of `ListenOptions.reconnect`: `initialDelayMs * 2^n`, capped, with jitter. */
export interface ReconnectOptions {
  /** Default 250. */
  initialDelayMs?: number;
  /** Default 30 000. */
  maxDelayMs?: number;
  /** Consecutive failed attempts before giving up (reset by each acknowledgement). Default 10. */
  maxAttempts?: number;
  /** Told before each reconnect attempt. */
  onReconnect?: (attempt: number, error: Error) => void;
}

/** A notification delivered on a listen stream. */
export type ListenNotification =
  | SubscriptionsAcknowledgedNotification
  | ToolListChangedNotification
  | PromptListChangedNotification
  | ResourceListChangedNotification
  | ResourceUpdatedNotification;

/** What the server agreed to send, compared with what was asked. */
export interface ListenAcknowledgement {
  /** What was asked and granted. */
  readonly granted: SubscriptionFilter;
  /** What was asked and not granted (the server does not support it). */
  readonly denied: SubscriptionFilter;
}

/** An open subscription: iterate it for its notifications (acknowledgements included). */
export interface ListenStream extends AsyncIterableIterator<ListenNotification> {
  /** What was asked. */
  readonly filter: SubscriptionFilter;
  /** Resolves with the first acknowledgement; rejects if the stream ends before one. */
  readonly acknowledged: Promise<ListenAcknowledgement>;
  /** Ends the subscription (stdio: `notifications/cancelled`; HTTP: the stream is closed); iteration ends. */
  close(): void;
}
