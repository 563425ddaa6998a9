/**
 * `@mcpkit/server`: authoring an MCP server: `createServer`, tools, resources, prompts and
 * completions, their results and errors, and input requests (MRTR). Extension authoring
 * (`./extension`), sealed state and its keys (`./state`), the event bus (`./events`) and the
 * registry behind a server (`./registry`) have their own entries.
 */
export { createServer, type McpServer } from './server.js';
export type { ServerOptions, StateOptions } from './options.js';
export type { CapabilityOptions, CapabilitySwitch } from './registry/capabilities.js';

export {
  tool,
  type ToolConfig,
  type ToolDefinition,
  type ToolHandler,
  type ToolResult,
  type ToolSchema,
  type ArgsOf,
  type SchemaCheck,
} from './definitions/tool.js';
export { prompt, type PromptConfig, type PromptDefinition, type PromptHandler, type PromptResult } from './definitions/prompt.js';
export {
  resource,
  resourceTemplate,
  type CacheHint,
  type ContentsItem,
  type ReadResult,
  type ResourceConfig,
  type ResourceDefinition,
  type ResourceReader,
  type ResourceTemplateConfig,
  type ResourceTemplateDefinition,
  type TemplateReader,
} from './definitions/resource.js';
export type { Completer, Completers, CompletionAnswer, CompletionContext } from './definitions/completion.js';
export type { UriTemplate } from './definitions/uri-template.js';
export type { JsonSchemaObject, CompiledJsonSchema, JsonSchemaDialect, JsonSchemaValidator } from '@mcpkit/schema/json-schema';
export { evalFreeValidator } from '@mcpkit/schema/json-schema';

export { RequestContext, type RequestMeta } from './dispatch/request-context.js';
export type { ErrorInfo } from './dispatch/core.js';

export { inputRequired, InputRequired, type InputRequiredOptions } from './mrtr/input-required.js';
export { elicitForm, elicitUrl, createMessage, listRoots, type ElicitFormOptions, type ElicitUrlOptions } from './mrtr/builders.js';
export { InputResponsesReader, type ElicitAnswer } from './mrtr/input-responses.js';
export type { FormSchema, FormContent, FormFieldValue, FormRequired, DeepReadonly } from './mrtr/form-schema.js';
export { clientSupports } from './mrtr/capability-gate.js';

export { invalidParams, resourceNotFound, missingClientCapabilities, missingClientExtension } from './util/errors.js';
export type { Principal } from './util/principal.js';
export { ResponseError } from '@mcpkit/jsonrpc';
// The jsonrpc types this package's signatures use, nameable without a direct @mcpkit/jsonrpc dependency.
export type {
  Dispatcher,
  DispatchContext,
  JsonObject,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  MessageContext,
  PeerChannel,
  RequestId,
  TransportInfo,
} from '@mcpkit/jsonrpc';
