// Copied by tools/codegen from schema/2025-11-25/sampling.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: sampling. A server asks the client to run a model on a conversation it
 * supplies; the client keeps control of model choice and of user approval, and may let the
 * model call tools the server describes.
 *
 * Spec: 2025-11-25/pages/client/sampling.mdx
 */

import type { Result, Role } from './base.js';
import type { AudioContent, ContentBlock, ImageContent, TextContent } from './content.js';
import type { JSONRPCRequest } from './jsonrpc.js';
import type { TaskAugmentedRequestParams } from './tasks.js';
import type { Tool } from './tools.js';

/**
 * Sent by the server: asks the client to generate a model reply to the given messages. The
 * client picks the model and should let a person review both the request and the reply.
 * @mcpResult CreateMessageResult
 * @mcpCapability client.sampling
 */
export interface CreateMessageRequest extends JSONRPCRequest {
  /** Always `sampling/createMessage`. */
  method: 'sampling/createMessage';
  /** The conversation and generation settings. */
  params: CreateMessageRequestParams;
}

/** The conversation to continue and how to generate the reply. */
export interface CreateMessageRequestParams extends TaskAugmentedRequestParams {
  /** The conversation so far, oldest first. */
  messages: SamplingMessage[];
  /** What the server would like in a model; the client may disregard it. */
  modelPreferences?: ModelPreferences;
  /** A system prompt to use; the client may change or drop it. */
  systemPrompt?: string;
  /**
   * Whether to add context from MCP servers to the prompt: `none` (the default), this server
   * only, or all servers. The last two are soft-deprecated and need `sampling.context`.
   */
  includeContext?: 'none' | 'thisServer' | 'allServers';
  /**
   * Sampling temperature to use.
   * @TJS-type number
   */
  temperature?: number;
  /** Upper bound on the number of tokens to generate; the client may generate fewer. */
  maxTokens: number;
  /** Sequences that end generation when the model emits them. */
  stopSequences?: string[];
  /** Provider-specific settings passed through to the model provider untouched. */
  metadata?: object;
  /** Tools the model may call while generating; needs the client's `sampling.tools`. */
  tools?: Tool[];
  /**
   * Whether the model may, must or must not call tools (`auto` when absent); needs the client's
   * `sampling.tools`.
   */
  toolChoice?: ToolChoice;
}

/**
 * The client's answer to `sampling/createMessage`: the generated message and the model that
 * produced it. The client should let a person review it before returning it.
 */
export interface CreateMessageResult extends Result, SamplingMessage {
  /** Which model the client actually used. */
  model: string;
  /**
   * Why generation stopped, when known: `endTurn`, `stopSequence`, `maxTokens`, `toolUse`, or
   * any provider-specific value.
   */
  stopReason?: string;
}

/** One turn of a conversation sent to or received from a model. */
export interface SamplingMessage {
  /** Who speaks this turn. */
  role: Role;
  /** What the turn says: a single block or a list of blocks. */
  content: SamplingMessageContentBlock | SamplingMessageContentBlock[];
  /** Free-form metadata; MCP reserves some key prefixes for itself. */
  _meta?: { [key: string]: unknown };
}

/** Any block that may appear in a sampling message, including tool calls and their results. */
export type SamplingMessageContentBlock =
  | TextContent
  | ImageContent
  | AudioContent
  | ToolUseContent
  | ToolResultContent;

/**
 * What the server values when the client chooses a model. Priorities run from 0 (unimportant)
 * to 1 (most important); the client may weigh them as it likes.
 */
export interface ModelPreferences {
  /**
   * Model names to try, in order of preference; the first match wins, and hints outrank the
   * numeric priorities.
   */
  hints?: ModelHint[];
  /**
   * How much a cheap model matters.
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  costPriority?: number;
  /**
   * How much a fast (low-latency) model matters.
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  speedPriority?: number;
  /**
   * How much a capable model matters.
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  intelligencePriority?: number;
}

/** A hint for choosing a model. Members other than `name` are left to the client to interpret. */
export interface ModelHint {
  /**
   * A fragment of a model name (e.g. `sonnet` matches any model whose name contains it); the
   * client may map it to an equivalent model of another provider.
   */
  name?: string;
}

/** How the model may use the tools offered in a sampling request. */
export interface ToolChoice {
  /**
   * `auto`: the model decides (the default); `required`: it must call at least one tool;
   * `none`: it must not call any.
   */
  mode?: 'auto' | 'required' | 'none';
}

/** A call to a tool requested by the model during sampling. */
export interface ToolUseContent {
  /** Always `tool_use`. */
  type: 'tool_use';
  /** Identifier of this call, unique within the conversation; its result refers back to it. */
  id: string;
  /** Which tool the model wants to run. */
  name: string;
  /** Arguments for the tool, following its input schema. */
  input: { [key: string]: unknown };
  /**
   * Free-form metadata; clients should keep it when sending the call back in later sampling
   * requests, which helps caching.
   */
  _meta?: { [key: string]: unknown };
}

/** The outcome of a tool call, sent back to the model in a later sampling request. */
export interface ToolResultContent {
  /** Always `tool_result`. */
  type: 'tool_result';
  /** The `id` of the `tool_use` block this answers. */
  toolUseId: string;
  /** The unstructured output, in the same form as a `tools/call` result. */
  content: ContentBlock[];
  /** The structured output; should follow the tool's output schema when it has one. */
  structuredContent?: { [key: string]: unknown };
  /** True when the call failed and `content` describes the failure (false when absent). */
  isError?: boolean;
  /**
   * Free-form metadata; clients should keep it when sending the result back in later sampling
   * requests, which helps caching.
   */
  _meta?: { [key: string]: unknown };
}
