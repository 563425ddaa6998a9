/**
 * Legacy change notifications come from the same `EventBus` that feeds modern listen streams:
 * one subscription per dual-era server, fanned out to every legacy session of this process.
 * spec: 2025-11-25/pages/server/tools.mdx, prompts.mdx, resources.mdx (List Changed, Subscriptions)
 */
import type { JsonRpcNotification } from '@mcpkit/jsonrpc';
import type { ServerCapabilities } from '@mcpkit/schema';
import type { EventBus, ServerEvent, Unsubscribe } from '@mcpkit/server/events';
import { coversUri } from './session.js';

/**
 * The legacy notification for `event`, or undefined when the server's capabilities say it is not
 * announced (a list without `listChanged`, updates without `resources.subscribe`).
 */
export function legacyNotification(event: ServerEvent, capabilities: ServerCapabilities): JsonRpcNotification | undefined {
  switch (event.type) {
    case 'tools/list_changed':
      return capabilities.tools?.listChanged ? { jsonrpc: '2.0', method: 'notifications/tools/list_changed' } : undefined;
    case 'prompts/list_changed':
      return capabilities.prompts?.listChanged ? { jsonrpc: '2.0', method: 'notifications/prompts/list_changed' } : undefined;
    case 'resources/list_changed':
      return capabilities.resources?.listChanged ? { jsonrpc: '2.0', method: 'notifications/resources/list_changed' } : undefined;
    case 'resources/updated':
      return capabilities.resources?.subscribe ? { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: event.uri } } : undefined;
    default:
      return undefined;
  }
}

/**
 * Whether a session with these subscriptions gets `event`'s notification: list changes go to
 * every session, `resources/updated` only to sessions subscribed to that URI or one above it.
 */
export function concernsSession(event: ServerEvent, subscriptions: readonly string[]): boolean {
  return event.type !== 'resources/updated' || subscriptions.some((s) => coversUri(s, event.uri));
}

/** Subscribes to the bus while at least one target is registered, and hands every event to each. */
export class EventFanout {
  private readonly targets = new Set<(event: ServerEvent) => void>();
  private subscription: Promise<Unsubscribe | undefined> | undefined;

  constructor(
    private readonly events: EventBus,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Registers a target; resolves once events flow to it. Call the returned function to leave. */
  async add(target: (event: ServerEvent) => void): Promise<() => void> {
    this.targets.add(target);
    this.subscription ??= this.events
      .subscribe((event) => this.fanOut(event))
      .catch((error: unknown) => {
        this.onError(error);
        this.subscription = undefined;
        return undefined;
      });
    await this.subscription;
    return () => {
      this.targets.delete(target);
    };
  }

  /** Leaves the bus. */
  async close(): Promise<void> {
    this.targets.clear();
    const subscription = this.subscription;
    this.subscription = undefined;
    const unsubscribe = await subscription;
    await unsubscribe?.();
  }

  private fanOut(event: ServerEvent): void {
    for (const target of [...this.targets]) {
      try {
        target(event);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
