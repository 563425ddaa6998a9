// Copied by tools/codegen from schema/2026-07-28/sampling.ts. Edit the source, then run `pnpm codegen`.
/**
 * Sampling (deprecated): a server asks the client to run its language model. In this revision
 * it is only an input request inside an InputRequiredResult, answered in the retry.
 *
 * Source: `2026-07-28/pages/client/sampling.mdx`, `2026-07-28/pages/deprecated.mdx`,
 * `2026-07-28/schema.json`. Tool use in sampling needs the `sampling.tools` client capability;
 * `includeContext` other than `"none"` needs `sampling.context`.
 */

import type { Request, Role } from './base.js';
import type { AudioContent, ContentBlock, ImageContent, TextContent } from './content.js';
import type { JSONObject } from './json.js';
import type { MetaObject } from './meta.js';
import type { Tool } from './tools.js';

/**
 * The model asks for a tool to be run (sampling with tools).
 */
export interface ToolUseContent {
  /** Discriminator: always `"tool_use"`. */
  type: 'tool_use';
  /** Identifier of this call, which the matching tool result repeats in `toolUseId`. */
  id: string;
  /** Name of the tool to run. */
  name: string;
  /** Arguments for the tool, matching its input schema. */
  input: { [key: string]: unknown };
  /** Free metadata; clients should keep it when replaying the call, to help caching. */
  _meta?: MetaObject;
}

/**
 * The outcome of a tool call, sent back to the model in a user message.
 */
export interface ToolResultContent {
  /** Discriminator: always `"tool_result"`. */
  type: 'tool_result';
  /** The `id` of the ToolUseContent this answers. */
  toolUseId: string;
  /** The unstructured outcome, in the same form as a CallToolResult's `content`. */
  content: ContentBlock[];
  /** The structured outcome: any JSON value, which should match the tool's `outputSchema`. */
  structuredContent?: unknown;
  /** True when the tool call failed; false when absent. */
  isError?: boolean;
  /** Free metadata; clients should keep it when replaying the result, to help caching. */
  _meta?: MetaObject;
}

/**
 * One block of a sampling message: text, image, audio, a tool call or a tool result.
 */
export type SamplingMessageContentBlock = TextContent | ImageContent | AudioContent | ToolUseContent | ToolResultContent;

/**
 * One turn of the conversation sent to, or produced by, the model. A user turn that returns tool
 * results holds nothing but tool results.
 */
export interface SamplingMessage {
  /** Who speaks in this turn. */
  role: Role;
  /** The content of the turn: a single block or a list of blocks. */
  content: SamplingMessageContentBlock | SamplingMessageContentBlock[];
  /** Free metadata about the message. */
  _meta?: MetaObject;
}

/**
 * A hint about which model to use. Clients may interpret keys not defined here as they see fit.
 */
export interface ModelHint {
  /**
   * A piece of a model name to match, e.g. `sonnet`; the client may map it to a comparable model
   * of another provider.
   */
  name?: string;
}

/**
 * How the server would weigh models against each other. The client decides; these are advice.
 */
export interface ModelPreferences {
  /** Name hints, tried in order, first match wins; they outrank the numeric priorities. */
  hints?: ModelHint[];
  /**
   * How much low cost matters, from 0 (not at all) to 1 (most).
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  costPriority?: number;
  /**
   * How much low latency matters, from 0 (not at all) to 1 (most).
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  speedPriority?: number;
  /**
   * How much capability matters, from 0 (not at all) to 1 (most).
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  intelligencePriority?: number;
}

/**
 * Whether and how the model may use the offered tools.
 */
export interface ToolChoice {
  /**
   * `"auto"` lets the model decide (the default), `"required"` makes it call at least one tool,
   * `"none"` forbids tool calls.
   */
  mode?: 'auto' | 'required' | 'none';
}

/**
 * Parameters of `sampling/createMessage`.
 */
export interface CreateMessageRequestParams {
  /** The conversation to continue. */
  messages: SamplingMessage[];
  /** Which model the server would prefer; the client may ignore this. */
  modelPreferences?: ModelPreferences;
  /** System prompt the server would like; the client may change or drop it. */
  systemPrompt?: string;
  /**
   * Context from MCP servers to add to the prompt: `"none"` (the default), or the deprecated
   * `"thisServer"` / `"allServers"`, which need the `sampling.context` capability.
   */
  includeContext?: 'none' | 'thisServer' | 'allServers';
  /**
   * Sampling temperature to use.
   * @TJS-type number
   */
  temperature?: number;
  /** Upper bound on the number of tokens to generate; the client must respect it. */
  maxTokens: number;
  /** Sequences that end generation when produced. */
  stopSequences?: string[];
  /** Provider-specific metadata to pass through to the model provider. */
  metadata?: JSONObject;
  /** Tools the model may call while generating; needs the `sampling.tools` capability. */
  tools?: Tool[];
  /** How the model may use `tools` (`auto` when absent); needs the `sampling.tools` capability. */
  toolChoice?: ToolChoice;
}

/**
 * Asks the client to sample its model. The user should be able to review both the request and the
 * answer. Appears only inside an InputRequiredResult. Deprecated.
 * @mcpResult CreateMessageResult
 * @mcpCapability client.sampling
 */
export interface CreateMessageRequest extends Request {
  /** Always `"sampling/createMessage"`. */
  method: 'sampling/createMessage';
  /** The conversation and the generation settings. */
  params: CreateMessageRequestParams;
}

/**
 * The message the model produced, returned in `inputResponses`. There is no error slot: a client
 * that will not sample simply does not retry.
 */
export interface CreateMessageResult extends SamplingMessage {
  /** Name of the model that produced the message. */
  model: string;
  /**
   * Why generation ended, when known: typically `endTurn`, `stopSequence`, `maxTokens` or
   * `toolUse`, but providers may report other values.
   */
  stopReason?: string;
}
