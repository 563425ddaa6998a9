import type { DetachedRequest, DispatchContext, JsonRpcNotification, JsonRpcResponse, RequestId } from '@mcpkit/jsonrpc';
import type { SubscriptionFilter } from '@mcpkit/schema';
import { META_SUBSCRIPTION_ID } from '@mcpkit/schema/2026-07-28/core';
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

/** What a stream needs to hear when it ends, and to answer a detached request with. */
export interface StreamOwner {
  /** Called once when the stream ends (the hub drops it). */
  streamEnded(stream: ListenStream): void;
  /** The final answer of a stream that ended `how` (`null` when nothing is sent). */
  answerFor(stream: ListenStream, how: StreamEnd): JsonRpcResponse | null;
}

/**
 * One `subscriptions/listen` stream: filters events by the granted subset, tags each notification
 * with the subscription id (keeping its JSON type), and sends them one at a time through the
 * request's own notify (backpressure). Events that pile up on a slow stream are coalesced: a
 * pending list_changed or an update of the same URI is not queued twice.
 *
 * While idle it is a plain record (id, filter, the request's context) in the hub's set: nothing
 * awaits per stream. On a transport that offers `detach`, the request's dispatch has returned and
 * the stream answers through `context.answer` when it ends; elsewhere the handler awaits `ended()`.
 * The queue exists only while events wait (a slow reader); the one async loop runs only then.
 */
export class ListenStream implements DetachedRequest {
  private queue: ServerEvent[] | undefined;
  private pending: Set<string> | undefined;
  private started = false;
  private pumping = false;
  private how: StreamEnd | undefined;
  private detached = false;
  private waiter: ((how: StreamEnd) => void) | undefined;
  /** Set by the hub while the stream is in its set. */
  owner: StreamOwner | undefined;

  constructor(
    readonly id: RequestId,
    /** The granted subset. */
    readonly filter: SubscriptionFilter,
    /** The request's context: where the stream writes, and (detached) answers. */
    readonly context: DispatchContext,
  ) {}

  /** How the stream ended, or `undefined` while it is open. */
  get endedHow(): StreamEnd | undefined {
    return this.how;
  }

  /** Resolves once, when the stream ends (for a handler that keeps its dispatch pending). */
  ended(): Promise<StreamEnd> {
    if (this.how !== undefined) return Promise.resolve(this.how);
    return new Promise((resolve) => (this.waiter = resolve));
  }

  /**
   * Detaches the request from its dispatch (`DispatchContext.detach`): from now on the stream
   * answers it itself when it ends. False when the transport cannot.
   */
  detach(): boolean {
    if (this.how !== undefined || this.context.detach === undefined || this.context.answer === undefined) return false;
    // Set first: a client already gone is told at once (`cancelled`), and the stream must answer then.
    this.detached = true;
    if (this.context.detach(this)) return true;
    this.detached = false;
    return false;
  }

  /** @internal The transport's word that the client went away (a detached request). */
  cancelled(): void {
    this.end('aborted');
  }

  /**
   * Queues an event if the stream's filter wants it. A change already waiting is not queued twice;
   * an extension's notification replaces the one of the same topic still waiting (it carries the
   * newer state).
   */
  deliver(event: ServerEvent): void {
    if (this.how !== undefined || !this.wants(event)) return;
    // Nothing waits and nothing is being sent: send it now, without a queue.
    if (this.started && !this.pumping && this.queue === undefined) return void this.pump(event);
    const key = pendingKey(event);
    const queue = (this.queue ??= []);
    const pending = (this.pending ??= new Set());
    if (pending.has(key)) {
      if (event.type === 'extension') {
        const at = queue.findIndex((queued) => pendingKey(queued) === key);
        if (at >= 0) queue[at] = event;
      }
      return;
    }
    pending.add(key);
    queue.push(event);
    void this.pump();
  }

  /** Starts sending queued and future events (called once the acknowledgment is out). */
  start(): void {
    this.started = true;
    void this.pump();
  }

  /**
   * Ends the stream (idempotent); queued events are dropped. A detached stream answers its request
   * (`null` when the client went away).
   */
  end(how: StreamEnd): void {
    if (this.how !== undefined) return;
    this.how = how;
    this.queue = undefined;
    this.pending = undefined;
    const owner = this.owner;
    this.owner = undefined;
    owner?.streamEnded(this);
    if (this.detached) this.context.answer!(owner === undefined ? null : owner.answerFor(this, how));
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.(how);
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
        return this.filter.toolsListChanged === true;
      case 'prompts/list_changed':
        return this.filter.promptsListChanged === true;
      case 'resources/list_changed':
        return this.filter.resourcesListChanged === true;
      case 'resources/updated':
        return (this.filter.resourceSubscriptions ?? []).some((subscribed) => coversUri(subscribed, event.uri));
      case 'extension': {
        const topics = (this.filter as Record<string, unknown>)[event.key];
        return Array.isArray(topics) && topics.includes(event.topic);
      }
    }
  }

  /** Sends what waits, one notification at a time; runs only while events wait. */
  private async pump(first?: ServerEvent): Promise<void> {
    if (this.pumping || !this.started) return;
    this.pumping = true;
    try {
      if (first !== undefined) await this.context.notify(this.notificationFor(first));
      while (this.how === undefined && this.queue !== undefined && this.queue.length > 0) {
        const event = this.queue.shift()!;
        this.pending!.delete(pendingKey(event));
        await this.context.notify(this.notificationFor(event));
      }
      // Idle again: the stream goes back to a plain record.
      this.queue = undefined;
      this.pending = undefined;
    } catch {
      // The transport could not send: the stream is gone.
      this.end('aborted');
    } finally {
      this.pumping = false;
    }
  }
}
