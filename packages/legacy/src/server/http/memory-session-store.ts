/**
 * `MemorySessionStore`: the in-process `SessionStore`, with idle expiry, a cap on sessions and a
 * bounded event log per stream. One replica only (signals reach this process's subscribers).
 */
import type { JsonRpcMessage, RequestId } from '@mcpkit/jsonrpc';
import {
  parseEventId,
  type PendingRequestRecord,
  type ReplayResult,
  type SessionPatch,
  type SessionRecord,
  type SessionSignal,
  type SessionStore,
  type StoredEvent,
} from './session-store.js';

/** Options of `MemorySessionStore`. */
export interface MemorySessionStoreOptions {
  /** A session unused this long (ms) ends. Default 30 min. */
  idleTimeoutMs?: number;
  /** Sessions held at once; `initialize` beyond it is refused (HTTP 503). Default 10 000. */
  maxSessions?: number;
  /** Events kept per stream for resumption (the oldest are dropped). Default 1000. */
  maxEventsPerStream?: number;
  /** Streams kept per session; the oldest finished ones are dropped. Default 64. */
  maxStreamsPerSession?: number;
  /** The clock (epoch ms); for tests. Default `Date.now`. */
  now?: () => number;
}

interface Stream {
  next: number;
  events: StoredEvent[];
  ended: boolean;
}

interface Entry {
  record: SessionRecord;
  pending: Map<RequestId, PendingRequestRecord>;
  streams: Map<string, Stream>;
}

/**
 * Keeps sessions in a `Map`. Expired sessions are removed when touched and by a sweep (an
 * unreferenced timer that never keeps the process alive), each with a `closed` signal.
 * @example const store = new MemorySessionStore({ idleTimeoutMs: 10 * 60_000, maxSessions: 1000 });
 */
export class MemorySessionStore implements SessionStore {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<(signal: SessionSignal) => void>();
  private readonly idleTimeoutMs: number;
  private readonly maxSessions: number;
  private readonly maxEvents: number;
  private readonly maxStreams: number;
  private readonly now: () => number;
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(options: MemorySessionStoreOptions = {}) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30 * 60_000;
    this.maxSessions = options.maxSessions ?? 10_000;
    this.maxEvents = options.maxEventsPerStream ?? 1000;
    this.maxStreams = options.maxStreamsPerSession ?? 64;
    this.now = options.now ?? Date.now;
    for (const [name, value] of Object.entries({ idleTimeoutMs: this.idleTimeoutMs, maxSessions: this.maxSessions, maxEventsPerStream: this.maxEvents, maxStreamsPerSession: this.maxStreams })) {
      if (!Number.isFinite(value) || value <= 0) throw new RangeError(`MemorySessionStore: ${name} must be a positive number, got ${value}`);
    }
  }

  /** How many sessions are held (expired ones included until swept). */
  get size(): number {
    return this.entries.size;
  }

  create(record: SessionRecord): Promise<boolean> {
    if (this.entries.size >= this.maxSessions) this.sweep();
    if (this.entries.size >= this.maxSessions || this.entries.has(record.id)) return Promise.resolve(false);
    this.entries.set(record.id, { record, pending: new Map(), streams: new Map() });
    this.startSweeper();
    return Promise.resolve(true);
  }

  get(id: string): Promise<SessionRecord | undefined> {
    const entry = this.live(id);
    if (entry) entry.record = { ...entry.record, lastSeenAt: this.now() };
    return Promise.resolve(entry?.record);
  }

  update(id: string, patch: SessionPatch): Promise<SessionRecord | undefined> {
    const entry = this.live(id);
    if (entry) entry.record = { ...entry.record, ...patch };
    return Promise.resolve(entry?.record);
  }

  delete(id: string): Promise<boolean> {
    return Promise.resolve(this.end(id, 'deleted'));
  }

  addPending(sessionId: string, record: PendingRequestRecord): Promise<void> {
    this.live(sessionId)?.pending.set(record.id, record);
    return Promise.resolve();
  }

  takePending(sessionId: string, id: RequestId): Promise<PendingRequestRecord | undefined> {
    const pending = this.live(sessionId)?.pending;
    const record = pending?.get(id);
    if (record) pending!.delete(id);
    return Promise.resolve(record && record.expiresAt >= this.now() ? record : undefined);
  }

  openStream(sessionId: string, streamId: string): Promise<void> {
    const entry = this.live(sessionId);
    if (entry && !entry.streams.has(streamId)) {
      entry.streams.set(streamId, { next: 1, events: [], ended: false });
      if (entry.streams.size > this.maxStreams) this.dropOldStream(entry);
    }
    return Promise.resolve();
  }

  appendEvent(sessionId: string, streamId: string, message: JsonRpcMessage): Promise<StoredEvent> {
    const entry = this.live(sessionId);
    let stream = entry?.streams.get(streamId);
    if (entry && !stream) {
      stream = { next: 1, events: [], ended: false };
      entry.streams.set(streamId, stream);
    }
    const sequence = stream ? stream.next++ : 0;
    const event: StoredEvent = { id: `${streamId}.${sequence}`, message };
    if (stream) {
      stream.events.push(event);
      if (stream.events.length > this.maxEvents) stream.events.shift();
    }
    return Promise.resolve(event);
  }

  endStream(sessionId: string, streamId: string): Promise<void> {
    const stream = this.live(sessionId)?.streams.get(streamId);
    if (stream) stream.ended = true;
    return Promise.resolve();
  }

  replay(sessionId: string, lastEventId: string): Promise<ReplayResult | undefined> {
    const parsed = parseEventId(lastEventId);
    const stream = parsed && this.live(sessionId)?.streams.get(parsed.streamId);
    if (!parsed || !stream || parsed.sequence >= stream.next) return Promise.resolve(undefined);
    const events = stream.events.filter((event) => parseEventId(event.id)!.sequence > parsed.sequence);
    return Promise.resolve({ streamId: parsed.streamId, events, ended: stream.ended });
  }

  publish(signal: SessionSignal): Promise<void> {
    for (const listener of [...this.listeners]) {
      try {
        listener(signal);
      } catch {
        // one broken listener must not keep the signal from the others
      }
    }
    return Promise.resolve();
  }

  subscribe(listener: (signal: SessionSignal) => void): Promise<() => void> {
    const entry = (signal: SessionSignal) => listener(signal);
    this.listeners.add(entry);
    return Promise.resolve(() => void this.listeners.delete(entry));
  }

  close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    this.entries.clear();
    this.listeners.clear();
    return Promise.resolve();
  }

  /** Ends every session idle for longer than the timeout; returns how many ended. */
  sweep(): number {
    let ended = 0;
    const deadline = this.now() - this.idleTimeoutMs;
    for (const [id, entry] of this.entries) {
      if (entry.record.lastSeenAt < deadline && this.end(id, 'expired')) ended++;
    }
    return ended;
  }

  private live(id: string): Entry | undefined {
    const entry = this.entries.get(id);
    if (entry && entry.record.lastSeenAt < this.now() - this.idleTimeoutMs) {
      this.end(id, 'expired');
      return undefined;
    }
    return entry;
  }

  private end(id: string, reason: 'deleted' | 'expired'): boolean {
    if (!this.entries.delete(id)) return false;
    if (this.entries.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
    void this.publish({ type: 'closed', sessionId: id, reason });
    return true;
  }

  private dropOldStream(entry: Entry): void {
    for (const [streamId, stream] of entry.streams) {
      if (stream.ended) {
        entry.streams.delete(streamId);
        return;
      }
    }
  }

  private startSweeper(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => this.sweep(), Math.min(this.idleTimeoutMs, 60_000));
    (this.sweeper as { unref?: () => void }).unref?.();
  }
}
