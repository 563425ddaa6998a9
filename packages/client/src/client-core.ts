import {
  Connection,
  TransportClosedError,
  type CancelInfo,
  type JsonObject,
  type JsonRpcNotification,
  type MessageTransport,
  type PendingRequest,
  type RequestId,
  type RequestOptions,
} from '@mcpkit/jsonrpc';
import type { LoggingLevel } from '@mcpkit/schema';
import { encodeHeaderValue, META_SUBSCRIPTION_ID } from '@mcpkit/schema/2026-07-28/core';
import { validateLoggingMessageNotificationParams } from '@mcpkit/schema/2026-07-28/validators/notifications';
import { MemoryCacheStore } from './cache-store.js';
import { ClientExtensions } from './extensions.js';
import type { InputHandlers } from './handlers.js';
import { notificationsCoveredBy } from './listen-filter.js';
import type { ListenHost, Subscription } from './listen.js';
import type { InputCall } from './mrtr.js';
import type { CallOptions, LeanClientOptions } from './options.js';
import { ProgressRouter } from './progress.js';
import { RequestMeta } from './request-meta.js';
import { checkResult } from './result-check.js';
import { ResultCache } from './result-cache.js';
import { ToolIndex } from './tool-index.js';
import { traceTransport } from './trace.js';
import type { ResultSchemas, ResultValidators } from './validator-set.js';
import { MODERN_PROTOCOL_VERSIONS, versionToRetry } from './versions.js';
import { version as CLIENT_VERSION } from '../package.json';

/**
 * The machinery `ModernClient` holds (never exported, so its members are public to the client
 * only): the `Connection`, one round trip with its `_meta` (`RequestMeta`) and the `-32022` retry,
 * and the routing of what the server sends outside responses (progress, log messages, listen
 * streams and the cache invalidation they trigger).
 */
export class ClientCore {
  readonly connection: Connection;
  readonly handlers: InputHandlers;
  readonly cache: ResultCache | undefined;
  readonly tools: ToolIndex;
  /** HTTP mirrors `x-mcp-header` arguments and drops tools with invalid annotations. */
  readonly mirrorHeaders: boolean;
  readonly versions: readonly string[];
  /** The extensions the client runs. */
  readonly extensions: ClientExtensions;
  private readonly meta: RequestMeta;
  private readonly progress: ProgressRouter;
  private readonly routes = new Map<RequestId, Subscription>();
  private readonly streams = new Set<Subscription>();
  /** Listen ids the server ended itself: cancelling them locally must not tell the server. */
  private readonly silenced = new Set<RequestId>();
  /** The checks in hand (`undefined` with `resultValidators: false`, or until a loader has answered at start). */
  private checks: ResultValidators | undefined;
  /** The loader of `resultValidators`, awaited by `start`. */
  private readonly loadChecks: (() => Promise<ResultValidators>) | undefined;
  private readonly logLevel: LoggingLevel | undefined;
  private readonly options: LeanClientOptions;
  /** Aborted (with a `TransportClosedError`) when the client closes: handlers still waiting give up. */
  private readonly closer = new AbortController();
  private starting: Promise<void> | undefined;
  private ready = false;
  private closing = false;

  constructor(transport: MessageTransport, options: LeanClientOptions) {
    this.options = options;
    const checks = options.resultValidators;
    if (checks !== false && (checks === null || (typeof checks !== 'object' && typeof checks !== 'function'))) {
      throw new TypeError(
        'resultValidators must be the checks to run (resultValidators from @mcpkit/client/result-validators), a function that loads them, or false for none',
      );
    }
    if (typeof checks === 'function') this.loadChecks = () => checks().then((loaded) => checkSet(loaded, 'the set resultValidators loaded'));
    else if (checks !== false) this.checks = checkSet(checks, 'resultValidators');
    const wire = options.trace === undefined ? transport : traceTransport(transport, options.trace);
    this.connection = new Connection(wire, {
      timeoutMs: options.timeoutMs,
      maxTotalTimeoutMs: options.maxTotalTimeoutMs,
      maxInFlight: options.maxInFlight,
      onCancel: (info) => this.cancelMessage(info),
      onError: (error) => this.report(error),
    });
    this.connection.onNotification((notification) => this.notification(notification));
    this.connection.onClose((error) => this.closer.abort(error));
    this.handlers = options.handlers ?? {};
    this.versions = options.protocolVersions ?? MODERN_PROTOCOL_VERSIONS;
    if (this.versions.length === 0) throw new TypeError('protocolVersions must name at least one version');
    const clientInfo = options.clientInfo ?? { name: '@mcpkit/client', version: CLIENT_VERSION };
    this.extensions = new ClientExtensions(options.extensions);
    const declared = this.extensions.declared;
    const extra =
      declared === undefined ? (options.capabilities ?? {}) : { ...options.capabilities, extensions: { ...options.capabilities?.extensions, ...declared } };
    this.meta = new RequestMeta(this.versions[0] as string, this.handlers, extra, clientInfo);
    this.logLevel = options.logLevel;
    this.mirrorHeaders = transport.kind === 'exchange';
    const warn = (message: string): void => this.warn(message);
    this.progress = new ProgressRouter(warn, (error) => this.report(error));
    this.tools = new ToolIndex(this.mirrorHeaders, warn, () => this.checks?.compileOutputSchema);
    const cache = options.cache;
    this.cache =
      cache === false ? undefined : new ResultCache(cache?.store ?? new MemoryCacheStore(), cache?.namespace ?? '', options.authorizationContext, warn);
  }

  /** The result validators, or `undefined` when results are checked only by the `resultType` rules. */
  get schemas(): ResultSchemas | undefined {
    return this.checks?.results;
  }

  /** The protocol version every request now carries (it changes after a `-32022` renegotiation). */
  get protocolVersion(): string {
    return this.meta.protocolVersion;
  }

  /** The client's lifetime: aborted when it closes. */
  get lifetime(): AbortSignal {
    return this.closer.signal;
  }

  /** True once `close()` was called or the transport closed. */
  get closed(): boolean {
    return this.closing || this.connection.closed;
  }

  /** Starts the transport (spawns the process...). Requests do it on their own; calling it first surfaces start errors early. */
  start(): Promise<void> {
    // A loader of the checks runs with the transport: every request and listen stream waits for `start`.
    this.starting ??= Promise.all([this.connection.start(), this.loadChecks?.()]).then(
      ([, loaded]) => {
        if (loaded !== undefined) this.checks = loaded;
        this.ready = true;
      },
      (error: unknown) => {
        this.starting = undefined;
        throw error;
      },
    );
    return this.starting;
  }

  /** Ends every listen stream and request, then closes the transport. */
  async close(): Promise<void> {
    this.closing = true;
    this.closer.abort(new TransportClosedError('The client was closed'));
    for (const stream of [...this.streams]) stream.shutdown();
    this.streams.clear();
    await this.connection.close();
  }

  /**
   * Sends one round of `method` and resolves with the checked result. A `-32022` naming a version
   * both sides speak switches the client to it and retries once (basic/versioning.mdx); none in
   * common rejects with `UnsupportedVersionError`.
   */
  send(
    method: string,
    params: Record<string, unknown> | undefined,
    options: CallOptions | undefined,
    handlers: InputHandlers,
    headers?: Record<string, string>,
    call?: InputCall,
  ): Promise<JsonObject> {
    if (!this.ready) return this.start().then(() => this.send(method, params, options, handlers, headers, call));
    try {
      const source = this.mirrorHeaders ? this.extensions.method(method)?.nameSource : undefined;
      const name = source === undefined ? undefined : params?.[source];
      if (typeof name === 'string') headers = { ...headers, 'Mcp-Name': encodeHeaderValue(name) };
      return this.round(method, params, options, handlers, headers, call, false);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * One round trip and its check; after a `-32022`, the one retry. Promise callbacks rather than an
   * async function: this runs for every request, and each await would allocate a frame of its own.
   */
  private round(
    method: string,
    params: Record<string, unknown> | undefined,
    options: CallOptions | undefined,
    handlers: InputHandlers,
    headers: Record<string, string> | undefined,
    call: InputCall | undefined,
    retried: boolean,
  ): Promise<JsonObject> {
    const onProgress = options?.onProgress;
    const token = onProgress === undefined ? undefined : this.progress.open(onProgress);
    const wire = this.meta.params(params, handlers, options?.logLevel ?? this.logLevel, token);
    const pending = this.connection.begin(method, wire, sendOptions(options, headers));
    if (call !== undefined) call.lastId = pending.id;
    if (token !== undefined) this.progress.attach(token, pending);
    return pending.result.then(
      (result) => {
        if (token !== undefined) this.progress.close(token);
        return checkResult(method, result, this.schemas, this.extensions);
      },
      (error: unknown) => {
        if (token !== undefined) this.progress.close(token);
        const retry = retried ? undefined : versionToRetry(error, this.versions);
        if (retry === undefined) throw error;
        if (retry !== this.meta.protocolVersion) this.meta.useVersion(retry);
        return this.round(method, params, options, handlers, headers, call, true);
      },
    );
  }

  /** Switches every later request to `version`. */
  useVersion(version: string): void {
    this.meta.useVersion(version);
  }

  /** stdio: a cancelled or timed-out request is announced with `notifications/cancelled` (HTTP aborts the exchange instead). */
  private cancelMessage(info: CancelInfo): JsonRpcNotification | undefined {
    if (info.transportKind !== 'stream' || this.silenced.delete(info.id) || this.closing) return undefined;
    return { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: info.id, reason: info.error.message } };
  }

  private notification(notification: JsonRpcNotification): void {
    const params = notification.params;
    switch (notification.method) {
      case 'notifications/progress':
        this.progress.deliver(params);
        return;
      case 'notifications/message':
        if (validateLoggingMessageNotificationParams(params)) this.options.onLog?.(params);
        else this.warn('Ignored a malformed notifications/message');
        return;
      case 'notifications/cancelled': {
        // Only a listen stream may be ended this way by the server (basic/patterns/cancellation.mdx).
        const id = params?.requestId as RequestId;
        const stream = this.routes.get(id);
        if (stream === undefined) return;
        this.silenced.add(id);
        stream.serverCancelled();
        return;
      }
    }
    const subscription = (params?._meta as Record<string, unknown> | undefined)?.[META_SUBSCRIPTION_ID];
    if (subscription === undefined) {
      this.warn(`Ignored ${notification.method}: it belongs to no request or subscription`);
      return;
    }
    this.invalidate(notification.method, params as { uri?: unknown } | undefined);
    this.routes.get(subscription as RequestId)?.deliver(notification);
  }

  /** Applies a change notification to the tool index and the cache, at once. */
  private invalidate(method: string, params: { uri?: unknown } | undefined): void {
    if (method === 'notifications/tools/list_changed') this.tools.clear();
    if (this.cache !== undefined) void this.cache.invalidate(method, params);
  }

  /** What listen streams need from the client (kept off the client's public surface). */
  readonly listenHost: ListenHost = {
    open: (stream) => this.openListen(stream),
    route: (id, stream) => {
      if (stream !== undefined) this.routes.set(id, stream);
      else this.routes.delete(id);
    },
    track: (stream) => void this.streams.add(stream),
    ended: (stream) => void this.streams.delete(stream),
    check: (result) => void checkResult('subscriptions/listen', result, this.schemas, this.extensions),
    renegotiate: (error) => this.renegotiate(error),
    missed: (filter) => {
      for (const [method, params] of notificationsCoveredBy(filter)) this.invalidate(method, params);
    },
    warn: (message) => this.warn(message),
    isClosed: () => this.closed,
  };

  private async openListen(stream: Subscription): Promise<PendingRequest<JsonObject>> {
    if (!this.ready) await this.start();
    const params = this.meta.params({ notifications: stream.filter }, this.handlers, undefined, undefined);
    const pending = this.connection.begin<JsonObject>('subscriptions/listen', params, LISTEN_OPTIONS);
    this.routes.set(pending.id, stream);
    return pending;
  }

  private renegotiate(error: unknown): boolean {
    const retry = versionToRetry(error, this.versions);
    if (retry === undefined) return false;
    if (retry !== this.meta.protocolVersion) this.meta.useVersion(retry);
    return true;
  }

  /** Reports a problem that failed nothing. */
  warn(message: string): void {
    if (this.options.onWarning !== undefined) this.options.onWarning(message);
    else console.warn(`[@mcpkit/client] ${message}`);
  }

  report(error: Error): void {
    if (this.options.onError !== undefined) this.options.onError(error);
    else this.warn(error.message);
  }
}

/** A listen stream has no idle timeout and no maximum: it lasts until one side ends it. */
const LISTEN_OPTIONS: RequestOptions = { timeoutMs: 0, maxTotalTimeoutMs: 0 };

/** `CallOptions` already has the `Connection` option names; a new object only when headers are added. */
function sendOptions(options: CallOptions | undefined, headers: Record<string, string> | undefined): RequestOptions | undefined {
  if (headers === undefined) return options;
  return { signal: options?.signal, timeoutMs: options?.timeoutMs, maxTotalTimeoutMs: options?.maxTotalTimeoutMs, headers };
}

/**
 * A set of checks must name at least one: a module namespace passed by mistake
 * (`() => import('@mcpkit/client/result-validators')` without `.then((m) => m.resultValidators)`) or
 * `{}` would otherwise switch every check off without a word.
 */
function checkSet(value: unknown, what: string): ResultValidators {
  const set = value as ResultValidators | null | undefined;
  const results = set?.results;
  const compile = set?.compileOutputSchema;
  const resultsOk = results === undefined || (typeof results === 'object' && results !== null && typeof results.generic === 'function');
  const compileOk = compile === undefined || typeof compile === 'function';
  if (typeof value !== 'object' || value === null || !resultsOk || !compileOk || (results === undefined && compile === undefined)) {
    throw new TypeError(
      `${what} holds no checks (neither results nor compileOutputSchema): pass resultValidators itself (for a loader, import('@mcpkit/client/result-validators').then((m) => m.resultValidators)), or false for none`,
    );
  }
  return set as ResultValidators;
}
