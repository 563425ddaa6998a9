import { pickVersion, traceTransport, UnsupportedInEraError, type CallOptions, type ExtraCapabilities, type InputHandlers } from '@mcpkit/client';
import { ProgressRouter } from '@mcpkit/client/internal';
import { Connection, RemoteError, type CancelInfo, type JsonObject, type JsonRpcNotification, type MessageTransport, type RequestId } from '@mcpkit/jsonrpc';
import {
  validateLoggingMessageNotificationParams,
  validateProgressNotificationParams,
  type Implementation,
  type InitializeResult,
} from '@mcpkit/schema/2025-11-25';
import { LegacyHandshakeError, SessionExpiredError } from './errors.js';
import { LEGACY_PROTOCOL_VERSIONS } from '../shared/versions.js';
import type { LegacySessionOptions } from './session-options.js';
import { initializeParams, legacyCapabilities, readInitializeResult } from './legacy-handshake.js';
import { supportedOf } from './probe-reading.js';
import { serverRequestDispatcher } from './server-requests.js';

/** A request sent on the session's connection as it is, without waiting for the handshake. */
export type RawRequest = (method: string, params?: JsonObject) => Promise<JsonObject>;

/** The notifications a listen stream may want. */
const LISTEN_METHODS = new Set([
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/resources/list_changed',
  'notifications/resources/updated',
]);

/**
 * One 2025-11-25 session over any transport (basic/lifecycle.mdx): `initialize`, then
 * `notifications/initialized`, then requests in both directions. It owns the `Connection`, answers
 * the server's requests with the input handlers, honours `notifications/cancelled` both ways, routes
 * progress and log messages, and, when an HTTP server ends the session (404), initializes a new
 * one and retries the request that noticed.
 */
export class LegacySession {
  readonly connection: Connection;
  readonly handlers: InputHandlers;
  private readonly versions: readonly string[];
  private readonly extra: ExtraCapabilities;
  private readonly clientInfo: Implementation;
  private readonly progress: ProgressRouter;
  private readonly listeners = new Set<(notification: JsonRpcNotification) => void>();
  private readonly toolListWatchers: Array<() => void> = [];
  private readonly initializedHooks: Array<(request: RawRequest) => Promise<void>> = [];
  private handshake: Promise<InitializeResult> | undefined;
  private renewing: Promise<void> | undefined;
  private result: InitializeResult | undefined;
  /** Counts sessions: a request that failed on an older one is retried without renewing again. */
  private generation = 0;
  private expired = false;
  private closing = false;
  private warnedLogLevel = false;

  constructor(
    transport: MessageTransport,
    private readonly options: LegacySessionOptions,
    clientName: Implementation,
  ) {
    this.handlers = options.handlers ?? {};
    this.extra = options.capabilities ?? {};
    this.clientInfo = options.clientInfo ?? clientName;
    this.versions = options.protocolVersions ?? LEGACY_PROTOCOL_VERSIONS;
    if (this.versions.length === 0) throw new TypeError('protocolVersions must name at least one legacy version');
    this.progress = new ProgressRouter(
      (message) => this.warn(message),
      (error) => this.report(error),
      validateProgressNotificationParams,
    );
    const wire = options.trace === undefined ? transport : traceTransport(transport, options.trace);
    this.connection = new Connection(wire, {
      timeoutMs: options.timeoutMs,
      maxTotalTimeoutMs: options.maxTotalTimeoutMs,
      maxInFlight: options.maxInFlight,
      dispatcher: serverRequestDispatcher({
        handlers: this.handlers,
        report: (error) => this.report(error),
        protocolVersion: () => this.protocolVersion,
        warn: (message) => this.warn(message),
      }),
      onCancel: (info) => this.cancelMessage(info),
      onError: (error) => this.transportError(error),
    });
    this.connection.onNotification((notification) => this.notification(notification));
  }

  /** The negotiated version once initialized; before that, the one `initialize` will ask for. */
  get protocolVersion(): string {
    return this.result?.protocolVersion ?? (this.versions[0] as string);
  }

  /** The server's answer to the last `initialize`. */
  get initializeResult(): InitializeResult | undefined {
    return this.result;
  }

  /** True once closed or the transport ended. */
  get closed(): boolean {
    return this.closing || this.connection.closed;
  }

  /**
   * Runs the handshake once (later calls share it): `initialize` with the preferred version, one
   * retry with a common version when the server's version error lists one, then
   * `notifications/initialized`. A version the client does not speak closes the session.
   */
  initialize(): Promise<InitializeResult> {
    this.handshake ??= this.runHandshake().catch((error: unknown) => {
      this.handshake = undefined;
      throw error;
    });
    return this.handshake;
  }

  /** Sends a request once the session is up; a session the server ended is renewed and the request retried once. */
  async request(method: string, params: object | undefined, options?: CallOptions): Promise<JsonObject> {
    if (options?.handlers !== undefined) {
      // Capabilities are declared once, by initialize: there is no per-request set in this era.
      throw new UnsupportedInEraError('CallOptions.handlers', 'legacy', this.protocolVersion);
    }
    if (options?.logLevel !== undefined && !this.warnedLogLevel) {
      this.warnedLogLevel = true;
      this.warn('CallOptions.logLevel has no per-request meaning in the legacy era; use setLoggingLevel() for the session');
    }
    if (this.expired) await this.renew(this.generation);
    else await this.initialize();
    const generation = this.generation;
    try {
      return await this.once(method, params, options);
    } catch (error) {
      if (!(error instanceof SessionExpiredError) || this.closing || options?.signal?.aborted) throw error;
      await this.renew(generation);
      return this.once(method, params, options);
    }
  }

  /** Sends a notification once the session is up. */
  async notify(method: string, params?: JsonObject): Promise<void> {
    await this.initialize();
    await this.connection.notify(method, params);
  }

  /** Receives the list-changed and resource-updated notifications (listen streams); returns the unsubscribe. */
  onListenNotification(listener: (notification: JsonRpcNotification) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Told of every `notifications/tools/list_changed`, whoever else receives it (what the client knows of tools is stale). */
  onToolListChanged(watcher: () => void): void {
    this.toolListWatchers.push(watcher);
  }

  /**
   * Runs after every handshake (the first and each renewed session), before any queued request goes
   * out: restoring the log level, subscribing again. The hook's requests bypass the session's gate.
   */
  onInitialized(hook: (request: RawRequest) => Promise<void>): void {
    this.initializedHooks.push(hook);
  }

  /** Ends the session and closes the transport (stdio: stdin EOF then signals; HTTP: DELETE). */
  async close(): Promise<void> {
    this.closing = true;
    await this.connection.close();
  }

  warn(message: string): void {
    if (this.options.onWarning !== undefined) this.options.onWarning(message);
    else console.warn(`[@mcpkit/legacy] ${message}`);
  }

  report(error: Error): void {
    if (this.options.onError !== undefined) this.options.onError(error);
    else this.warn(error.message);
  }

  private async runHandshake(): Promise<InitializeResult> {
    await this.connection.start();
    const capabilities = legacyCapabilities(this.handlers, this.extra);
    let version = this.versions[0] as string;
    for (let attempt = 0; ; attempt++) {
      let raw: JsonObject;
      try {
        raw = await this.connection.request('initialize', initializeParams(version, capabilities, this.clientInfo) as unknown as JsonObject);
      } catch (error) {
        // lifecycle.mdx "Error Handling": a version error lists what the server supports; take a common legacy one.
        const supported = error instanceof RemoteError ? supportedOf(error.data) : undefined;
        const common = supported === undefined ? undefined : pickVersion(this.versions, supported);
        if (attempt === 0 && common !== undefined && common !== version) {
          version = common;
          continue;
        }
        throw error;
      }
      let result: InitializeResult;
      try {
        result = readInitializeResult(raw, this.versions);
      } catch (error) {
        if (error instanceof LegacyHandshakeError) await this.close();
        throw error;
      }
      this.result = result;
      this.expired = false;
      this.generation++;
      await this.connection.notify('notifications/initialized');
      const direct: RawRequest = (method, params) => this.connection.request(method, params);
      for (const hook of this.initializedHooks) await hook(direct).catch((error: unknown) => this.warn((error as Error).message));
      return result;
    }
  }

  /** Initializes a new session after the server ended the one `generation` names (at most once per generation). */
  private renew(generation: number): Promise<void> {
    if (generation !== this.generation && !this.expired) return Promise.resolve();
    this.renewing ??= (async () => {
      this.handshake = undefined;
      this.result = undefined;
      await this.initialize();
    })().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  private async once(method: string, params: object | undefined, options: CallOptions | undefined): Promise<JsonObject> {
    const onProgress = options?.onProgress;
    const token = onProgress === undefined ? undefined : this.progress.open(onProgress);
    let wire = params as JsonObject | undefined;
    if (token !== undefined) wire = { ...params, _meta: { ...((params as JsonObject | undefined)?._meta as JsonObject | undefined), progressToken: token } };
    const pending = this.connection.begin<JsonObject>(method, wire, {
      signal: options?.signal,
      timeoutMs: options?.timeoutMs,
      maxTotalTimeoutMs: options?.maxTotalTimeoutMs,
    });
    if (token !== undefined) this.progress.attach(token, pending);
    try {
      return await pending.result;
    } finally {
      if (token !== undefined) this.progress.close(token);
    }
  }

  /** cancellation.mdx: say it with `notifications/cancelled` on every transport (a disconnect is not a cancellation), never for `initialize`. */
  private cancelMessage(info: CancelInfo): JsonRpcNotification | undefined {
    if (info.method === 'initialize' || this.closing) return undefined;
    return { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: info.id, reason: info.error.message } };
  }

  private transportError(error: Error): void {
    if (error instanceof SessionExpiredError) {
      // The server ended the session while we were idle (seen on the GET stream): renew now when
      // something depends on server state (subscriptions), otherwise at the next request.
      this.expired = true;
      if (this.listeners.size > 0 && !this.closing) void this.renew(this.generation).catch((renewError: unknown) => this.report(renewError as Error));
      return;
    }
    this.report(error);
  }

  private notification(notification: JsonRpcNotification): void {
    const { method, params } = notification;
    if (method === 'notifications/progress') return this.progress.deliver(params);
    if (method === 'notifications/cancelled') {
      this.connection.cancelIncoming(params?.requestId as RequestId, params?.reason);
      return;
    }
    if (method === 'notifications/message') {
      if (validateLoggingMessageNotificationParams(params)) this.options.onLog?.(params);
      else this.warn('Ignored a malformed notifications/message');
      return;
    }
    if (method === 'notifications/tools/list_changed') for (const watcher of this.toolListWatchers) watcher();
    if (LISTEN_METHODS.has(method)) {
      for (const listener of this.listeners) listener(notification);
      if (this.listeners.size > 0) return;
    }
    this.options.onNotification?.(notification);
  }
}
