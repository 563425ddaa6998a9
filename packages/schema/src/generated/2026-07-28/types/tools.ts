// Copied by tools/codegen from schema/2026-07-28/tools.ts. Edit the source, then run `pnpm codegen`.
/**
 * Tools: operations a server lets a model invoke, and the methods and notification around them.
 *
 * Source: `2026-07-28/pages/server/tools.mdx`, `2026-07-28/pages/basic/index.mdx` (JSON Schema
 * usage), `2026-07-28/schema.json`.
 */

import type { BaseMetadata, CacheableResult, Icons, NotificationParams, Result } from './base.js';
import type { ContentBlock } from './content.js';
import type { JSONRPCNotification, JSONRPCRequest, JSONRPCResultResponse } from './jsonrpc.js';
import type { MetaObject } from './meta.js';
import type { InputRequiredResult, InputResponseRequestParams } from './mrtr.js';
import type { PaginatedRequest, PaginatedResult } from './pagination.js';

/**
 * Behaviour hints about a tool. They are not guarantees: a client must not rely on them unless it
 * trusts the server.
 */
export interface ToolAnnotations {
  /** Display title of the tool; used when the tool itself has no `title`. */
  title?: string;
  /** True when the tool changes nothing in its environment. Treated as false when absent. */
  readOnlyHint?: boolean;
  /**
   * For tools that do change things: true when changes may destroy or overwrite, false when they
   * only add. Treated as true when absent.
   */
  destructiveHint?: boolean;
  /**
   * For tools that do change things: true when repeating a call with the same arguments has no
   * further effect. Treated as false when absent.
   */
  idempotentHint?: boolean;
  /**
   * True when the tool reaches an open set of outside entities (like web search), false when its
   * world is closed (like a local memory). Treated as true when absent.
   */
  openWorldHint?: boolean;
}

/**
 * A tool the server offers: its name, what it is for, and JSON Schemas for its arguments and
 * (optionally) its structured output. Names should be 1 to 128 characters of `[A-Za-z0-9_.-]`.
 */
export interface Tool extends BaseMetadata, Icons {
  /** What the tool does, written to help a model decide when and how to call it. */
  description?: string;
  /**
   * JSON Schema (2020-12 unless `$schema` says otherwise) for the `arguments` object. The root
   * must be `type: "object"`; any other keyword may appear. A tool without parameters uses
   * `{"type":"object","additionalProperties":false}` or `{"type":"object"}`.
   */
  inputSchema: {
    /** Dialect of the schema; 2020-12 when absent. */
    $schema?: string;
    /** Always `"object"`: tool arguments are a JSON object. */
    type: 'object';
    [key: string]: unknown;
  };
  /**
   * JSON Schema (2020-12 unless `$schema` says otherwise) that `structuredContent` of a result
   * must satisfy. Any schema is allowed, the root need not be an object.
   */
  outputSchema?: {
    /** Dialect of the schema; 2020-12 when absent. */
    $schema?: string;
    [key: string]: unknown;
  };
  /** Behaviour hints. For display, `title` wins over `annotations.title`, which wins over `name`. */
  annotations?: ToolAnnotations;
  /** Free metadata about the tool. */
  _meta?: MetaObject;
}

/**
 * Asks the server for (one page of) the tools it offers.
 * @mcpResult ListToolsResult
 * @mcpCapability server.tools
 */
export interface ListToolsRequest extends PaginatedRequest {
  /** Always `"tools/list"`. */
  method: 'tools/list';
}

/**
 * One page of the server's tools, with caching hints. The order should be stable.
 */
export interface ListToolsResult extends PaginatedResult, CacheableResult {
  /** The tools on this page. */
  tools: Tool[];
}

/**
 * The successful response to `tools/list`.
 */
export interface ListToolsResultResponse extends JSONRPCResultResponse {
  /** The page of tools. */
  result: ListToolsResult;
}

/**
 * Parameters of `tools/call`; a retry after an InputRequiredResult also carries the answers.
 */
export interface CallToolRequestParams extends InputResponseRequestParams {
  /** Name of the tool to run. */
  name: string;
  /** Argument values, as an object that should match the tool's `inputSchema`. */
  arguments?: { [key: string]: unknown };
}

/**
 * Runs one tool. The server may answer with an InputRequiredResult when it needs more input.
 * @mcpResult CallToolResult
 * @mcpName params.name
 * @mcpCapability server.tools
 */
export interface CallToolRequest extends JSONRPCRequest {
  /** Always `"tools/call"`. */
  method: 'tools/call';
  /** Which tool, with which arguments, plus any input responses of a retry. */
  params: CallToolRequestParams;
}

/**
 * What a tool call produced. Failures of the tool itself (its input validation included) come
 * back here with `isError: true` so the model can react; protocol problems are JSON-RPC errors.
 */
export interface CallToolResult extends Result {
  /** The unstructured output, as content blocks. */
  content: ContentBlock[];
  /**
   * The structured output: any JSON value, which must match `outputSchema` when the tool has one.
   * Servers should also put its serialized form in a text block.
   */
  structuredContent?: unknown;
  /** True when the tool call failed; false when absent. */
  isError?: boolean;
}

/**
 * The successful response to `tools/call`: the tool's output, or a request for more input.
 */
export interface CallToolResultResponse extends JSONRPCResultResponse {
  /** The tool's output, or what the server still needs before it can run the tool. */
  result: InputRequiredResult | CallToolResult;
}

/**
 * Tells a listener that the set of available tools changed. Sent only on a `subscriptions/listen`
 * stream that asked for `toolsListChanged`.
 * @mcpCapability server.tools.listChanged
 */
export interface ToolListChangedNotification extends JSONRPCNotification {
  /** Always `"notifications/tools/list_changed"`. */
  method: 'notifications/tools/list_changed';
  /** Only the `_meta` naming the listen stream. */
  params?: NotificationParams;
}
