import type { DispatchContext, RequestId, TransportInfo } from '@mcpkit/jsonrpc';
import type { ClientCapabilities, Implementation, InputRequest, LoggingLevel, ProgressToken } from '@mcpkit/schema';
import { clientSupports } from '../mrtr/capability-gate.js';
import { NO_INPUT_RESPONSES, type InputResponsesReader } from '../mrtr/input-responses.js';
import { atOrAbove } from '../util/log-levels.js';
import type { Principal } from '../util/principal.js';

/** The protocol fields of a request's `_meta`, read once by dispatch. */
export interface RequestMeta {
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly clientInfo: Implementation | undefined;
  readonly logLevel: LoggingLevel | undefined;
  readonly progressToken: ProgressToken | undefined;
  /** The whole `_meta` object as the client sent it. */
  readonly raw: Readonly<Record<string, unknown>>;
}

/**
 * What a handler knows about the request it serves, and how it talks back while working. One per
 * request, created by dispatch; nothing in it outlives the request.
 */
export class RequestContext {
  /** The request's JSON-RPC id. */
  readonly requestId: RequestId;
  /** The request's method. */
  readonly method: string;
  /** Version, capabilities, client info, log level and progress token from `_meta`. */
  readonly meta: RequestMeta;
  /** The authenticated caller, when an authorization layer established one. */
  readonly principal: Principal | undefined;
  /** The answers of a retried MRTR request (empty on a first attempt). */
  input: InputResponsesReader = NO_INPUT_RESPONSES;
  /** The state this handler sealed in the previous round, verified (undefined on a first attempt). */
  state: unknown = undefined;

  private lastProgress = -Infinity;
  private finished = false;

  constructor(
    requestId: RequestId,
    method: string,
    meta: RequestMeta,
    principal: Principal | undefined,
    private readonly dispatch: DispatchContext,
    private readonly loggingEnabled: boolean,
  ) {
    this.requestId = requestId;
    this.method = method;
    this.meta = meta;
    this.principal = principal;
  }

  /** Aborted when the client cancels the request or goes away: stop working, nothing more is sent. */
  get signal(): AbortSignal {
    return this.dispatch.signal;
  }

  /** Facts from the transport (its name, request headers on HTTP). */
  get transport(): TransportInfo {
    return this.dispatch.transport;
  }

  /**
   * The settings the request's client declared for extension `id` in its capabilities, or
   * `undefined` when it did not declare the extension (basic/versioning.mdx "Extensions").
   */
  clientExtension(id: string): Readonly<Record<string, unknown>> | undefined {
    const declared = this.meta.clientCapabilities.extensions?.[id];
    return declared !== null && typeof declared === 'object' && !Array.isArray(declared) ? declared : undefined;
  }

  /** Whether the client declared, in this request, every capability `request` needs. */
  supports(request: InputRequest): boolean {
    return clientSupports(request, this.meta.clientCapabilities);
  }

  /**
   * Reports progress (basic/patterns/progress.mdx). Sent only when the request carried a
   * `progressToken`; otherwise a no-op. `progress` must grow with every call: a value that does not
   * is refused with a `RangeError`.
   */
  progress(progress: number, total?: number, message?: string): Promise<void> {
    const token = this.meta.progressToken;
    if (token === undefined || this.finished) return Promise.resolve();
    if (!(progress > this.lastProgress)) {
      return Promise.reject(new RangeError(`progress must increase with every notification (got ${progress} after ${this.lastProgress})`));
    }
    this.lastProgress = progress;
    const params: Record<string, unknown> = { progressToken: token, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined) params.message = message;
    return this.dispatch.notify({ jsonrpc: '2.0', method: 'notifications/progress', params });
  }

  /**
   * Sends a log message on this request's own stream (server/utilities/logging.mdx, deprecated).
   * Sent only when the request opted in with `io.modelcontextprotocol/logLevel` and `level` is at
   * or above it; otherwise a no-op.
   */
  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    const threshold = this.meta.logLevel;
    if (!this.loggingEnabled || threshold === undefined || this.finished || !atOrAbove(level, threshold)) return Promise.resolve();
    const params: Record<string, unknown> = { level, data };
    if (logger !== undefined) params.logger = logger;
    return this.dispatch.notify({ jsonrpc: '2.0', method: 'notifications/message', params });
  }

  /** Called by dispatch when the answer is ready: later progress and log calls are dropped. */
  finish(): void {
    this.finished = true;
  }
}
