/** A change a server announces to its `subscriptions/listen` streams. */
export type ServerEvent =
  | { readonly type: 'tools/list_changed' }
  | { readonly type: 'prompts/list_changed' }
  | { readonly type: 'resources/list_changed' }
  | { readonly type: 'resources/updated'; readonly uri: string }
  | ExtensionEvent;

/**
 * A notification of an extension for the listen streams that follow `topic` under the filter member
 * `key` (e.g. a task's status for the streams whose `taskIds` name it), as `ExtensionHost.notify` publishes it.
 */
export interface ExtensionEvent {
  readonly type: 'extension';
  /** The extension's listen filter member, e.g. `taskIds`. */
  readonly key: string;
  /** What the streams follow, e.g. a task id. */
  readonly topic: string;
  /** The notification, without the subscription id (each stream adds its own). */
  readonly notification: { readonly method: string; readonly params?: Readonly<Record<string, unknown>> };
}

/** Stops a subscription to an `EventBus`. */
export type Unsubscribe = () => void | Promise<void>;

/**
 * Told when a subscription can no longer promise every event (a shared bus lost its connection):
 * the subscription is over and events published meanwhile may be missed; subscribe again to resume.
 */
export type LostListener = (error: Error) => void;

/**
 * Carries `ServerEvent`s from whoever changes something to every listen stream, possibly across
 * replicas (a Redis implementation publishes on a channel all replicas subscribe to). A server
 * delivers events to its streams only through `subscribe`, so an event it publishes itself comes
 * back the same way as one from another replica.
 */
export interface EventBus {
  /** Announces an event to every subscriber (on every replica sharing the bus). */
  publish(event: ServerEvent): Promise<void>;
  /**
   * Calls `listener` for every event published from now on; resolves once the subscription is live,
   * and rejects when it cannot be made live (the bus is unreachable). A bus that can lose events
   * (one shared over a network) calls `onLost`, at most once, when this subscription stops being
   * reliable; the subscription is then over. A subscriber without `onLost` stays subscribed and
   * simply misses what was published while the bus was down.
   */
  subscribe(listener: (event: ServerEvent) => void, onLost?: LostListener): Promise<Unsubscribe>;
}

/** An in-process `EventBus`: synchronous fan-out to the listeners of this process. */
export class MemoryEventBus implements EventBus {
  private readonly listeners = new Set<(event: ServerEvent) => void>();

  /** Delivers `event` to every current listener; a listener that throws does not stop the others. */
  publish(event: ServerEvent): Promise<void> {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // A broken listener must not keep the event from the others.
      }
    }
    return Promise.resolve();
  }

  /** Adds `listener` until the returned function is called (an in-process bus is never lost). */
  subscribe(listener: (event: ServerEvent) => void): Promise<Unsubscribe> {
    // Wrap so the same function may subscribe twice and unsubscribe each independently.
    const entry = (event: ServerEvent) => listener(event);
    this.listeners.add(entry);
    return Promise.resolve(() => {
      this.listeners.delete(entry);
    });
  }

  /** How many listeners are subscribed. */
  get listenerCount(): number {
    return this.listeners.size;
  }
}
