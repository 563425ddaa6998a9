import type { EventBus, ServerEvent, Unsubscribe } from './event-bus.js';
import type { ListenStream } from './listen-stream.js';

/**
 * The server's one subscription to its `EventBus`, fanned out to every open listen stream (one bus
 * subscription per server, not per stream, so a Redis bus holds one connection per replica).
 */
export class ListenHub {
  private readonly streams = new Set<ListenStream>();
  private subscription: Promise<Unsubscribe> | undefined;
  private closedFlag = false;

  constructor(private readonly bus: EventBus) {}

  /** Whether `close()` was called. */
  get closed(): boolean {
    return this.closedFlag;
  }

  /** How many streams are open. */
  get size(): number {
    return this.streams.size;
  }

  /** Adds a stream once the bus subscription is live, so no event published after this resolves is missed. */
  async attach(stream: ListenStream): Promise<void> {
    this.subscription ??= this.bus.subscribe((event) => this.fanOut(event));
    try {
      await this.subscription;
    } catch (error) {
      this.subscription = undefined;
      throw error;
    }
    this.streams.add(stream);
    void stream.ended.then(() => this.streams.delete(stream));
  }

  /** Ends every stream gracefully and drops the bus subscription. */
  async close(): Promise<void> {
    this.closedFlag = true;
    for (const stream of [...this.streams]) stream.end('closed');
    const subscription = this.subscription;
    this.subscription = undefined;
    if (subscription) await (await subscription)();
  }

  private fanOut(event: ServerEvent): void {
    for (const stream of this.streams) stream.deliver(event);
  }
}
