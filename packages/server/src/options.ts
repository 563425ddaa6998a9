import type { Implementation } from '@mcpkit/schema';
import type { PromptDefinition } from './definitions/prompt.js';
import type { CacheHint, ResourceDefinition, ResourceTemplateDefinition } from './definitions/resource.js';
import type { ToolDefinition } from './definitions/tool.js';
import type { DispatchAround } from './dispatch/around.js';
import type { ErrorInfo, ListName } from './dispatch/core.js';
import type { EventBus } from './events/event-bus.js';
import type { CapabilityOptions } from './registry/capabilities.js';
import type { StateKey } from './state/key-ring.js';
import type { ReplayGuard } from './state/replay-guard.js';

/** How `requestState` is sealed. */
export interface StateOptions {
  /**
   * The key ring: `id:secret` text (see `parseStateKeys`) or entries; the first key seals, all open.
   * Default: the `MCPKIT_STATE_KEYS` environment variable, else a random per-process key (with a
   * one-time warning: state then does not survive a restart nor cross replicas).
   */
  keys?: string | readonly StateKey[];
  /** Lifetime of a sealed state, in ms (default 10 minutes). */
  ttlMs?: number;
  /**
   * Where single use of sealed state is enforced: a state is accepted once, and a second
   * presentation is `-32602` (`data.reason: "replayed"`). Default a `MemoryReplayGuard` (this
   * process); a shared guard (`RedisReplayGuard`) for replicas; `false` lets a state be presented
   * until it expires (see the README for when that is safe).
   */
  replayGuard?: ReplayGuard | false;
}

/** Everything `createServer` accepts. */
export interface ServerOptions {
  /** Name and version (plus optional title, description, icons, websiteUrl) of the server. */
  info: Implementation;
  /** Guidance for the model on how to use this server (`server/discover`). */
  instructions?: string;
  tools?: readonly ToolDefinition[];
  prompts?: readonly PromptDefinition[];
  resources?: readonly ResourceDefinition[];
  resourceTemplates?: readonly ResourceTemplateDefinition[];
  /** Overrides of the advertised capabilities (see `CapabilityOptions`). */
  capabilities?: CapabilityOptions;
  /** Items per page of each list (default 100). */
  pageSize?: number | Partial<Record<ListName, number>>;
  /**
   * Caching hints (server/utilities/caching.mdx). Defaults: `discover` 5 min public, lists 1 min
   * public (always private for a list with scoped items), `read` 0 private (a resource or its read
   * handler may say otherwise).
   */
  cache?: Partial<Record<ListName | 'discover' | 'read', CacheHint>>;
  /** Sealing of `requestState`. */
  state?: StateOptions;
  /** Where `toolsChanged()` & co. publish and listen streams subscribe (default: in-memory). */
  events?: EventBus;
  /**
   * `development` also checks every result the server's own handlers produce (tool output against
   * `outputSchema`, results against the protocol schema) and answers a mismatch with a `-32603` that
   * names it. Default: `development` when `NODE_ENV` is `development` or `test`, else `production`
   * (so Workers and other hosts without `NODE_ENV` run in production mode).
   */
  mode?: 'development' | 'production';
  /** Put `_meta["io.modelcontextprotocol/serverInfo"]` on every result (default true). */
  serverInfoInResults?: boolean;
  /** Receives internal failures (answered `-32603 Internal error`); default: `console.error`. */
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** Receives configuration warnings (say, the random state key); default: `console.warn`. */
  onWarning?: (message: string) => void;
  /**
   * Wraps every `dispatch` (tracing, metrics, audit); unset, `dispatch` calls the server directly.
   * Legacy sessions served by `dualEra` pass through it too.
   */
  around?: DispatchAround;
}
