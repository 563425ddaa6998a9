import type { JsonObject, TransportInfo } from '@mcpkit/jsonrpc';
import type { ClientCapabilities, Implementation } from '@mcpkit/schema';
import type { ResourceDefinition, ResourceTemplateDefinition } from '../definitions/resource.js';
import type { ErrorInfo } from '../dispatch/core.js';
import type { RequestContext } from '../dispatch/request-context.js';
import type { Principal } from '../util/principal.js';

/**
 * A protocol extension as a server runs it (basic/versioning.mdx "Extensions"): what it advertises
 * in `capabilities.extensions`, the request methods it adds, the listen-stream notifications it
 * sends, the `resultType` values its handlers may return, and resources it brings. `createServer`
 * takes a list of them (`extensions`); our own tasks and skills extensions are built on this alone.
 */
export interface ServerExtension {
  /** The extension's identifier with its vendor prefix, e.g. `io.modelcontextprotocol/tasks`. */
  readonly id: string;
  /** Its settings, advertised as `capabilities.extensions[id]` (default `{}`). */
  readonly settings?: JsonObject;
  /** The request methods it adds, by name (they may not shadow a core method or another extension's). */
  readonly methods?: Readonly<Record<string, ExtensionMethod>>;
  /** The `subscriptions/listen` filter member it serves (its notifications follow topics named there). */
  readonly listen?: ExtensionListen;
  /** `resultType` values besides `complete` and `input_required` that handlers may return, per method. */
  readonly resultTypes?: Readonly<Record<string, readonly string[]>>;
  /** Resources it serves, registered with the server's own (skill files, say). */
  readonly resources?: readonly ResourceDefinition[];
  /** Resource templates it serves, registered with the server's own (a skill namespace, say). */
  readonly resourceTemplates?: readonly ResourceTemplateDefinition[];
  /** Called once by `createServer` with what the extension may use of the server. */
  attach?(host: ExtensionHost): void;
  /** Called by the server's `close()`: let go of what the extension holds (timers, subscriptions, running work). */
  close?(): void | Promise<void>;
}

/** One request method an extension adds. */
export interface ExtensionMethod {
  /** Checks the params (a precompiled validator of the extension's schema); a failure is `-32602`. */
  readonly validate: ((params: unknown) => boolean) & { errors?: unknown };
  /**
   * Refuse the request with `-32021` (naming the extension in `requiredCapabilities.extensions`)
   * unless the request's client declared the extension, before anything else is checked.
   */
  readonly requiresClientExtension?: boolean;
  /** The `params` member the HTTP `Mcp-Name` header mirrors (checked by `@mcpkit/http`), if any. */
  readonly nameSource?: string;
  /** Serves the request; returns the result body (`resultType: "complete"` and `_meta` are added). */
  handle(params: JsonObject, ctx: RequestContext): JsonObject | Promise<JsonObject>;
}

/** A `subscriptions/listen` filter member of an extension: an array of topics to follow. */
export interface ExtensionListen {
  /** The member of `params.notifications` (and of the acknowledgement), e.g. `taskIds`. */
  readonly filterKey: string;
  /** Refuse the listen with `-32021` when it asks for topics and its client did not declare the extension. */
  readonly requiresClientExtension?: boolean;
  /** Which of the requested topics this caller may follow (the granted list, acknowledged). */
  grant(topics: readonly string[], ctx: RequestContext): readonly string[] | Promise<readonly string[]>;
}

/** What a request context made outside any request needs (see `ExtensionHost.context`). */
export interface DetachedContextInit {
  readonly requestId: string | number;
  readonly method: string;
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly clientInfo?: Implementation;
  readonly principal?: Principal;
  /** Aborted when the work must stop. */
  readonly signal: AbortSignal;
  /** Transport facts to show the handler (default `{ name: 'detached' }`). */
  readonly transport?: TransportInfo;
}

/** What an attached extension may use of its server. */
export interface ExtensionHost {
  /** The server's identity. */
  readonly info: Implementation;
  /**
   * Sends `notification` to every listen stream (on every replica sharing the event bus) that follows
   * `topic` under the extension's `listen.filterKey`; each copy is tagged with its subscription id.
   */
  notify(topic: string, notification: { readonly method: string; readonly params?: JsonObject }): Promise<void>;
  /**
   * A request context for work that runs outside the request that started it (a task resumed after
   * input, possibly on another replica): its own signal; progress and log messages go nowhere.
   */
  context(init: DetachedContextInit): RequestContext;
  /** Reports an internal failure to the server's `onError`. */
  onError(error: unknown, info: ErrorInfo): void;
}
