import type { EventBody, InspectEvent, Scope } from './protocol.js';

/**
 * Everything the inspector saw, in order: the page reads it from the start when it loads and then
 * follows it live (`/api/events?after=SEQ`), so a reload or a second tab shows the same history.
 * It is bounded: past `maxEvents` the oldest tenth is dropped, and a reader that asks for events
 * already gone is told how many it missed.
 */
export class EventLog {
  private readonly events: InspectEvent[] = [];
  private readonly listeners = new Set<(event: InspectEvent) => void>();
  private nextSeq = 1;
  private dropped = 0;

  constructor(
    private readonly now: () => number,
    private readonly maxEvents = 50_000,
  ) {}

  /** Records an event and hands it to every live reader. */
  emit(scope: Scope, body: EventBody): InspectEvent {
    const event = { ...body, seq: this.nextSeq++, at: this.now(), scope } as InspectEvent;
    this.events.push(event);
    if (this.events.length > this.maxEvents) {
      const cut = Math.ceil(this.maxEvents / 10);
      this.events.splice(0, cut);
      this.dropped += cut;
    }
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A reader that fails (a closed connection) must not stop the others.
      }
    }
    return event;
  }

  /** The events after `seq`, preceded by a `trimmed` notice when some of them were dropped. */
  since(seq: number): InspectEvent[] {
    const first = this.events[0];
    const after = this.events.filter((event) => event.seq > seq);
    if (first !== undefined && seq + 1 < first.seq && this.dropped > 0) {
      const notice = { type: 'trimmed', dropped: first.seq - seq - 1, seq: first.seq - 1, at: first.at, scope: 'live' } as InspectEvent;
      return [notice, ...after];
    }
    return after;
  }

  /** Follows new events until the returned function is called. */
  subscribe(listener: (event: InspectEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many events are held. */
  get size(): number {
    return this.events.length;
  }
}
