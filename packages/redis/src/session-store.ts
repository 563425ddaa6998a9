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
} from '@mcpkit/legacy';
import type { RedisConnection } from './connection.js';
import { guarded } from './errors.js';
import { parseSignal, patchFields, plausibleSessionId, readRecord, recordFields, sessionKeys, type SessionKeys } from './session-record.js';
import * as lua from './session-scripts.js';

/** Options of `RedisSessionStore` (the same limits as the in-memory store, and the same defaults). */
export interface RedisSessionStoreOptions {
  /** A session unused this long (ms) ends, on every replica. Default 30 min. */
  idleTimeoutMs?: number;
  /** A session that never sent `notifications/initialized` ends after this long unused (ms). Default 60 s. */
  uninitializedTimeoutMs?: number;
  /**
   * Live sessions held at once, across replicas. Beyond it the least recently used session that no
   * replica holds in use is evicted (of the 64 least recently used; uninitialized ones first); with
   * none free `initialize` is refused (HTTP 503). Default 10 000.
   */
  maxSessions?: number;
  /** Live sessions held at once per client address, across replicas, with the same eviction. Default 1000. */
  maxSessionsPerClient?: number;
  /** Events kept per stream for `Last-Event-ID` resumption (the oldest are dropped). Default 1000. */
  maxEventsPerStream?: number;
  /** Streams kept per session; the oldest finished ones are dropped. Default 64. */
  maxStreamsPerSession?: number;
  /** How often (ms) this replica looks for sessions that expired, to announce their end. Default: the idle timeout, at most 60 s. */
  sweepIntervalMs?: number;
  /** Told when a background sweep fails (Redis away). Default: ignored, the next sweep retries. */
  onError?: (error: unknown) => void;
}

/**
 * The legacy `SessionStore` (`dualEra(server, { sessions })` of `@mcpkit/legacy`) in Redis, so a
 * 2025-11-25 client's session, its pending server-initiated requests and its resumable SSE event
 * log survive landing on another replica, or the loss of one. Signals between replicas travel over
 * pub/sub. Every call fails with `RedisUnavailableError` while Redis is away or slow (the client
 * gets an error for that request, never another session); nothing is cached per replica, so a
 * replica never serves a session from stale memory.
 *
 * @example dualEra(server, { sessions: new RedisSessionStore(redis, { idleTimeoutMs: 10 * 60_000 }) })
 */
export class RedisSessionStore implements SessionStore {
  private readonly base: string;
  private readonly index: string;
  private readonly channel: string;
  private readonly clients: string;
  private readonly fresh: string;
  private readonly idleTimeoutMs: number;
  private readonly uninitializedTimeoutMs: number;
  private readonly maxSessions: number;
  private readonly maxPerClient: number;
  private readonly maxEvents: number;
  private readonly maxStreams: number;
  private readonly sweepIntervalMs: number;
  private readonly onError: (error: unknown) => void;
  private readonly stops = new Set<() => void>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly connection: RedisConnection,
    options: RedisSessionStoreOptions = {},
  ) {
    this.base = `${connection.prefix}session:`;
    this.index = `${connection.prefix}sessions`;
    this.channel = `${connection.prefix}session-signals`;
    this.clients = `${connection.prefix}client-sessions:`;
    this.fresh = `${connection.prefix}sessions-uninitialized`;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30 * 60_000;
    this.uninitializedTimeoutMs = Math.min(options.uninitializedTimeoutMs ?? 60_000, this.idleTimeoutMs);
    this.maxSessions = options.maxSessions ?? 10_000;
    this.maxPerClient = options.maxSessionsPerClient ?? 1000;
    this.maxEvents = options.maxEventsPerStream ?? 1000;
    this.maxStreams = options.maxStreamsPerSession ?? 64;
    this.sweepIntervalMs = options.sweepIntervalMs ?? Math.min(this.uninitializedTimeoutMs, 60_000);
    this.onError = options.onError ?? (() => undefined);
    const limits = {
      idleTimeoutMs: this.idleTimeoutMs,
      uninitializedTimeoutMs: this.uninitializedTimeoutMs,
      maxSessions: this.maxSessions,
      maxSessionsPerClient: this.maxPerClient,
      maxEventsPerStream: this.maxEvents,
      maxStreamsPerSession: this.maxStreams,
      sweepIntervalMs: this.sweepIntervalMs,
    };
    for (const [name, value] of Object.entries(limits)) {
      if (!(value > 0)) throw new RangeError(`RedisSessionStore: ${name} must be a positive number, got ${value}`);
    }
  }

  async create(record: SessionRecord): Promise<boolean> {
    const keys = this.keys(record.id);
    const fields = recordFields(record);
    const per = Number.isFinite(this.maxPerClient) ? this.maxPerClient : Number.MAX_SAFE_INTEGER;
    const max = Number.isFinite(this.maxSessions) ? this.maxSessions : Number.MAX_SAFE_INTEGER;
    const args = [
      record.id,
      fields.rec,
      record.lastSeenAt,
      fields.init,
      fields.subs,
      fields.level,
      this.idleTimeoutMs,
      max,
      fields.addr,
      per,
      this.uninitializedTimeoutMs,
      this.base,
      this.clients,
      EVICTION_CANDIDATES,
    ];
    const reply = (await this.run('create a session', (redis) => lua.CREATE.run(redis, [keys.record, this.index, this.fresh], args))) as unknown[];
    // The sessions ended to make room: every replica drops their streams and work.
    for (let i = 1; i + 1 < reply.length; i += 2) {
      await this.publish({ type: 'closed', sessionId: String(reply[i + 1]), reason: reply[i] === 'evicted' ? 'evicted' : 'expired' });
    }
    return reply[0] === 1;
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    if (!plausibleSessionId(id)) return undefined;
    const keys = this.keys(id);
    const reply = await this.run('read a session', (redis) =>
      lua.TOUCH.run(
        redis,
        [keys.record, keys.pending, keys.streams, keys.events, this.index, this.fresh],
        [id, Date.now(), this.idleTimeoutMs, this.uninitializedTimeoutMs, this.clients],
      ),
    );
    return reply === null ? undefined : readRecord(id, reply);
  }

  async update(id: string, patch: SessionPatch): Promise<SessionRecord | undefined> {
    if (!plausibleSessionId(id)) return undefined;
    const keys = this.keys(id);
    const reply = await this.run('update a session', (redis) =>
      lua.UPDATE.run(redis, [keys.record, keys.pending, keys.streams, keys.events, this.fresh], [id, this.idleTimeoutMs, ...patchFields(patch)]),
    );
    return reply === null ? undefined : readRecord(id, reply);
  }

  /** Marks a session in use by one replica (`holder`) for `forMs`; 0 ends the mark. Sessions held by a live lease are never evicted. */
  async lease(id: string, holder: string, forMs: number): Promise<void> {
    if (!plausibleSessionId(id)) return;
    await this.run('mark a session in use', (redis) => lua.LEASE.run(redis, [this.keys(id).record], [`l:${holder}`, forMs > 0 ? Date.now() + forMs : '']));
  }

  async delete(id: string): Promise<boolean> {
    if (!plausibleSessionId(id)) return false;
    const keys = this.keys(id);
    const existed = await this.run('end a session', (redis) =>
      lua.DELETE.run(redis, [keys.record, keys.pending, keys.streams, keys.events, this.index, this.fresh], [id, this.clients]),
    );
    if (existed !== 1) return false;
    await this.publish({ type: 'closed', sessionId: id, reason: 'deleted' });
    return true;
  }

  async addPending(sessionId: string, record: PendingRequestRecord): Promise<void> {
    const keys = this.keys(sessionId);
    await this.run('record a server request', (redis) =>
      lua.ADD_PENDING.run(redis, [keys.record, keys.pending], [pendingField(record.id), JSON.stringify(record)]),
    );
  }

  async takePending(sessionId: string, id: RequestId): Promise<PendingRequestRecord | undefined> {
    const text = await this.run('take a server request', (redis) => lua.TAKE_PENDING.run(redis, [this.keys(sessionId).pending], [pendingField(id)]));
    if (typeof text !== 'string') return undefined;
    const record = JSON.parse(text) as PendingRequestRecord;
    return record.id === id && record.expiresAt >= Date.now() ? record : undefined;
  }

  async openStream(sessionId: string, streamId: string): Promise<void> {
    const keys = this.keys(sessionId);
    await this.run('open a stream', (redis) =>
      lua.OPEN_STREAM.run(redis, [keys.record, keys.streams, keys.events], [streamId, this.maxStreams, this.maxEvents]),
    );
  }

  async appendEvent(sessionId: string, streamId: string, message: JsonRpcMessage): Promise<StoredEvent> {
    const keys = this.keys(sessionId);
    const sequence = await this.run('log an event', (redis) =>
      lua.APPEND.run(redis, [keys.record, keys.streams, keys.events], [streamId, JSON.stringify(message), this.maxStreams, this.maxEvents]),
    );
    return { id: `${streamId}.${Number(sequence)}`, message };
  }

  async endStream(sessionId: string, streamId: string): Promise<void> {
    await this.run('end a stream', (redis) => lua.END_STREAM.run(redis, [this.keys(sessionId).streams], [streamId]));
  }

  async replay(sessionId: string, lastEventId: string): Promise<ReplayResult | undefined> {
    const parsed = parseEventId(lastEventId);
    if (!parsed || !plausibleSessionId(sessionId)) return undefined;
    const keys = this.keys(sessionId);
    const reply = await this.run('read a stream', (redis) =>
      lua.REPLAY.run(redis, [keys.record, keys.streams, keys.events], [parsed.streamId, parsed.sequence, this.maxEvents]),
    );
    if (!Array.isArray(reply)) return undefined;
    const events: StoredEvent[] = [];
    for (let i = 1; i + 1 < reply.length; i += 2) {
      events.push({ id: `${parsed.streamId}.${Number(reply[i])}`, message: JSON.parse(String(reply[i + 1])) as JsonRpcMessage });
    }
    return { streamId: parsed.streamId, events, ended: reply[0] === 1 };
  }

  async publish(signal: SessionSignal): Promise<void> {
    await this.run(`announce ${signal.type}`, (redis) => redis.publish(this.channel, JSON.stringify(signal)));
  }

  /**
   * Delivers every signal from now on (those of this replica too); resolves once Redis confirmed.
   * The subscription survives reconnections; signals published while Redis was away are lost, and
   * what waited on them (a server request's answer) ends by its own timeout.
   */
  async subscribe(listener: (signal: SessionSignal) => void): Promise<() => void> {
    const stop = await guarded('subscribe to session signals', () =>
      this.connection.pubsub().subscribe(this.channel, (text) => {
        const signal = parseSignal(text);
        if (signal) listener(signal);
      }),
    );
    this.stops.add(stop);
    this.startSweeper();
    return () => {
      this.stops.delete(stop);
      stop();
      if (this.stops.size === 0) this.stopSweeper();
    };
  }

  /** Stops this replica's subscriptions and sweeps; the sessions stay in Redis for the other replicas. */
  close(): Promise<void> {
    for (const stop of this.stops) stop();
    this.stops.clear();
    this.stopSweeper();
    return Promise.resolve();
  }

  /** Ends the sessions idle past the timeout and announces each end (`closed`, `expired`); returns how many. */
  async sweep(): Promise<number> {
    const now = Date.now();
    const ended = await this.run('sweep expired sessions', (redis) =>
      lua.SWEEP.run(redis, [this.index, this.fresh], [now - this.idleTimeoutMs, 500, this.base, now - this.uninitializedTimeoutMs, this.clients]),
    );
    const ids = Array.isArray(ended) ? ended.map(String) : [];
    await Promise.all(ids.map((sessionId) => this.publish({ type: 'closed', sessionId, reason: 'expired' })));
    return ids.length;
  }

  private keys(id: string): SessionKeys {
    return sessionKeys(this.base, id);
  }

  private run<T>(operation: string, call: Parameters<RedisConnection['run']>[1]): Promise<T> {
    return this.connection.run(operation, call) as Promise<T>;
  }

  private startSweeper(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => void this.sweep().catch(this.onError), this.sweepIntervalMs);
    this.sweeper.unref?.();
  }

  private stopSweeper(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}

/** Sessions looked at, least recently used first, for one to evict: bounded work per `initialize`. */
const EVICTION_CANDIDATES = 64;

/** The hash field of a pending request: its id as JSON, so `1` and `"1"` stay apart. */
function pendingField(id: RequestId): string {
  return JSON.stringify(id);
}
