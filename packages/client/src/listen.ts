import { RemoteError, type JsonObject, type JsonRpcNotification, type PendingRequest, type RequestId } from '@mcpkit/jsonrpc';
import type { SubscriptionFilter } from '@mcpkit/schema';
import { ErrorCode, META_SUBSCRIPTION_ID } from '@mcpkit/schema/2026-07-28/core';
import { validateSubscriptionsAcknowledgedNotificationParams } from '@mcpkit/schema/2026-07-28/validators/notifications';
import { ProtocolError } from './errors.js';
import { compareFilters, filterAllows } from './listen-filter.js';
import type { ListenAcknowledgement, ListenNotification, ListenOptions, ListenStream, ReconnectOptions } from './mcp-client.js';
import { NotificationQueue } from './notification-queue.js';

/** What a listen stream needs from its client. */
export interface ListenHost {
  /**
   * Sends `subscriptions/listen` for the stream's filter (starting the transport if needed) and routes
   * notifications tagged with the new id to it from that moment on, before any reply can arrive.
   */
  open(stream: Subscription): Promise<PendingRequest<JsonObject>>;
  /** Routes notifications tagged with `id` to `stream` (or stops when `stream` is undefined). */
  route(id: RequestId, stream: Subscription | undefined): void;
  /** A new stream exists (so closing the client can end it). */
  track(stream: Subscription): void;
  /** The stream ended for good (closed, finished or failed). */
  ended(stream: Subscription): void;
  /** Checks the final listen result (throws `InvalidResultError`). */
  check(result: JsonObject): void;
  /** Switches version after a `-32022` to a listen; true when a retry makes sense. */
  renegotiate(error: unknown): boolean;
  /** Invalidates what the filter covers: notifications may have been missed while the stream was down. */
  missed(filter: SubscriptionFilter): void;
  /** True once the client or its transport closed. */
  isClosed(): boolean;
  warn(message: string): void;
}

/**
 * One `subscriptions/listen` subscription as an async iterator (basic/patterns/subscriptions.mdx):
 * the first message must be the acknowledgement, which is compared with what was asked; only
 * granted notification types are delivered; the final listen result (or, on stdio, the server's
 * `notifications/cancelled`) ends the iteration cleanly; an unexpected drop either fails it or,
 * with `reconnect`, listens again after a backoff (a new request: subscriptions do not survive).
 */
export class Subscription implements ListenStream {
  readonly acknowledged: Promise<ListenAcknowledgement>;
  private resolveAck!: (ack: ListenAcknowledgement) => void;
  private rejectAck!: (error: Error) => void;
  private ackSettled = false;
  private pending: PendingRequest<JsonObject> | undefined;
  private granted: SubscriptionFilter | undefined;
  private readonly queue: NotificationQueue<ListenNotification>;
  private ended = false;
  private attempts = 0;
  private renegotiated = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly reconnect: (Required<Omit<ReconnectOptions, 'onReconnect'>> & Pick<ReconnectOptions, 'onReconnect'>) | undefined;

  constructor(
    readonly filter: SubscriptionFilter,
    private readonly host: ListenHost,
    options: ListenOptions = {},
  ) {
    this.acknowledged = new Promise((resolve, reject) => {
      this.resolveAck = resolve;
      this.rejectAck = reject;
    });
    this.acknowledged.catch(() => {});
    this.queue = new NotificationQueue((message) => host.warn(message));
    host.track(this);
    const r = options.reconnect;
    this.reconnect =
      r === undefined || r === false
        ? undefined
        : {
            initialDelayMs: (r === true ? undefined : r.initialDelayMs) ?? 250,
            maxDelayMs: (r === true ? undefined : r.maxDelayMs) ?? 30_000,
            maxAttempts: (r === true ? undefined : r.maxAttempts) ?? 10,
            onReconnect: r === true ? undefined : r.onReconnect,
          };
    const signal = options.signal;
    if (signal?.aborted) {
      this.close();
      return;
    }
    signal?.addEventListener('abort', () => this.close(), { once: true });
    void this.start();
  }

  /** The id of the listen request now carrying the subscription (a new one after each reconnect). */
  get id(): RequestId | undefined {
    return this.pending?.id;
  }

  private async start(): Promise<void> {
    let pending: PendingRequest<JsonObject>;
    try {
      this.granted = undefined;
      pending = await this.host.open(this);
    } catch (error) {
      this.dropped(error);
      return;
    }
    if (this.ended) {
      this.host.route(pending.id, undefined);
      pending.cancel('listen closed');
      return;
    }
    this.pending = pending;
    pending.result.then(
      (result) => this.serverEnded(pending, result),
      (error: unknown) => {
        if (this.pending === pending) this.dropped(error);
      },
    );
  }

  /** A notification tagged with this subscription's id. */
  deliver(notification: JsonRpcNotification): void {
    if (this.ended) return;
    if (notification.method === 'notifications/subscriptions/acknowledged') {
      const params = notification.params;
      if (!validateSubscriptionsAcknowledgedNotificationParams(params)) {
        this.host.warn('Ignored a malformed notifications/subscriptions/acknowledged');
        return;
      }
      const { granted, denied, unasked } = compareFilters(this.filter, params.notifications);
      if (unasked !== undefined) this.host.warn(`The server acknowledged what the listen did not ask for (${unasked}); ignored`);
      this.granted = granted;
      this.attempts = 0;
      if (!this.ackSettled) {
        this.ackSettled = true;
        this.resolveAck({ granted, denied });
      }
      this.queue.push(notification as ListenNotification);
      return;
    }
    if (this.granted === undefined) {
      this.host.warn(`Ignored ${notification.method} that arrived before the listen was acknowledged`);
    } else if (!filterAllows(this.granted, notification as ListenNotification)) {
      this.host.warn(`Ignored ${notification.method}: the listen was not granted it`);
    } else {
      this.queue.push(notification as ListenNotification);
    }
  }

  /** The server ended the subscription with `notifications/cancelled` (stdio): a graceful end. */
  serverCancelled(): void {
    const pending = this.pending;
    this.finish(new ProtocolError('subscriptions/listen', 'The server ended the subscription before acknowledging it'));
    pending?.cancel('ended by the server');
  }

  /** Ends the subscription (stdio sends `notifications/cancelled`, HTTP closes the stream); iteration ends at once, unread notifications are dropped. */
  close(): void {
    this.queue.clear();
    if (this.ended) return;
    const pending = this.pending;
    this.finish(new ProtocolError('subscriptions/listen', 'The listen was closed before it was acknowledged'));
    pending?.cancel('listen closed');
  }

  /** The client is closing: end without sending anything (the transport is going away). */
  shutdown(): void {
    this.finish(new ProtocolError('subscriptions/listen', 'The client closed before the listen was acknowledged'));
  }

  next(): Promise<IteratorResult<ListenNotification>> {
    return this.queue.next();
  }

  async return(): Promise<IteratorResult<ListenNotification>> {
    this.close();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private serverEnded(pending: PendingRequest<JsonObject>, result: JsonObject): void {
    if (this.pending !== pending || this.ended) return;
    try {
      this.host.check(result);
      const tag = (result._meta as Record<string, unknown> | undefined)?.[META_SUBSCRIPTION_ID];
      if (tag !== pending.id) this.host.warn(`The final listen result names subscription ${JSON.stringify(tag)}, not ${JSON.stringify(pending.id)}`);
    } catch (error) {
      this.host.warn((error as Error).message);
    }
    this.finish(new ProtocolError('subscriptions/listen', 'The server ended the subscription before acknowledging it'));
  }

  private dropped(error: unknown): void {
    if (this.ended) return;
    if (this.pending !== undefined) this.host.route(this.pending.id, undefined);
    this.pending = undefined;
    try {
      if (!this.renegotiated && this.host.renegotiate(error)) {
        this.renegotiated = true;
        void this.start();
        return;
      }
    } catch (noCommonVersion) {
      this.fail(noCommonVersion as Error);
      return;
    }
    const failure = error instanceof Error ? error : new Error(String(error));
    const reconnect = this.reconnect;
    // A refusal (an error before the acknowledgement) is final. An internal error that ends a stream
    // the server had acknowledged is trouble on its side (a lost event bus: "listen again"), as good
    // as a drop.
    const refused = error instanceof RemoteError && !(error.code === ErrorCode.InternalError && this.granted !== undefined);
    if (reconnect === undefined || refused || this.host.isClosed() || this.attempts >= reconnect.maxAttempts) {
      this.fail(failure);
      return;
    }
    this.attempts++;
    const base = Math.min(reconnect.maxDelayMs, reconnect.initialDelayMs * 2 ** (this.attempts - 1));
    const delay = base / 2 + (Math.random() * base) / 2;
    this.host.missed(this.filter);
    try {
      reconnect.onReconnect?.(this.attempts, failure);
    } catch {
      // A throwing observer must not stop the reconnection.
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.ended) void this.start();
    }, delay);
  }

  private finish(ackError: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.stop();
    if (!this.ackSettled) {
      this.ackSettled = true;
      this.rejectAck(ackError);
    }
    this.queue.end();
  }

  private fail(error: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.stop();
    if (!this.ackSettled) {
      this.ackSettled = true;
      this.rejectAck(error);
    }
    this.queue.fail(error);
  }

  private stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending !== undefined) this.host.route(this.pending.id, undefined);
    this.host.ended(this);
  }
}
