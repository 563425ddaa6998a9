// Copied by tools/codegen from schema/2025-11-25/tools.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: tools, functions a server lets the model call. The client lists them with
 * `tools/list`, invokes one with `tools/call` (optionally as a task), and hears about changes to
 * the list through `notifications/tools/list_changed`.
 *
 * Spec: 2025-11-25/pages/server/tools.mdx
 */

import type { BaseMetadata, Icons, NotificationParams, Result } from './base.js';
import type { ContentBlock } from './content.js';
import type { JSONRPCNotification, JSONRPCRequest } from './jsonrpc.js';
import type { PaginatedRequest, PaginatedResult } from './pagination.js';
import type { TaskAugmentedRequestParams } from './tasks.js';

/** A callable function the server offers, with the JSON Schemas of its input and output. */
export interface Tool extends BaseMetadata, Icons {
  /** What the tool does, in words a model can use to decide when to call it. */
  description?: string;
  /** JSON Schema (an object schema) that the call's `arguments` must satisfy. */
  inputSchema: {
    /** Dialect of this schema; JSON Schema 2020-12 when absent. */
    $schema?: string;
    /** Always `object`: arguments are a JSON object. */
    type: 'object';
    /** Schema of each argument, keyed by argument name. */
    properties?: { [key: string]: object };
    /** Names of the arguments that must be given. */
    required?: string[];
  };
  /**
   * JSON Schema (an object schema) that `structuredContent` of a result will satisfy; when
   * given, the server must return structured results conforming to it.
   */
  outputSchema?: {
    /** Dialect of this schema; JSON Schema 2020-12 when absent. */
    $schema?: string;
    /** Always `object`: structured output is a JSON object. */
    type: 'object';
    /** Schema of each output member, keyed by member name. */
    properties?: { [key: string]: object };
    /** Names of the output members that are always present. */
    required?: string[];
  };
  /**
   * Behaviour hints for clients. For display, prefer `title`, then `annotations.title`, then
   * `name`.
   */
  annotations?: ToolAnnotations;
  /** How the tool may be run, for example whether it can run as a task. */
  execution?: ToolExecution;
  /** Free-form metadata; MCP reserves some key prefixes for itself. */
  _meta?: { [key: string]: unknown };
}

/**
 * Self-described traits of a tool. They are only hints, not guarantees; a client must not base
 * trust decisions on hints from a server it does not trust.
 */
export interface ToolAnnotations {
  /** A display name for the tool. */
  title?: string;
  /** True when the tool changes nothing in its environment (assumed false when absent). */
  readOnlyHint?: boolean;
  /**
   * For a tool that writes: true when it may destroy or overwrite data, false when it only adds
   * (assumed true when absent).
   */
  destructiveHint?: boolean;
  /**
   * For a tool that writes: true when repeating a call with the same arguments has no further
   * effect (assumed false when absent).
   */
  idempotentHint?: boolean;
  /**
   * True when the tool reaches outside a closed set of entities, as web search does (assumed
   * true when absent).
   */
  openWorldHint?: boolean;
}

/** How a tool may be executed. */
export interface ToolExecution {
  /**
   * Whether a `tools/call` of this tool may (`optional`), must (`required`) or must not
   * (`forbidden`, the meaning when absent) be run as a task.
   */
  taskSupport?: 'forbidden' | 'optional' | 'required';
}

/**
 * Asks the server for the tools it offers, one page at a time.
 * @mcpResult ListToolsResult
 * @mcpCapability server.tools
 */
export interface ListToolsRequest extends PaginatedRequest {
  /** Always `tools/list`. */
  method: 'tools/list';
}

/** One page of the server's tools. */
export interface ListToolsResult extends PaginatedResult {
  /** The tools on this page. */
  tools: Tool[];
}

/**
 * Asks the server to run one of its tools with the given arguments. With a `task` field the
 * server may instead answer with a task to poll.
 * @mcpResult CallToolResult
 * @mcpCapability server.tools
 */
export interface CallToolRequest extends JSONRPCRequest {
  /** Always `tools/call`. */
  method: 'tools/call';
  /** Which tool to run, with what. */
  params: CallToolRequestParams;
}

/** Which tool to run and its arguments. */
export interface CallToolRequestParams extends TaskAugmentedRequestParams {
  /** Name of the tool, as listed by `tools/list`. */
  name: string;
  /** Argument values, expected to satisfy the tool's `inputSchema`. */
  arguments?: { [key: string]: unknown };
}

/**
 * The outcome of running a tool. Failures of the tool itself are reported here with
 * `isError: true` so the model can see them; protocol problems are JSON-RPC errors instead.
 */
export interface CallToolResult extends Result {
  /** The unstructured output, as content blocks. */
  content: ContentBlock[];
  /** The structured output as a JSON object, conforming to `outputSchema` when one is declared. */
  structuredContent?: { [key: string]: unknown };
  /** True when the tool failed; false or absent means it succeeded. */
  isError?: boolean;
}

/**
 * Tells the client that the server's set of tools changed, so it may list them again. Sent
 * without any prior subscription.
 * @mcpCapability server.tools.listChanged
 */
export interface ToolListChangedNotification extends JSONRPCNotification {
  /** Always `notifications/tools/list_changed`. */
  method: 'notifications/tools/list_changed';
  /** Carries nothing but optional metadata. */
  params?: NotificationParams;
}
