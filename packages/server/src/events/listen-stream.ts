import type { JsonRpcNotification, RequestId } from '@mcpkit/jsonrpc';
import { META_SUBSCRIPTION_ID, type SubscriptionFilter } from '@mcpkit/schema';
import type { ServerEvent } from './event-bus.js';

/**
 * How a listen stream ended: the server closed it, the client went away / cancelled, or the event
 * bus was lost (events may have been missed: the client is told and listens again).
 */
export type StreamEnd = 'closed' | 'aborted' | 'failed';

const METHOD: Record<Exclude<ServerEvent['type'], 'extension'>, string> = {
  'tools/list_changed': 'notifications/tools/list_changed',
  'prompts/list_changed': 'notifications/prompts/list_changed',
  'resources/list_changed': 'notifications/resources/list_changed',
  'resources/updated': 'notifications/resources/updated',
};

/** Whether `uri` is `subscribed` or a sub-resource of it (basic/patterns/subscriptions.mdx, resources.mdx). */
export function coversUri(subscribed: string, uri: string): boolean {
  if (uri === subscribed) return true;
  if (!uri.startsWith(subscribed)) return false;
  return subscribed.endsWith('/') || '/?#'.includes(uri[subscribed.length]!);
}

/** What makes two waiting events the same change (for coalescing). */
function pendingKey(event: ServerEvent): string {
  if (event.type === 'resources/updated') return `u:${event.uri}`;
  if (event.type === 'extension') return `x:${event.key}:${event.topic}`;
  return event.type;
}

/**
 * One `subscriptions/listen` stream: filters events by the granted subset, tags each notification
 * with the subscription id (keeping its JSON type), and sends them one at a time through the
 * request's own notify (backpressure). Events that pile up on a slow stream are coalesced: a
 * pending list_changed or an update of the same URI is not queued twice.
 */
export class ListenStream {
  /** Resolves once, when the stream ends. */
  readonly ended: Promise<StreamEnd>;
  private resolveEnd!: (how: StreamEnd) => void;
  private readonly queue: ServerEvent[] = [];
  private readonly pending = new Set<string>();
  private started = false;
  private pumping = false;
  private done = false;

  constructor(
    readonly id: RequestId,
    private readonly granted: SubscriptionFilter,
    private readonly notify: (notification: JsonRpcNotification) => Promise<void>,
  ) {
    this.ended = new Promise((resolve) => (this.resolveEnd = resolve));
  }

  /**
   * Queues an event if the stream's filter wants it. A change already waiting is not queued twice;
   * an extension's notification replaces the one of the same topic still waiting (it carries the
   * newer state).
   */
  deliver(event: ServerEvent): void {
    if (this.done || !this.wants(event)) return;
    const key = pendingKey(event);
    if (this.pending.has(key)) {
      if (event.type === 'extension') {
        const at = this.queue.findIndex((queued) => pendingKey(queued) === key);
        if (at >= 0) this.queue[at] = event;
      }
      return;
    }
    this.pending.add(key);
    this.queue.push(event);
    void this.pump();
  }

  /** Starts sending queued and future events (called once the acknowledgment is out). */
  start(): void {
    this.started = true;
    void this.pump();
  }

  /** Ends the stream (idempotent); queued events are dropped. */
  end(how: StreamEnd): void {
    if (this.done) return;
    this.done = true;
    this.queue.length = 0;
    this.resolveEnd(how);
  }

  /** The notification announcing `event` on this stream. */
  notificationFor(event: ServerEvent): JsonRpcNotification {
    if (event.type === 'extension') {
      const own = event.notification.params ?? {};
      const meta = { ...(own._meta as Record<string, unknown> | undefined), [META_SUBSCRIPTION_ID]: this.id };
      return { jsonrpc: '2.0', method: event.notification.method, params: { ...own, _meta: meta } as JsonRpcNotification['params'] };
    }
    const params: Record<string, unknown> = { _meta: { [META_SUBSCRIPTION_ID]: this.id } };
    if (event.type === 'resources/updated') params.uri = event.uri;
    return { jsonrpc: '2.0', method: METHOD[event.type], params };
  }

  private wants(event: ServerEvent): boolean {
    switch (event.type) {
      case 'tools/list_changed':
        return this.granted.toolsListChanged === true;
      case 'prompts/list_changed':
        return this.granted.promptsListChanged === true;
      case 'resources/list_changed':
        return this.granted.resourcesListChanged === true;
      case 'resources/updated':
        return (this.granted.resourceSubscriptions ?? []).some((subscribed) => coversUri(subscribed, event.uri));
      case 'extension': {
        const topics = (this.granted as Record<string, unknown>)[event.key];
        return Array.isArray(topics) && topics.includes(event.topic);
      }
    }
  }

  private async pump(): Promise<void> {
    if (this.pumping || !this.started) return;
    this.pumping = true;
    try {
      while (!this.done && this.queue.length > 0) {
        const event = this.queue.shift()!;
        this.pending.delete(pendingKey(event));
        await this.notify(this.notificationFor(event));
      }
    } catch {
      // The transport could not send: the stream is gone.
      this.end('aborted');
    } finally {
      this.pumping = false;
    }
  }
}
