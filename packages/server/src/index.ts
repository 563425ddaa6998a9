export { McpServer, createServer } from './server.js';
export type { ServerOptions, StateOptions } from './options.js';
export type { CapabilityOptions, CapabilitySwitch } from './registry/capabilities.js';
export { Registry, RegistryDraft, ItemList, type RegistryContents, type RegistryChanges } from './registry/registry.js';

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
export type { ErrorInfo, ListName } from './dispatch/core.js';
export type { DispatchAround, DispatchNext } from './dispatch/around.js';

export { inputRequired, InputRequired, type InputRequiredOptions } from './mrtr/input-required.js';
export { elicitForm, elicitUrl, createMessage, listRoots, type ElicitFormOptions, type ElicitUrlOptions } from './mrtr/builders.js';
export { InputResponsesReader, type ElicitAnswer } from './mrtr/input-responses.js';
export type { FormSchema, FormContent, FormFieldValue, FormRequired, DeepReadonly } from './mrtr/form-schema.js';
export { clientSupports } from './mrtr/capability-gate.js';

export { KeyRing, parseStateKeys, generateStateKey, STATE_KEYS_ENV, type StateKey } from './state/key-ring.js';
export { StateCodec, StateError, type StateBinding, type StateErrorReason, type OpenedState } from './state/sealed-state.js';
export { MemoryReplayGuard, type MemoryReplayGuardOptions, type ReplayGuard } from './state/replay-guard.js';

export { MemoryEventBus, type EventBus, type ExtensionEvent, type LostListener, type ServerEvent, type Unsubscribe } from './events/event-bus.js';

export type { ServerExtension, ExtensionMethod, ExtensionListen, ExtensionHost, DetachedContextInit } from './extensions/extension.js';
export { extensionResult, ExtensionResult } from './extensions/extension-result.js';

export { invalidParams, resourceNotFound, missingClientCapabilities, missingClientExtension } from './util/errors.js';
export type { Principal } from './util/principal.js';
export { ResponseError } from '@mcpkit/jsonrpc';
