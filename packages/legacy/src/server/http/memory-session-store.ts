/**
 * `MemorySessionStore`: the in-process `SessionStore`, with idle expiry, caps on sessions (in all
 * and per client address) that evict the least recently used idle session rather than lock new
 * clients out, and a bounded event log per stream. One replica only (signals reach this process's
 * subscribers).
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
  /** A session that never sent `notifications/initialized` ends after this long unused (ms). Default 60 s. */
  uninitializedTimeoutMs?: number;
  /** Sessions held at once; beyond it the least recently used idle one is evicted, or (all in use) `initialize` gets 503. Default 10 000. */
  maxSessions?: number;
  /** Sessions held at once per client address, with the same eviction. Default 1000. */
  maxSessionsPerClient?: number;
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

/** One session. Its maps are made on first use: most sessions never need them (issue 15: bytes per idle session). */
interface Entry {
  record: SessionRecord;
  pending: Map<RequestId, PendingRequestRecord> | undefined;
  streams: Map<string, Stream> | undefined;
  /** In-use marks by holder: epoch ms until which each holds it. */
  leases: Map<string, number> | undefined;
}

/**
 * Keeps sessions in `Map`s ordered from least to most recently used (a touch moves a session to
 * the end): one for sessions that never sent `notifications/initialized` (evicted first, shorter
 * expiry), one for the others. Expired sessions are removed when touched and by a sweep (an
 * unreferenced timer that never keeps the process alive), each with a `closed` signal.
 * @example const store = new MemorySessionStore({ idleTimeoutMs: 10 * 60_000, maxSessions: 1000 });
 */
export class MemorySessionStore implements SessionStore {
  private readonly fresh = new Map<string, Entry>();
  private readonly settled = new Map<string, Entry>();
  private readonly byClient = new Map<string, Set<Entry>>();
  private readonly listeners = new Set<(signal: SessionSignal) => void>();
  private readonly idleTimeoutMs: number;
  private readonly uninitializedTimeoutMs: number;
  private readonly maxSessions: number;
  private readonly maxPerClient: number;
  private readonly maxEvents: number;
  private readonly maxStreams: number;
  private readonly now: () => number;
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(options: MemorySessionStoreOptions = {}) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30 * 60_000;
    this.uninitializedTimeoutMs = options.uninitializedTimeoutMs ?? Math.min(60_000, this.idleTimeoutMs);
    this.maxSessions = options.maxSessions ?? 10_000;
    this.maxPerClient = options.maxSessionsPerClient ?? 1000;
    this.maxEvents = options.maxEventsPerStream ?? 1000;
    this.maxStreams = options.maxStreamsPerSession ?? 64;
    this.now = options.now ?? Date.now;
    const limits = {
      idleTimeoutMs: this.idleTimeoutMs,
      uninitializedTimeoutMs: this.uninitializedTimeoutMs,
      maxSessions: this.maxSessions,
      maxSessionsPerClient: this.maxPerClient,
      maxEventsPerStream: this.maxEvents,
      maxStreamsPerSession: this.maxStreams,
    };
    for (const [name, value] of Object.entries(limits)) {
      if (!(value > 0)) throw new RangeError(`MemorySessionStore: ${name} must be a positive number, got ${value}`);
    }
  }

  /** How many sessions are held (expired ones included until swept). */
  get size(): number {
    return this.fresh.size + this.settled.size;
  }

  create(record: SessionRecord): Promise<boolean> {
    if (this.find(record.id)) return Promise.resolve(false);
    const address = record.clientAddress;
    const mates = address === undefined ? undefined : this.byClient.get(address);
    if (mates && mates.size >= this.maxPerClient && !this.evictOne(mates)) return Promise.resolve(false);
    if (this.size >= this.maxSessions) {
      this.sweep();
      if (this.size >= this.maxSessions && !this.evictOne(undefined)) return Promise.resolve(false);
    }
    // Idle time counts on the store's clock.
    const stamped = record.lastSeenAt === this.now() ? record : { ...record, lastSeenAt: this.now() };
    const entry: Entry = { record: stamped, pending: undefined, streams: undefined, leases: undefined };
    (record.initialized ? this.settled : this.fresh).set(record.id, entry);
    if (address !== undefined) {
      if (mates) mates.add(entry);
      else this.byClient.set(address, new Set([entry]));
    }
    this.startSweeper();
    return Promise.resolve(true);
  }

  get(id: string): Promise<SessionRecord | undefined> {
    const entry = this.live(id);
    if (!entry) return Promise.resolve(undefined);
    entry.record = { ...entry.record, lastSeenAt: this.now() };
    // Most recently used last: the eviction and the sweep start from the front.
    const map = entry.record.initialized ? this.settled : this.fresh;
    map.delete(id);
    map.set(id, entry);
    // The client's set in order of use too, so a tie on the clock (same millisecond) evicts the one used least recently.
    const mates = entry.record.clientAddress === undefined ? undefined : this.byClient.get(entry.record.clientAddress);
    if (mates?.delete(entry)) mates.add(entry);
    return Promise.resolve(entry.record);
  }

  update(id: string, patch: SessionPatch): Promise<SessionRecord | undefined> {
    const entry = this.live(id);
    if (!entry) return Promise.resolve(undefined);
    const wasInitialized = entry.record.initialized;
    entry.record = { ...entry.record, ...patch };
    if (!wasInitialized && entry.record.initialized) {
      this.fresh.delete(id);
      this.settled.set(id, entry);
    }
    return Promise.resolve(entry.record);
  }

  lease(id: string, holder: string, forMs: number): Promise<void> {
    const entry = this.find(id);
    if (entry) {
      if (forMs > 0) (entry.leases ??= new Map()).set(holder, this.now() + forMs);
      else if (entry.leases?.delete(holder) && entry.leases.size === 0) entry.leases = undefined;
    }
    return Promise.resolve();
  }

  delete(id: string): Promise<boolean> {
    return Promise.resolve(this.end(id, 'deleted'));
  }

  addPending(sessionId: string, record: PendingRequestRecord): Promise<void> {
    const entry = this.live(sessionId);
    if (entry) (entry.pending ??= new Map()).set(record.id, record);
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
    if (entry) this.streamOf(entry, streamId);
    return Promise.resolve();
  }

  appendEvent(sessionId: string, streamId: string, message: JsonRpcMessage): Promise<StoredEvent> {
    const entry = this.live(sessionId);
    const stream = entry ? this.streamOf(entry, streamId) : undefined;
    const sequence = stream ? stream.next++ : 0;
    const event: StoredEvent = { id: `${streamId}.${sequence}`, message };
    if (stream) {
      stream.events.push(event);
      if (stream.events.length > this.maxEvents) stream.events.shift();
    }
    return Promise.resolve(event);
  }

  endStream(sessionId: string, streamId: string): Promise<void> {
    const stream = this.live(sessionId)?.streams?.get(streamId);
    if (stream) stream.ended = true;
    return Promise.resolve();
  }

  replay(sessionId: string, lastEventId: string): Promise<ReplayResult | undefined> {
    const parsed = parseEventId(lastEventId);
    const stream = parsed && this.live(sessionId)?.streams?.get(parsed.streamId);
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
    this.fresh.clear();
    this.settled.clear();
    this.byClient.clear();
    this.listeners.clear();
    return Promise.resolve();
  }

  /** Ends every session idle for longer than its timeout (and not in use); returns how many ended. */
  sweep(): number {
    const now = this.now();
    let ended = 0;
    for (const [map, timeout] of [
      [this.fresh, this.uninitializedTimeoutMs],
      [this.settled, this.idleTimeoutMs],
    ] as const) {
      // Least recently used first: the first one still fresh ends the walk, bar sessions in use.
      for (const [id, entry] of map) {
        if (entry.record.lastSeenAt >= now - timeout) break;
        if (!this.inUse(entry, now) && this.end(id, 'expired')) ended++;
      }
    }
    return ended;
  }

  private find(id: string): Entry | undefined {
    return this.settled.get(id) ?? this.fresh.get(id);
  }

  private live(id: string): Entry | undefined {
    const entry = this.find(id);
    if (!entry) return undefined;
    const now = this.now();
    const timeout = entry.record.initialized ? this.idleTimeoutMs : this.uninitializedTimeoutMs;
    if (entry.record.lastSeenAt < now - timeout && !this.inUse(entry, now)) {
      this.end(id, 'expired');
      return undefined;
    }
    return entry;
  }

  private inUse(entry: Entry, now: number): boolean {
    if (!entry.leases) return false;
    for (const until of entry.leases.values()) if (until > now) return true;
    return false;
  }

  /**
   * Evicts the least recently used session not in use: among `among` (one client's sessions), or
   * of all, those that never completed initialization first. False when every candidate is in use.
   */
  private evictOne(among: Set<Entry> | undefined): boolean {
    const now = this.now();
    let victim: Entry | undefined;
    if (among) {
      for (const entry of among) {
        if (this.inUse(entry, now)) continue;
        if (!victim || rank(entry) < rank(victim)) victim = entry;
      }
    } else {
      for (const map of [this.fresh, this.settled]) {
        for (const entry of map.values()) {
          if (!this.inUse(entry, now)) {
            victim = entry;
            break;
          }
        }
        if (victim) break;
      }
    }
    return victim !== undefined && this.end(victim.record.id, 'evicted');
  }

  private end(id: string, reason: 'deleted' | 'expired' | 'evicted'): boolean {
    const entry = this.find(id);
    if (!entry) return false;
    this.fresh.delete(id);
    this.settled.delete(id);
    const address = entry.record.clientAddress;
    const mates = address === undefined ? undefined : this.byClient.get(address);
    if (mates?.delete(entry) && mates.size === 0) this.byClient.delete(address!);
    if (this.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
    void this.publish({ type: 'closed', sessionId: id, reason });
    return true;
  }

  private streamOf(entry: Entry, streamId: string): Stream {
    const streams = (entry.streams ??= new Map());
    let stream = streams.get(streamId);
    if (!stream) {
      stream = { next: 1, events: [], ended: false };
      streams.set(streamId, stream);
      if (streams.size > this.maxStreams) dropOldStream(streams);
    }
    return stream;
  }

  private startSweeper(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => this.sweep(), Math.min(this.uninitializedTimeoutMs, this.idleTimeoutMs, 60_000));
    (this.sweeper as { unref?: () => void }).unref?.();
  }
}

/** Eviction order within one client's sessions: uninitialized first, then least recently used. */
function rank(entry: Entry): number {
  return (entry.record.initialized ? 1e15 : 0) + entry.record.lastSeenAt;
}

function dropOldStream(streams: Map<string, Stream>): void {
  for (const [streamId, stream] of streams) {
    if (stream.ended) {
      streams.delete(streamId);
      return;
    }
  }
}
