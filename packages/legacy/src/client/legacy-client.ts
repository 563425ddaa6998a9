import {
  UnsupportedInEraError,
  type CallOptions,
  type CallToolParams,
  type CompleteParams,
  type GetPromptParams,
  type InputCallOptions,
  type ListenOptions,
  type ListenStream,
  type ListParams,
  type McpClient,
  type ReadResourceParams,
} from '@mcpkit/client';
import { compileOutputSchema, ToolOutputChecker, walkList } from '@mcpkit/client/internal';
import type { JsonObject, MessageTransport } from '@mcpkit/jsonrpc';
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
import { catalogue as legacyCatalogue, type InitializeResult } from '@mcpkit/schema/2025-11-25';
import { FEATURE_SINCE, missingFeature } from '../shared/revisions.js';
import { UnsupportedInRevisionError } from './errors.js';
import { discoverView } from './legacy-handshake.js';
import { LegacyListen } from './legacy-listen.js';
import { checkLegacyResult } from './legacy-results.js';
import { LegacySession, type RawRequest } from './legacy-session.js';
import type { LegacySessionOptions } from './session-options.js';
import { SubscriptionHolds } from './subscription-holds.js';
import { version as PACKAGE_VERSION } from '../../package.json';

/** How a `LegacyClient` behaves. */
export interface LegacyClientOptions extends LegacySessionOptions {
  /** Validate every result against the 2025-11-25 schema (default true). */
  validateResults?: boolean;
  /** The session's log level, sent with `logging/setLevel` after `initialize` when the server declares `logging`. */
  logLevel?: LoggingLevel;
}

/** Methods of the modern era that 2025-11-25 does not have (`server/discover`, `subscriptions/listen`). */
const MODERN_ONLY = new Set(Object.keys(modernCatalogue).filter((method) => !Object.hasOwn(legacyCatalogue, method)));

/**
 * The 2025-11-25 client: one session over any transport (stdio, the legacy HTTP transport...),
 * behind the same `McpClient` surface as `ModernClient`. Server-initiated `elicitation/create`,
 * `sampling/createMessage` and `roots/list` are answered by the same `InputHandlers`; `listen()`
 * maps onto `resources/subscribe` and the session's list-changed notifications; `discover()` is the
 * `initialize` result. What the era lacks (`step()`) is absent; `request()` of a modern-only method
 * rejects with `UnsupportedInEraError`.
 *
 * @example
 * const client = new LegacyClient(new StdioClientTransport({ command: 'legacy-server' }), { handlers });
 * await client.initialize();
 * const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
 */
export class LegacyClient implements McpClient {
  readonly era: 'legacy' = 'legacy';
  private readonly session: LegacySession;
  private readonly holds: SubscriptionHolds;
  private readonly streams = new Set<LegacyListen>();
  /** The output schemas of the tools listed (server/tools.mdx "Output Schema", same in 2025-11-25). */
  private readonly outputs = new ToolOutputChecker(() => compileOutputSchema);
  private readonly validate: boolean;
  private logLevel: LoggingLevel | undefined;

  constructor(transport: MessageTransport, options: LegacyClientOptions = {}) {
    this.session = new LegacySession(transport, options, { name: '@mcpkit/legacy', version: PACKAGE_VERSION });
    this.validate = options.validateResults ?? true;
    this.logLevel = options.logLevel;
    this.holds = new SubscriptionHolds(
      (method, uri) => this.session.request(method, { uri }),
      (message) => this.session.warn(message),
    );
    this.session.onInitialized((request) => this.restore(request));
    this.session.onToolListChanged(() => this.outputs.clear());
    this.session.connection.onClose((error) => {
      for (const stream of [...this.streams]) stream.fail(error);
    });
  }

  /** The negotiated protocol version (before `initialize`: the one it will ask for). */
  get protocolVersion(): string {
    return this.session.protocolVersion;
  }

  /** The server's `initialize` answer, once the session is up. */
  get initializeResult(): InitializeResult | undefined {
    return this.session.initializeResult;
  }

  /** True once closed or the transport ended. */
  get closed(): boolean {
    return this.session.closed;
  }

  /** Runs the handshake (requests do it on their own; calling it first surfaces failures early). */
  initialize(): Promise<InitializeResult> {
    return this.session.initialize();
  }

  /** The `initialize` result in the `DiscoverResult` shape (no round trip). */
  async discover(): Promise<DiscoverResult> {
    return discoverView(await this.initialize());
  }

  /**
   * `tools/call`; server-initiated input requests during the call go to the handlers. When the tool
   * was listed with an `outputSchema`, `structuredContent` is checked against it (`OutputSchemaError`).
   */
  async callTool(params: CallToolParams, options?: InputCallOptions): Promise<CallToolResult> {
    const result = (await this.call('tools/call', params, options)) as CallToolResult;
    const checking = this.outputs.check(params.name, result);
    if (checking !== undefined) await checking;
    return result;
  }

  /** `resources/read`. */
  async readResource(params: ReadResourceParams, options?: InputCallOptions): Promise<ReadResourceResult> {
    return (await this.call('resources/read', params, options)) as ReadResourceResult;
  }

  /** `prompts/get`. */
  async getPrompt(params: GetPromptParams, options?: InputCallOptions): Promise<GetPromptResult> {
    return (await this.call('prompts/get', params, options)) as GetPromptResult;
  }

  /** `completion/complete`. */
  async complete(params: CompleteParams, options?: CallOptions): Promise<CompleteResult> {
    return (await this.call('completion/complete', params, options)) as CompleteResult;
  }

  /** One page of `tools/list` (its output schemas are remembered for `callTool`). */
  async listTools(params?: ListParams, options?: CallOptions): Promise<ListToolsResult> {
    const page = (await this.call('tools/list', params, options)) as ListToolsResult;
    this.outputs.learn(page.tools);
    return page;
  }

  /** One page of `prompts/list`. */
  async listPrompts(params?: ListParams, options?: CallOptions): Promise<ListPromptsResult> {
    return (await this.call('prompts/list', params, options)) as ListPromptsResult;
  }

  /** One page of `resources/list`. */
  async listResources(params?: ListParams, options?: CallOptions): Promise<ListResourcesResult> {
    return (await this.call('resources/list', params, options)) as ListResourcesResult;
  }

  /** One page of `resources/templates/list`. */
  async listResourceTemplates(params?: ListParams, options?: CallOptions): Promise<ListResourceTemplatesResult> {
    return (await this.call('resources/templates/list', params, options)) as ListResourceTemplatesResult;
  }

  /** Every tool, page after page. */
  iterateTools(options?: CallOptions): AsyncGenerator<Tool, void, undefined> {
    return walkList(
      'tools/list',
      (params) => this.listTools(params, options),
      (page) => page.tools,
    );
  }

  /** Every prompt, page after page. */
  iteratePrompts(options?: CallOptions): AsyncGenerator<Prompt, void, undefined> {
    return walkList(
      'prompts/list',
      (params) => this.listPrompts(params, options),
      (page) => page.prompts,
    );
  }

  /** Every resource, page after page. */
  iterateResources(options?: CallOptions): AsyncGenerator<Resource, void, undefined> {
    return walkList(
      'resources/list',
      (params) => this.listResources(params, options),
      (page) => page.resources,
    );
  }

  /** Every resource template, page after page. */
  iterateResourceTemplates(options?: CallOptions): AsyncGenerator<ResourceTemplate, void, undefined> {
    return walkList(
      'resources/templates/list',
      (params) => this.listResourceTemplates(params, options),
      (page) => page.resourceTemplates,
    );
  }

  /** The session's list-changed notifications and `resources/subscribe` updates, as a listen stream. */
  listen(filter: SubscriptionFilter, options?: ListenOptions): ListenStream {
    const stream = new LegacyListen(
      filter,
      {
        capabilities: async () => (await this.initialize()).capabilities,
        hold: (uri) => this.holds.hold(uri),
        release: (uri) => this.holds.release(uri, !this.session.closed),
        attach: (deliver) => this.session.onListenNotification(deliver),
        warn: (message) => this.session.warn(message),
      },
      (ended) => this.streams.delete(ended),
      options,
    );
    this.streams.add(stream);
    return stream;
  }

  /** Any 2025-11-25 request; a known method's result is checked. Modern-only methods reject with `UnsupportedInEraError`. */
  async request(method: string, params?: Record<string, unknown>, options?: CallOptions): Promise<JsonObject> {
    if (MODERN_ONLY.has(method) || method === 'initialize') {
      if (method === 'initialize') throw new TypeError('initialize is run by the client itself: call initialize()');
      throw new UnsupportedInEraError(method, 'legacy', this.protocolVersion);
    }
    return this.call(method, params, options);
  }

  /** `ping` (basic/utilities/ping.mdx); resolves when the server answered. */
  async ping(options?: CallOptions): Promise<void> {
    await this.call('ping', undefined, options);
  }

  /** `logging/setLevel`: the server sends `notifications/message` at or above `level` for the rest of the session (and any renewed one). */
  async setLoggingLevel(level: LoggingLevel, options?: CallOptions): Promise<void> {
    await this.call('logging/setLevel', { level }, options);
    this.logLevel = level;
  }

  /**
   * Tells the server the roots changed (`notifications/roots/list_changed`, client/roots.mdx); it
   * will ask `roots/list` again. Needs a roots handler, which declares `roots.listChanged`.
   */
  async rootsChanged(): Promise<void> {
    if (this.session.handlers.roots === undefined) throw new TypeError('rootsChanged() needs a roots handler: without one the client declares no roots');
    await this.session.notify('notifications/roots/list_changed');
  }

  /** Ends every listen stream, then the session (stdio: stdin EOF then signals; HTTP: DELETE). */
  async close(): Promise<void> {
    for (const stream of [...this.streams]) stream.close();
    await this.session.close();
  }

  private async call(method: string, params: object | undefined, options: CallOptions | undefined): Promise<JsonObject> {
    // (Per-request handlers are refused by the session before anything is sent, handshake included.)
    if (options?.handlers === undefined && this.session.initializeResult === undefined) await this.initialize();
    // What the negotiated revision lacks fails here, clearly, rather than as an odd answer of an older server.
    const missing = missingFeature(method, params, this.protocolVersion);
    if (missing !== undefined)
      throw new UnsupportedInRevisionError(missing === 'completionContext' ? `${method} with context` : method, this.protocolVersion, FEATURE_SINCE[missing]);
    const result = await this.session.request(method, params, options);
    return checkLegacyResult(method, result, this.validate);
  }

  /** After each handshake: the session's log level, then the subscriptions a renewed session lost. */
  private async restore(request: RawRequest): Promise<void> {
    const level = this.logLevel;
    if (level !== undefined && this.session.initializeResult?.capabilities.logging !== undefined) {
      await request('logging/setLevel', { level }).catch((error: unknown) => {
        this.session.warn(`logging/setLevel ${level} failed: ${(error as Error).message}`);
      });
    }
    await this.holds.renew((uri) => request('resources/subscribe', { uri }));
  }
}
