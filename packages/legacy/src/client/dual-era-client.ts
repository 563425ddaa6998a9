import {
  UnsupportedInEraError,
  type CallOptions,
  type CallToolParams,
  type CompleteParams,
  type GetPromptParams,
  type InputCallOptions,
  type InputMethod,
  type InputMethods,
  type ListenOptions,
  type ListenStream,
  type ListParams,
  type McpClient,
  type ModernClient,
  type ReadResourceParams,
  type Step,
} from '@mcpkit/client';
import type { JsonObject } from '@mcpkit/jsonrpc';
import {
  catalogue as modernCatalogue,
  type CallToolResult,
  type CompleteResult,
  type DiscoverResult,
  type GetPromptResult,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ListToolsResult,
  type LoggingLevel,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
  type SubscriptionFilter,
  type Tool,
} from '@mcpkit/schema';
import { catalogue as legacyCatalogue } from '@mcpkit/schema/2025-11-25';
import type { EraVerdict } from './era-cache.js';
import type { LegacyClient } from './legacy-client.js';

/** Methods only 2025-11-25 has (`initialize`, `ping`, `logging/setLevel`, `resources/subscribe`...). */
const LEGACY_ONLY = new Set(Object.keys(legacyCatalogue).filter((method) => !Object.hasOwn(modernCatalogue, method)));

/**
 * What `connect()` returns: one `McpClient` whichever era the server speaks, with the verdict that
 * chose it. Every call goes to the era's client (`ModernClient` or `LegacyClient`, also reachable
 * as `client`); a method the era does not have rejects with `UnsupportedInEraError` naming the era.
 *
 * @example
 * const client = await connect({ command: 'node', args: ['server.js'] }, { handlers });
 * console.log(client.era, client.protocolVersion, client.verdict.reason);
 */
export class DualEraClient implements McpClient {
  constructor(
    /** The era's own client. */
    readonly client: ModernClient | LegacyClient,
    /** How the era was found (`probe`, `cache` or `option`) and why. */
    readonly verdict: EraVerdict,
    /** Methods the modern client's extensions add (`tasks/get` of the tasks extension): sent in the modern era although they are also 2025-11-25 methods. */
    private readonly extensionMethods: ReadonlySet<string> = new Set(),
  ) {}

  /** `modern` or `legacy`. */
  get era(): 'modern' | 'legacy' {
    return this.client.era;
  }

  /** The protocol version in use. */
  get protocolVersion(): string {
    return this.client.protocolVersion;
  }

  /**
   * The server's versions, capabilities, identity and instructions (legacy: the `initialize`
   * result). After a modern probe, the probe's own `DiscoverResult` is served while its `ttlMs`
   * keeps it fresh (the modern client was handed it), so connecting and discovering costs one round trip.
   */
  discover(options?: CallOptions): Promise<DiscoverResult> {
    return this.client.discover(options);
  }

  /** Calls a tool; input the server asks for (MRTR or server-initiated) goes to the handlers. */
  callTool(params: CallToolParams, options?: InputCallOptions): Promise<CallToolResult> {
    return this.client.callTool(params, options);
  }

  /** Reads a resource. */
  readResource(params: ReadResourceParams, options?: InputCallOptions): Promise<ReadResourceResult> {
    return this.client.readResource(params, options);
  }

  /** Gets a prompt. */
  getPrompt(params: GetPromptParams, options?: InputCallOptions): Promise<GetPromptResult> {
    return this.client.getPrompt(params, options);
  }

  /** Asks for argument completions. */
  complete(params: CompleteParams, options?: CallOptions): Promise<CompleteResult> {
    return this.client.complete(params, options);
  }

  /** One page of tools. */
  listTools(params?: ListParams, options?: CallOptions): Promise<ListToolsResult> {
    return this.client.listTools(params, options);
  }

  /** One page of prompts. */
  listPrompts(params?: ListParams, options?: CallOptions): Promise<ListPromptsResult> {
    return this.client.listPrompts(params, options);
  }

  /** One page of resources. */
  listResources(params?: ListParams, options?: CallOptions): Promise<ListResourcesResult> {
    return this.client.listResources(params, options);
  }

  /** One page of resource templates. */
  listResourceTemplates(params?: ListParams, options?: CallOptions): Promise<ListResourceTemplatesResult> {
    return this.client.listResourceTemplates(params, options);
  }

  /** Every tool. */
  iterateTools(options?: CallOptions): AsyncIterableIterator<Tool> {
    return this.client.iterateTools(options);
  }

  /** Every prompt. */
  iteratePrompts(options?: CallOptions): AsyncIterableIterator<Prompt> {
    return this.client.iteratePrompts(options);
  }

  /** Every resource. */
  iterateResources(options?: CallOptions): AsyncIterableIterator<Resource> {
    return this.client.iterateResources(options);
  }

  /** Every resource template. */
  iterateResourceTemplates(options?: CallOptions): AsyncIterableIterator<ResourceTemplate> {
    return this.client.iterateResourceTemplates(options);
  }

  /** Notifications the filter asks for (modern: `subscriptions/listen`; legacy: subscriptions and list-changed on the session). */
  listen(filter: SubscriptionFilter, options?: ListenOptions): ListenStream {
    return this.client.listen(filter, options);
  }

  /** Step-by-step input rounds (modern only). */
  step<M extends InputMethod>(method: M, params: InputMethods[M]['params'], options?: CallOptions): Promise<Step<InputMethods[M]['result']>> {
    return this.client.step(method, params, options);
  }

  /** Any request of the era; a method of the other era only rejects with `UnsupportedInEraError`. */
  async request(method: string, params?: Record<string, unknown>, options?: CallOptions): Promise<JsonObject> {
    if (this.client.era === 'modern' && LEGACY_ONLY.has(method) && !this.extensionMethods.has(method))
      throw new UnsupportedInEraError(method, 'modern', this.protocolVersion);
    return this.client.request(method, params, options);
  }

  /** `ping` (legacy only). */
  ping(options?: CallOptions): Promise<void> {
    return this.client.ping(options);
  }

  /** `logging/setLevel` (legacy only; modern requests opt in with `CallOptions.logLevel`). */
  setLoggingLevel(level: LoggingLevel, options?: CallOptions): Promise<void> {
    return this.client.setLoggingLevel(level, options);
  }

  /**
   * Tells the server the roots changed. Legacy: `notifications/roots/list_changed`. Modern: nothing
   * to send, since the server asks for roots inside each request that needs them.
   */
  rootsChanged(): Promise<void> {
    return this.client.rootsChanged();
  }

  /** Ends every request and stream and closes the transport. */
  close(): Promise<void> {
    return this.client.close();
  }
}
