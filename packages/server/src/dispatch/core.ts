import type { DispatchContext, JsonObject } from '@mcpkit/jsonrpc';
import type { Implementation, ServerCapabilities } from '@mcpkit/schema';
import type { CacheHint } from '../definitions/resource.js';
import type { ListenHub } from '../events/listen-hub.js';
import type { ResolvedExtensions } from '../extensions/resolve.js';
import type { Registry } from '../registry/registry.js';
import type { ReplayGuard } from '../state/replay-guard.js';
import type { StateCodec } from '../state/sealed-state.js';
import type { RequestContext } from './request-context.js';

/** The lists a server paginates. */
export type ListName = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';

/** Caching hints with both fields decided. */
export type ResolvedCacheHint = Required<CacheHint>;

/** Where an internal failure happened, for the server's `onError` hook. */
export interface ErrorInfo {
  readonly method: string;
  readonly requestId: string | number;
}

/**
 * The server's settled configuration and shared machinery, as method handlers read it. Built once
 * by `createServer`; `registry` is the only part that changes (swapped whole by `update`).
 */
export interface ServerCore {
  readonly info: Implementation;
  /** `_meta` added to every result (`serverInfo`), or `undefined` when turned off. */
  readonly resultMeta: Readonly<Record<string, unknown>> | undefined;
  readonly instructions: string | undefined;
  readonly supportedVersions: readonly string[];
  readonly pageSize: Readonly<Record<ListName, number>>;
  readonly cache: Readonly<Record<ListName | 'discover' | 'read', ResolvedCacheHint>>;
  readonly development: boolean;
  readonly logging: boolean;
  readonly codec: StateCodec;
  readonly stateTtlMs: number;
  readonly replayGuard: ReplayGuard | undefined;
  readonly hub: ListenHub;
  /** Whether a listen stream may detach from its dispatch (`DispatchContext.detach`): no `around` hook watches it. */
  readonly detachStreams: boolean;
  readonly onError: (error: unknown, info: ErrorInfo) => void;
  /** The server's extensions, indexed. */
  readonly extensions: ResolvedExtensions;
  /** The request methods the extensions add, as dispatch serves them. */
  readonly extensionMethods: ReadonlyMap<string, MethodHandler>;
  /** The current registry snapshot. */
  registry(): Registry;
  /** The capabilities a snapshot advertises. */
  capabilities(registry: Registry): ServerCapabilities;
}

/** One request method the server serves. */
export interface MethodHandler {
  /** Checks the params against the method's schema (precompiled). */
  readonly validate: ((value: unknown) => boolean) & { errors?: unknown };
  /** Whether the method is offered (its server capability is advertised). */
  enabled(core: ServerCore, registry: Registry): boolean;
  /** Serves the request: the result, or `null` when nothing must be answered (cancelled). */
  handle(
    params: JsonObject,
    call: RequestContext,
    core: ServerCore,
    registry: Registry,
    context: DispatchContext,
  ): Promise<JsonObject | null> | JsonObject | null;
}
