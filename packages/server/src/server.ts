import type { DispatchContext, Dispatcher, JsonObject, JsonRpcRequest, JsonRpcResponse } from '@mcpkit/jsonrpc';
import { RequestContext } from './dispatch/request-context.js';
import { METHODS, REMOVED_METHODS } from './dispatch/methods.js';
import type { MethodHandler } from './dispatch/core.js';
import type { DetachedContextInit, ExtensionHost } from './extensions/extension.js';
import { extensionMethodHandler } from './extensions/extension-method.js';
import { resolveExtensions } from './extensions/resolve.js';
import type { Implementation, ServerCapabilities } from '@mcpkit/schema';
import { LATEST_PROTOCOL_VERSION, META_SERVER_INFO } from '@mcpkit/schema/2026-07-28/core';
import type { ListName, ResolvedCacheHint, ServerCore } from './dispatch/core.js';
import type { DispatchAround, DispatchNext } from './dispatch/around.js';
import { dispatchRequest, unreadableRequest } from './dispatch/dispatch.js';
import { MemoryEventBus, type EventBus } from './events/event-bus.js';
import { ListenHub } from './events/listen-hub.js';
import type { HeaderParam } from './json-schema/header-params.js';
import type { ServerOptions } from './options.js';
import { computeCapabilities, noteOffered, type Offered } from './registry/capabilities.js';
import { changesBetween, Registry, type RegistryChanges, type RegistryDraft } from './registry/registry.js';
import { KeyRing, parseStateKeys, STATE_KEYS_ENV } from './state/key-ring.js';
import { StateCodec } from './state/sealed-state.js';
import { MemoryReplayGuard } from './state/replay-guard.js';

const NEVER = new AbortController().signal;
const DIRECT: DispatchContext = Object.freeze({
  signal: NEVER,
  notify: () => Promise.resolve(),
  transport: Object.freeze({ name: 'direct' }),
});

let warnedRandomKey = false;

function env(name: string): string | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
}

/**
 * The mode when none is given: `development` only when told (`NODE_ENV` is `development` or `test`),
 * else `production`. A host without `NODE_ENV` (Workers, Deno, a bundled Node service) is a
 * production deployment far more often than not, and must not re-validate every result there.
 */
export function defaultMode(nodeEnv: string | undefined = env('NODE_ENV')): 'development' | 'production' {
  return nodeEnv === 'development' || nodeEnv === 'test' ? 'development' : 'production';
}

function resolveHint(
  given: { ttlMs?: number; cacheScope?: 'public' | 'private' } | undefined,
  ttlMs: number,
  cacheScope: 'public' | 'private',
): ResolvedCacheHint {
  const hint = { ttlMs: given?.ttlMs ?? ttlMs, cacheScope: given?.cacheScope ?? cacheScope };
  if (!Number.isInteger(hint.ttlMs) || hint.ttlMs < 0) throw new TypeError('cache ttlMs must be an integer ≥ 0 (server/utilities/caching.mdx)');
  return Object.freeze(hint);
}

/**
 * A 2026-07-28 MCP server: an immutable registry snapshot and one `dispatch(request, context)`.
 * It implements the jsonrpc `Dispatcher`, so any transport serves it (`serveStdio(server)`,
 * `createHttpHandler(server)`). Create it with `createServer`.
 */
export class McpServer implements Dispatcher {
  /** The server's identity (`serverInfo`). */
  readonly info: Implementation;
  /** The guidance for the model, if any. */
  readonly instructions: string | undefined;
  /** The protocol versions `dispatch` serves (requests naming another get -32022). */
  readonly supportedVersions: readonly string[];
  /** Where change events travel; subscribe to it to follow list changes and resource updates. */
  readonly events: EventBus;

  private current: Registry;
  private readonly core: ServerCore;
  private readonly capabilityCache = new WeakMap<Registry, ServerCapabilities>();
  private readonly offered: Offered = { tools: false, prompts: false, resources: false };
  private readonly around: DispatchAround | undefined;
  private readonly next: DispatchNext = (request, context) => dispatchRequest(this.core, request, context);

  /** @internal A server is made one way: `createServer(options)`. */
  constructor(options: ServerOptions) {
    if (!options?.info?.name || !options.info.version) throw new TypeError('createServer needs info: { name, version }');
    const warn = options.onWarning ?? ((message: string) => console.warn(message));
    this.info = Object.freeze({ ...options.info });
    this.instructions = options.instructions;
    this.supportedVersions = Object.freeze([LATEST_PROTOCOL_VERSION]);
    this.events = options.events ?? new MemoryEventBus();
    this.around = options.around;
    const extensions = resolveExtensions(options.extensions, new Set([...METHODS.keys(), ...REMOVED_METHODS]));
    const extensionMethods = new Map<string, MethodHandler>();
    for (const [name, owned] of extensions.methods) extensionMethods.set(name, extensionMethodHandler(name, owned));
    this.current = new Registry({
      tools: options.tools,
      prompts: options.prompts,
      resources: extensions.resources.length > 0 ? [...(options.resources ?? []), ...extensions.resources] : options.resources,
      resourceTemplates:
        extensions.resourceTemplates.length > 0 ? [...(options.resourceTemplates ?? []), ...extensions.resourceTemplates] : options.resourceTemplates,
    });
    noteOffered(this.offered, this.current);

    const configured = options.state?.keys ?? env(STATE_KEYS_ENV);
    // The random key is drawn on first use (Workers forbids random values at load), and the warning
    // waits for the first seal: a server whose handlers never return input requests with state needs no key.
    const ring = configured === undefined ? KeyRing.random() : new KeyRing(typeof configured === 'string' ? parseStateKeys(configured) : configured);
    const onRandomKey = () => {
      if (warnedRandomKey) return;
      warnedRandomKey = true;
      warn(
        `mcpkit: no ${STATE_KEYS_ENV} configured; requestState is sealed with a random per-process key, so it does not survive a restart nor work across replicas`,
      );
    };
    const page = options.pageSize;
    const pageSize = (list: ListName) => {
      const size = typeof page === 'number' ? page : (page?.[list] ?? 100);
      if (!Number.isInteger(size) || size < 1) throw new TypeError('pageSize must be an integer ≥ 1');
      return size;
    };
    const cache = options.cache ?? {};
    const stateTtlMs = options.state?.ttlMs ?? 600_000;
    const production = (options.mode ?? defaultMode()) === 'production';
    const given = options.capabilities ?? {};
    const capabilityOptions =
      extensions.list.length > 0 ? { ...given, extensions: { ...given.extensions, ...extensions.settings } as ServerCapabilities['extensions'] } : given;

    const resultMeta = options.serverInfoInResults === false ? undefined : Object.freeze({ [META_SERVER_INFO]: this.info });
    this.core = {
      info: this.info,
      resultMeta,
      instructions: this.instructions,
      supportedVersions: this.supportedVersions,
      pageSize: Object.freeze({
        tools: pageSize('tools'),
        prompts: pageSize('prompts'),
        resources: pageSize('resources'),
        resourceTemplates: pageSize('resourceTemplates'),
      }),
      cache: Object.freeze({
        discover: resolveHint(cache.discover, 300_000, 'public'),
        tools: resolveHint(cache.tools, 60_000, 'public'),
        prompts: resolveHint(cache.prompts, 60_000, 'public'),
        resources: resolveHint(cache.resources, 60_000, 'public'),
        resourceTemplates: resolveHint(cache.resourceTemplates, 60_000, 'public'),
        read: resolveHint(cache.read, 0, 'private'),
      }),
      development: !production,
      logging: capabilityOptions.logging ?? true,
      codec: new StateCodec(ring, Date.now, onRandomKey),
      stateTtlMs,
      // Single use by default (one process); `false` turns it off, a shared guard (Redis) spans replicas.
      replayGuard: options.state?.replayGuard === false ? undefined : (options.state?.replayGuard ?? new MemoryReplayGuard()),
      hub: new ListenHub(this.events, resultMeta),
      // With an `around` hook, the dispatch promise is watched: a listen keeps it pending to the end.
      detachStreams: options.around === undefined,
      extensions,
      extensionMethods,
      onError: options.onError ?? ((error, info) => console.error(`mcpkit: ${info.method} (id ${JSON.stringify(info.requestId)}) failed:`, error)),
      registry: () => this.current,
      capabilities: (registry) => {
        let capabilities = this.capabilityCache.get(registry);
        if (!capabilities) this.capabilityCache.set(registry, (capabilities = computeCapabilities(registry, capabilityOptions, this.offered)));
        return capabilities;
      },
    };
    if (extensions.list.length > 0) {
      const core = this.core;
      const events = this.events;
      for (const extension of extensions.list) {
        const key = extensions.listen.find((member) => member.extension === extension.id)?.filterKey;
        const host: ExtensionHost = {
          info: this.info,
          notify: (topic, notification) => {
            if (key === undefined) return Promise.reject(new TypeError(`Extension ${extension.id} has no listen filter member to notify on`));
            return events.publish({ type: 'extension', key, topic, notification });
          },
          context: (init) => detachedContext(init, core.logging),
          onError: (error, info) => core.onError(error, info),
        };
        extension.attach?.(host);
      }
    }
  }

  /** What the server advertises now (as `server/discover` shows it). */
  get capabilities(): ServerCapabilities {
    return this.core.capabilities(this.current);
  }

  /** The current registry snapshot (read-only). */
  get registry(): Registry {
    return this.current;
  }

  /**
   * Answers one JSON-RPC request; see `Dispatcher`. Without a context it runs as a direct call
   * (never cancelled, notifications dropped, no principal). What is not a JSON-RPC request is
   * answered `-32600` with `id: null` (or its id, when that much can be read).
   */
  dispatch(request: JsonRpcRequest, context: DispatchContext = DIRECT): Promise<JsonRpcResponse | null> {
    const unreadable = unreadableRequest(request);
    if (unreadable !== undefined) return Promise.resolve(unreadable);
    const around = this.around;
    return around === undefined ? dispatchRequest(this.core, request, context) : around(request, context, this.next);
  }

  /**
   * The arguments of a tool that clients mirror into `Mcp-Param-*` headers (from its
   * `x-mcp-header` annotations, checked at registration), or `undefined` for an unknown tool.
   */
  headerParams(toolName: string): ReadonlyArray<HeaderParam> | undefined {
    return this.current.tools.get(toolName)?.headerParams;
  }

  /**
   * The `params` member an extension's method mirrors into the HTTP `Mcp-Name` header (the core
   * methods' are in the catalogue of `@mcpkit/schema`), for the HTTP layer's header checks.
   */
  nameSource(method: string): string | undefined {
    return this.core.extensions.methods.get(method)?.method.nameSource;
  }

  /**
   * The scopes a request needs (its tool's, prompt's or resource's `scopes`; for `completion/complete`
   * those of the prompt or template it completes), so an HTTP authorization layer can answer
   * `403 insufficient_scope` before dispatching; `undefined` when none.
   */
  requiredScopes(method: string, params: JsonObject | undefined): readonly string[] | undefined {
    const registry = this.current;
    const name = params?.name;
    const uri = params?.uri;
    if (method === 'tools/call' && typeof name === 'string') return registry.tools.get(name)?.scopes;
    if (method === 'prompts/get' && typeof name === 'string') return registry.prompts.get(name)?.scopes;
    if (method === 'completion/complete') {
      const ref = params?.ref as { type?: unknown; name?: unknown; uri?: unknown } | undefined;
      if (ref?.type === 'ref/prompt' && typeof ref.name === 'string') return registry.prompts.get(ref.name)?.scopes;
      if (ref?.type === 'ref/resource' && typeof ref.uri === 'string') return registry.templates.get(ref.uri)?.scopes;
      return undefined;
    }
    if (method === 'resources/read' && typeof uri === 'string') {
      const direct = registry.resources.get(uri);
      if (direct) return direct.scopes;
      return registry.matchTemplate(uri)?.template.scopes;
    }
    return undefined;
  }

  /**
   * Replaces the registry with an edited copy, atomically (requests in flight keep the snapshot they
   * started with), and announces `list_changed` for each list that changed. Throws, leaving the
   * server unchanged, when the edit is invalid (a duplicate, say).
   *
   * @example await server.update((draft) => draft.addTool(tool({ name: 'late', handler: () => ({ content: [] }) })));
   */
  async update(edit: (draft: RegistryDraft) => void): Promise<RegistryChanges> {
    const draft = this.current.draft();
    edit(draft);
    const next = draft.build();
    const changes = changesBetween(this.current, next);
    noteOffered(this.offered, next);
    this.current = next;
    const events: Promise<void>[] = [];
    if (changes.tools) events.push(this.toolsChanged());
    if (changes.prompts) events.push(this.promptsChanged());
    if (changes.resources) events.push(this.resourcesChanged());
    await Promise.all(events);
    return changes;
  }

  /** Announces that the tool list changed (for lists that change outside `update`). */
  toolsChanged(): Promise<void> {
    return this.events.publish({ type: 'tools/list_changed' });
  }

  /** Announces that the prompt list changed. */
  promptsChanged(): Promise<void> {
    return this.events.publish({ type: 'prompts/list_changed' });
  }

  /** Announces that the resource list changed. */
  resourcesChanged(): Promise<void> {
    return this.events.publish({ type: 'resources/list_changed' });
  }

  /** Announces that the resource at `uri` (or below it) changed. */
  resourceUpdated(uri: string): Promise<void> {
    return this.events.publish({ type: 'resources/updated', uri });
  }

  /** Ends every listen stream gracefully (each gets its final result), leaves the event bus and closes the extensions. */
  async close(): Promise<void> {
    await this.core.hub.close();
    await Promise.all(this.core.extensions.list.map((extension) => extension.close?.()));
  }
}

/** A request context for work outside any request (see `ExtensionHost.context`). */
function detachedContext(init: DetachedContextInit, logging: boolean): RequestContext {
  const meta = {
    protocolVersion: init.protocolVersion,
    clientCapabilities: init.clientCapabilities,
    clientInfo: init.clientInfo,
    logLevel: undefined,
    progressToken: undefined,
    raw: Object.freeze({}),
  };
  const context: DispatchContext = { signal: init.signal, notify: () => Promise.resolve(), transport: init.transport ?? { name: 'detached' } };
  return new RequestContext(init.requestId, init.method, meta, init.principal, context, logging);
}

/**
 * Creates a server from its info and definitions.
 *
 * @example
 * const server = createServer({ info: { name: 'demo', version: '1.0.0' }, tools: [echo] });
 */
export function createServer(options: ServerOptions): McpServer {
  return new McpServer(options);
}
