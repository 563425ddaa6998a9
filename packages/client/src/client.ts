import { RemoteError, type JsonObject, type MessageTransport } from '@mcpkit/jsonrpc';
import type {
  CallToolResult,
  CompleteResult,
  DiscoverResult,
  GetPromptResult,
  InputRequiredResult,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ListToolsResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  SubscriptionFilter,
  Tool,
} from '@mcpkit/schema';
import { ErrorCode } from '@mcpkit/schema/2026-07-28/core';
import { ClientCore } from './client-core.js';
import { InvalidResultError } from './errors.js';
import type { InputHandlers } from './handlers.js';
import { Subscription } from './listen.js';
import type { InputMethod, InputMethods, ListenOptions, ListenStream, McpClient, Step } from './mcp-client.js';
import { continueWithInput, toStep, type InputCall, type Limits } from './mrtr.js';
import type {
  CallOptions,
  CallToolParams,
  CompleteParams,
  GetPromptParams,
  InputCallOptions,
  ListParams,
  LeanClientOptions,
  ReadResourceParams,
} from './options.js';
import { walkList } from './pagination.js';
import { checkResult, isExtensionResult } from './result-check.js';
import { ResultCache } from './result-cache.js';
import { pickVersion } from './versions.js';

type Params = Record<string, unknown>;

/**
 * The 2026-07-28 client that runs the schema checks it is handed (`resultValidators`, required) and
 * holds no others: a bundle of it carries no validator its program does not name. Otherwise it is
 * `ModernClient`, which extends it with the default checks.
 *
 * @example
 * import { LeanClient } from '@mcpkit/client/lean';
 * import { resultValidators } from '@mcpkit/client/result-validators';
 * const client = new LeanClient(new HttpClientTransport(url), { resultValidators });
 * const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
 */
export class LeanClient implements McpClient {
  readonly era: 'modern' = 'modern';
  /** The machinery (connection, `_meta`, routing): held, not inherited, so none of it is API. */
  private readonly core: ClientCore;
  private readonly limits: Limits;
  /** `discovered` (options) and when it turns stale (`performance.now()`), until a discover asks the server. */
  private given: { readonly result: DiscoverResult; readonly staleAt: number } | undefined;

  constructor(transport: MessageTransport, options: LeanClientOptions) {
    this.core = new ClientCore(transport, options);
    this.limits = {
      maxRounds: options.maxInputRounds ?? 10,
      deadlineMs: options.inputDeadlineMs ?? 600_000,
      lifetime: this.core.lifetime,
    };
    const discovered = options.discovered;
    if (discovered !== undefined) {
      this.given = { result: discovered, staleAt: performance.now() + discovered.ttlMs };
      this.adoptVersions(discovered);
    }
  }

  /** The protocol version every request now carries (it changes after a `-32022` renegotiation). */
  get protocolVersion(): string {
    return this.core.protocolVersion;
  }

  /** True once `close()` was called or the transport closed. */
  get closed(): boolean {
    return this.core.closed;
  }

  /** Starts the transport (spawns the process...). Requests do it on their own; calling it first surfaces start errors early. */
  start(): Promise<void> {
    return this.core.start();
  }

  /** Ends every listen stream and request, then closes the transport. */
  close(): Promise<void> {
    return this.core.close();
  }

  /**
   * `server/discover` (cached per its hints; `discovered` (options) is served while fresh);
   * also moves to a better common version if the server lists one.
   */
  async discover(options?: CallOptions): Promise<DiscoverResult> {
    const given = this.given;
    if (given !== undefined && (options?.cache ?? 'default') === 'default' && performance.now() < given.staleAt) return given.result;
    this.given = undefined;
    const result = (await this.cached('server/discover', undefined, options)) as DiscoverResult;
    this.adoptVersions(result);
    return result;
  }

  /**
   * Nothing to send in 2026-07-28: the server asks for roots inside each request that needs them
   * (an MRTR `roots/list` input request), so the next request already sees the new roots. Resolves at once.
   */
  async rootsChanged(): Promise<void> {}

  /** `tools/call`; `structuredContent` is checked against the tool's `outputSchema` when the tool was listed. */
  callTool(params: CallToolParams, options?: InputCallOptions): Promise<CallToolResult> {
    // Promise callbacks, not an async function: the common call (a complete result, no output
    // schema) then costs no frame of its own; the other cases take the general path below.
    try {
      const handlers = options?.handlers ?? this.core.handlers;
      const headers = this.core.mirrorHeaders ? this.core.tools.headers(params.name, params.arguments) : undefined;
      return this.core.send('tools/call', params, options, handlers, headers).then(
        (result) => {
          if (result.resultType === 'input_required' || isExtensionResult(result)) return this.finishToolCall(params, options, handlers, headers, result);
          const checking = this.core.tools.checkOutput(params.name, result as CallToolResult);
          return checking === undefined ? (result as CallToolResult) : checking.then(() => result as CallToolResult);
        },
        (error: unknown) => {
          // streamable-http.mdx "Client Behavior": after a HeaderMismatch, list the tools again and retry.
          if (!this.core.mirrorHeaders || !(error instanceof RemoteError) || error.code !== ErrorCode.HeaderMismatch) throw error;
          return this.retryToolCall(params, options, handlers);
        },
      );
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** `tools/call` after a HeaderMismatch: the tool is listed again and the call retried once. */
  private async retryToolCall(params: CallToolParams, options: InputCallOptions | undefined, handlers: InputHandlers): Promise<CallToolResult> {
    await this.relearnTool(params.name, options);
    const headers = this.core.tools.headers(params.name, params.arguments);
    const result = await this.core.send('tools/call', params, options, handlers, headers);
    return this.finishToolCall(params, options, handlers, headers, result);
  }

  /** The rest of a `tools/call`: MRTR rounds, an extension's result, then the output schema check. */
  private async finishToolCall(
    params: CallToolParams,
    options: InputCallOptions | undefined,
    handlers: InputHandlers,
    headers: Record<string, string> | undefined,
    first: JsonObject,
  ): Promise<CallToolResult> {
    let result = first;
    if (result.resultType === 'input_required') {
      result = await continueWithInput(result as InputRequiredResult, this.inputCall('tools/call', params, options, handlers, headers), this.limits);
    }
    if (isExtensionResult(result)) result = await this.settle('tools/call', params, result, options);
    const checking = this.core.tools.checkOutput(params.name, result as CallToolResult);
    if (checking !== undefined) await checking;
    return result as CallToolResult;
  }

  /** `resources/read` (a first-round complete result is cached per its hints; MRTR retries never are). */
  async readResource(params: ReadResourceParams, options?: InputCallOptions): Promise<ReadResourceResult> {
    const cache = this.core.cache;
    const mode = options?.cache;
    const key = ResultCache.paramKey('resources/read', params);
    if (cache !== undefined && mode !== 'reload' && mode !== 'no-store') {
      const hit = await cache.get('resources/read', key);
      if (hit !== undefined) return hit as ReadResourceResult;
    }
    const generation = cache?.generation ?? 0;
    const handlers = options?.handlers ?? this.core.handlers;
    const first = await this.core.send('resources/read', params, options, handlers);
    if (first.resultType === 'complete') {
      if (cache !== undefined && mode !== 'no-store') await cache.put('resources/read', key, first, generation);
      return first as ReadResourceResult;
    }
    const call = this.inputCall('resources/read', params, options, handlers, undefined);
    const last = first.resultType === 'input_required' ? await continueWithInput(first as InputRequiredResult, call, this.limits) : first;
    return (isExtensionResult(last) ? await this.settle('resources/read', params, last, options) : last) as ReadResourceResult;
  }

  /** `prompts/get`. */
  async getPrompt(params: GetPromptParams, options?: InputCallOptions): Promise<GetPromptResult> {
    const handlers = options?.handlers ?? this.core.handlers;
    const first = await this.core.send('prompts/get', params, options, handlers);
    if (first.resultType === 'complete') return first as GetPromptResult;
    const call = this.inputCall('prompts/get', params, options, handlers, undefined);
    const last = first.resultType === 'input_required' ? await continueWithInput(first as InputRequiredResult, call, this.limits) : first;
    return (isExtensionResult(last) ? await this.settle('prompts/get', params, last, options) : last) as GetPromptResult;
  }

  /** `completion/complete`. */
  async complete(params: CompleteParams, options?: CallOptions): Promise<CompleteResult> {
    return (await this.core.send('completion/complete', params, options, options?.handlers ?? this.core.handlers)) as CompleteResult;
  }

  /** One page of `tools/list`; on HTTP, tools with invalid `x-mcp-header` annotations are left out (with a warning). */
  async listTools(params?: ListParams, options?: CallOptions): Promise<ListToolsResult> {
    return (await this.cached('tools/list', params, options)) as ListToolsResult;
  }

  /** One page of `prompts/list`. */
  async listPrompts(params?: ListParams, options?: CallOptions): Promise<ListPromptsResult> {
    return (await this.cached('prompts/list', params, options)) as ListPromptsResult;
  }

  /** One page of `resources/list`. */
  async listResources(params?: ListParams, options?: CallOptions): Promise<ListResourcesResult> {
    return (await this.cached('resources/list', params, options)) as ListResourcesResult;
  }

  /** One page of `resources/templates/list`. */
  async listResourceTemplates(params?: ListParams, options?: CallOptions): Promise<ListResourceTemplatesResult> {
    return (await this.cached('resources/templates/list', params, options)) as ListResourceTemplatesResult;
  }

  /** Every tool, walking all pages. */
  iterateTools(options?: CallOptions): AsyncGenerator<Tool, void, undefined> {
    return this.walk('tools/list', (page) => (page as ListToolsResult).tools, options);
  }

  /** Every prompt, walking all pages. */
  iteratePrompts(options?: CallOptions): AsyncGenerator<Prompt, void, undefined> {
    return this.walk('prompts/list', (page) => (page as ListPromptsResult).prompts, options);
  }

  /** Every resource, walking all pages. */
  iterateResources(options?: CallOptions): AsyncGenerator<Resource, void, undefined> {
    return this.walk('resources/list', (page) => (page as ListResourcesResult).resources, options);
  }

  /** Every resource template, walking all pages. */
  iterateResourceTemplates(options?: CallOptions): AsyncGenerator<ResourceTemplate, void, undefined> {
    return this.walk('resources/templates/list', (page) => (page as ListResourceTemplatesResult).resourceTemplates, options);
  }

  /** Opens a `subscriptions/listen` stream for `filter`. */
  listen(filter: SubscriptionFilter, options?: ListenOptions): ListenStream {
    return new Subscription(filter, this.core.listenHost, options);
  }

  /** Starts an input-capable request in step-by-step mode: each `input_required` round is handed to the caller. */
  async step<M extends InputMethod>(method: M, params: InputMethods[M]['params'], options?: CallOptions): Promise<Step<InputMethods[M]['result']>> {
    const handlers = options?.handlers ?? this.core.handlers;
    const args = (params as CallToolParams).arguments;
    const name = (params as CallToolParams).name;
    const headers = method === 'tools/call' && this.core.mirrorHeaders ? this.core.tools.headers(name, args) : undefined;
    const call = this.inputCall(method, params as Params, options, handlers, headers);
    const first = await call.send(params as Params, options, call);
    return toStep(first, call, 1, this.core.lifetime);
  }

  /** Any request with the protocol `_meta`; an `input_required` result of an MRTR method is answered with the handlers. */
  async request(method: string, params?: Record<string, unknown>, options?: InputCallOptions): Promise<JsonObject> {
    const handlers = options?.handlers ?? this.core.handlers;
    const first = await this.core.send(method, params, options, handlers);
    if (first.resultType !== 'input_required') return first;
    return continueWithInput(first as InputRequiredResult, this.inputCall(method, params ?? {}, options, handlers, undefined), this.limits);
  }

  /**
   * An extension's result of a typed call turned into the call's own result by the extension's
   * `settle` (the tasks extension waits for the task); checked again as a complete result.
   */
  private async settle(method: string, params: Params, result: JsonObject, options: CallOptions | undefined): Promise<JsonObject> {
    const type = this.core.extensions.resultType(method, result.resultType);
    if (type?.settle === undefined) {
      throw new InvalidResultError(method, `resultType ${JSON.stringify(result.resultType)} cannot be the result of ${method}() (use request())`, result);
    }
    const handlers = options?.handlers ?? this.core.handlers;
    const settled = await type.settle(result, { method, params, options, handlers, request: (m, p, o) => this.request(m, p, o) });
    if (settled.resultType !== undefined && settled.resultType !== 'complete') {
      throw new InvalidResultError(
        method,
        `the ${JSON.stringify(result.resultType)} result settled into resultType ${JSON.stringify(settled.resultType)}`,
        settled,
      );
    }
    return checkResult(method, settled, this.core.schemas, this.core.extensions);
  }

  /** Moves to the best version both sides speak, when the server's list names one. */
  private adoptVersions(result: DiscoverResult): void {
    const best = pickVersion(this.core.versions, result.supportedVersions);
    if (best !== undefined && best !== this.protocolVersion) this.core.useVersion(best);
  }

  /** A cacheable request: a fresh cached result, or a fetch that is then stored per its hints. */
  private async cached(method: string, params: ListParams | undefined, options: CallOptions | undefined): Promise<JsonObject> {
    const cache = this.core.cache;
    const mode = options?.cache;
    const key = ResultCache.paramKey(method, params);
    let result: JsonObject | undefined;
    if (cache !== undefined && mode !== 'reload' && mode !== 'no-store') result = await cache.get(method, key);
    if (result === undefined) {
      const generation = cache?.generation ?? 0;
      try {
        result = await this.core.send(method, params as Params | undefined, options, options?.handlers ?? this.core.handlers);
      } catch (error) {
        // caching.mdx "Interaction with Pagination": a rejected cursor invalidates every cached page of the list.
        if (cache !== undefined && params?.cursor !== undefined && error instanceof RemoteError && error.code === ErrorCode.InvalidParams) {
          await cache.dropMethod(method);
        }
        throw error;
      }
      if (method === 'tools/list') this.core.tools.admit(result as ListToolsResult);
      if (cache !== undefined && mode !== 'no-store') await cache.put(method, key, result, generation);
    } else if (method === 'tools/list') {
      this.core.tools.admit(result as ListToolsResult);
    }
    return result;
  }

  private walk<T>(method: string, items: (page: JsonObject) => T[], options: CallOptions | undefined): AsyncGenerator<T, void, undefined> {
    return walkList(method, (params) => this.cached(method, params, options) as Promise<JsonObject & { nextCursor?: string }>, items);
  }

  /** Lists tools again (bypassing the cache) until `name` is seen or the list ends. */
  private async relearnTool(name: string, options: CallOptions | undefined): Promise<void> {
    for await (const tool of this.walk('tools/list', (page) => (page as ListToolsResult).tools, { ...options, cache: 'reload' })) {
      if (tool.name === name) return;
    }
  }

  private inputCall(
    method: string,
    params: Params,
    options: InputCallOptions | undefined,
    handlers: InputHandlers,
    headers: Record<string, string> | undefined,
  ): InputCall {
    return {
      method,
      params,
      handlers,
      options,
      send: (retry, roundOptions, call) => this.core.send(method, retry, roundOptions, handlers, headers, call),
      finish: method === 'tools/call' ? (result) => this.core.tools.checkOutput(params.name as string, result as CallToolResult) : undefined,
    };
  }
}
