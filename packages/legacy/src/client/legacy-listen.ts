import type { ListenAcknowledgement, ListenNotification, ListenOptions, ListenStream } from '@mcpkit/client';
import { filterAllows, NotificationQueue } from '@mcpkit/client/internal';
import type { JsonRpcNotification } from '@mcpkit/jsonrpc';
import type { SubscriptionFilter } from '@mcpkit/schema';
import type { ServerCapabilities } from '@mcpkit/schema/2025-11-25';

/**
 * `listen(filter)` on a legacy session, with the feel of a modern `subscriptions/listen` stream:
 * the list-changed notifications the server declared (`listChanged` capabilities) and
 * `resources/subscribe` for each requested URI when the server declared `resources.subscribe`
 * (2025-11-25 server/resources.mdx, "Subscriptions"). The first item is an acknowledgement built
 * from what was granted, so `acknowledged` and the iteration behave as in the modern era.
 */

/** What a legacy listen stream needs from its client. */
export interface LegacyListenHost {
  /** The server's session capabilities (initializing the session if needed). */
  capabilities(): Promise<ServerCapabilities>;
  /** Holds a subscription to `uri` (shared between streams); false when the server refused it. */
  hold(uri: string): Promise<boolean>;
  /** Gives one hold back; the last one sends `resources/unsubscribe`. */
  release(uri: string): void;
  /** Starts routing the session's notifications to `deliver`; returns the detach. */
  attach(deliver: (notification: JsonRpcNotification) => void): () => void;
  warn(message: string): void;
}

/** One emulated subscription, iterated like a modern listen stream. */
export class LegacyListen implements ListenStream {
  readonly acknowledged: Promise<ListenAcknowledgement>;
  private settleAck!: (ack: ListenAcknowledgement | Error) => void;
  private granted: SubscriptionFilter | undefined;
  private readonly queue: NotificationQueue<ListenNotification>;
  private detach: (() => void) | undefined;
  private ended = false;

  constructor(
    readonly filter: SubscriptionFilter,
    private readonly host: LegacyListenHost,
    private readonly onEnd: (stream: LegacyListen) => void,
    options: ListenOptions = {},
  ) {
    this.acknowledged = new Promise<ListenAcknowledgement>((resolve, reject) => {
      this.settleAck = (ack) => (ack instanceof Error ? reject(ack) : resolve(ack));
    });
    this.acknowledged.catch(() => {});
    this.queue = new NotificationQueue((message) => host.warn(message));
    if (options.signal?.aborted) {
      this.close();
      return;
    }
    options.signal?.addEventListener('abort', () => this.close(), { once: true });
    void this.start();
  }

  private async start(): Promise<void> {
    let capabilities: ServerCapabilities;
    try {
      capabilities = await this.host.capabilities();
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (this.ended) return;
    // Route first, so nothing sent while the subscriptions are being made is lost.
    this.detach = this.host.attach((notification) => this.deliver(notification));
    const granted: SubscriptionFilter = {};
    const denied: SubscriptionFilter = {};
    const flag = (name: 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged', declared: boolean | undefined): void => {
      if (this.filter[name] !== true) return;
      if (declared === true) granted[name] = true;
      else denied[name] = true;
    };
    flag('toolsListChanged', capabilities.tools?.listChanged);
    flag('promptsListChanged', capabilities.prompts?.listChanged);
    flag('resourcesListChanged', capabilities.resources?.listChanged);
    const uris = [...new Set(this.filter.resourceSubscriptions ?? [])];
    const held = capabilities.resources?.subscribe === true ? await Promise.all(uris.map((uri) => this.host.hold(uri))) : uris.map(() => false);
    const yes = uris.filter((_, i) => held[i]);
    const no = uris.filter((_, i) => !held[i]);
    if (yes.length > 0) granted.resourceSubscriptions = yes;
    if (no.length > 0) denied.resourceSubscriptions = no;
    this.granted = granted;
    if (this.ended) {
      for (const uri of yes) this.host.release(uri);
      return;
    }
    this.settleAck({ granted, denied });
    const ack = { jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: granted } };
    this.queue.push(ack as unknown as ListenNotification);
  }

  /** A notification of the session; delivered when the granted filter covers it. */
  deliver(notification: JsonRpcNotification): void {
    const granted = this.granted;
    if (this.ended || granted === undefined || !filterAllows(granted, notification)) return;
    this.queue.push(notification as unknown as ListenNotification);
  }

  /** Ends the subscription: `resources/unsubscribe` for URIs no other stream holds; iteration ends at once. */
  close(): void {
    this.queue.clear();
    this.finish(undefined);
  }

  /** The session ended under the stream (the transport closed): iteration fails with `error`. */
  fail(error: Error): void {
    this.finish(error);
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

  private finish(error: Error | undefined): void {
    if (this.ended) return;
    this.ended = true;
    this.detach?.();
    for (const uri of this.granted?.resourceSubscriptions ?? []) this.host.release(uri);
    this.settleAck(error ?? new Error('The listen was closed before it was acknowledged'));
    this.onEnd(this);
    if (error !== undefined) this.queue.fail(error);
    else this.queue.end();
  }
}
