/**
 * Where legacy HTTP sessions live: the sessions themselves, the server-initiated requests that
 * wait for a client's answer, and the SSE event log that `Last-Event-ID` resumes from. Every
 * method is async and every value is plain JSON, so a shared store (Redis) can serve many
 * replicas; `publish`/`subscribe` carry what one replica must tell the others.
 * spec: 2025-11-25/pages/basic/transports.mdx (Session Management, Resumability and Redelivery)
 */
import type { JsonObject, JsonRpcMessage, JsonRpcResponse, RequestId } from '@mcpkit/jsonrpc';
import type { LoggingLevel } from '@mcpkit/schema';

/** One legacy HTTP session. */
export interface SessionRecord {
  /** The `Mcp-Session-Id`: at least 128 random bits, visible ASCII. */
  readonly id: string;
  /** The negotiated revision. */
  readonly protocolVersion: string;
  /** `initialize.params.capabilities`. */
  readonly clientCapabilities: JsonObject;
  /** `initialize.params.clientInfo`. */
  readonly clientInfo: JsonObject;
  /** Set by `logging/setLevel`. */
  readonly logLevel?: LoggingLevel;
  /** URIs subscribed with `resources/subscribe`. */
  readonly subscriptions: readonly string[];
  /** Whether `notifications/initialized` arrived. */
  readonly initialized: boolean;
  /** Who opened it (issuer and subject of the authenticated principal); other callers get 404. */
  readonly principal?: string;
  /** The IP address it was opened from, when the transport knew it: sessions per address are capped. */
  readonly clientAddress?: string;
  /** Epoch ms. */
  readonly createdAt: number;
  /** Epoch ms of the last request; idle expiry counts from here. */
  readonly lastSeenAt: number;
}

/** The fields of a session that requests change. */
export type SessionPatch = Partial<Pick<SessionRecord, 'logLevel' | 'subscriptions' | 'initialized'>>;

/** A server-initiated request awaiting the client's response. */
export interface PendingRequestRecord {
  /** Our request id. */
  readonly id: RequestId;
  readonly method: string;
  /** The client request it serves, if any. */
  readonly relatedRequestId?: RequestId;
  /** Epoch ms after which a response is no longer accepted. */
  readonly expiresAt: number;
}

/** One SSE event of a stream; `id` is `<streamId>.<sequence>`, unique within the session. */
export interface StoredEvent {
  readonly id: string;
  readonly message: JsonRpcMessage;
}

/** What a resumption finds: the events after the one named, and whether the stream is over. */
export interface ReplayResult {
  readonly streamId: string;
  readonly events: readonly StoredEvent[];
  readonly ended: boolean;
}

/** What replicas tell each other about sessions. */
export type SessionSignal =
  /** A client answered a request that a replica waits for. */
  | { readonly type: 'settled'; readonly sessionId: string; readonly response: JsonRpcResponse }
  /** A client cancelled one of its requests (it may run on another replica). */
  | { readonly type: 'cancelled'; readonly sessionId: string; readonly requestId: RequestId; readonly reason?: string }
  /** An event was added to a stream whose connection is not on the replica that produced it. */
  | { readonly type: 'event'; readonly sessionId: string; readonly streamId: string; readonly event: StoredEvent }
  /** A stream got its last event. */
  | { readonly type: 'stream-ended'; readonly sessionId: string; readonly streamId: string }
  /** A session ended (DELETE, idle expiry, or evicted for a new one): every replica drops its streams and work. */
  | { readonly type: 'closed'; readonly sessionId: string; readonly reason: 'deleted' | 'expired' | 'evicted' };

/**
 * Storage and coordination for legacy HTTP sessions. `MemorySessionStore` is the in-process
 * default; implement this interface to share sessions between replicas.
 */
export interface SessionStore {
  /**
   * Adds a session. At a cap (all sessions, or those of `record.clientAddress`) it first ends the
   * least recently used session that is not in use (see `lease`), with a `closed` signal of reason
   * `evicted`; resolves false (adding nothing) when every session there is in use.
   */
  create(record: SessionRecord): Promise<boolean>;
  /** The session, marked as seen now (its idle time restarts); undefined when unknown or expired. */
  get(id: string): Promise<SessionRecord | undefined>;
  /**
   * Marks session `id` in use by `holder` (one replica: serving a request of it, waiting for its
   * client's answer, or holding one of its streams connected) for the next `forMs` ms on the
   * store's clock; 0 ends the mark. A session with a live mark is neither evicted nor expired; the
   * replica renews its marks while the use lasts, so those of a replica that died lapse.
   * Optional: a store without it evicts nothing.
   */
  lease?(id: string, holder: string, forMs: number): Promise<void>;
  /** Changes a session; resolves the new record, or undefined when it is gone. */
  update(id: string, patch: SessionPatch): Promise<SessionRecord | undefined>;
  /** Ends a session and forgets everything about it; false when it did not exist. Publishes `closed`. */
  delete(id: string): Promise<boolean>;
  /** Records a server-initiated request that waits for an answer. */
  addPending(sessionId: string, record: PendingRequestRecord): Promise<void>;
  /** Removes and returns a pending request (undefined when unknown, already answered or expired). */
  takePending(sessionId: string, id: RequestId): Promise<PendingRequestRecord | undefined>;
  /** Starts an empty stream, so its priming event `<streamId>.0` can be resumed from. */
  openStream(sessionId: string, streamId: string): Promise<void>;
  /** Appends a message to a stream and gives it the next event id. */
  appendEvent(sessionId: string, streamId: string, message: JsonRpcMessage): Promise<StoredEvent>;
  /** Marks a stream as complete (its last event was written). */
  endStream(sessionId: string, streamId: string): Promise<void>;
  /** The events after `lastEventId` on its stream; undefined when the id names no stream of the session. */
  replay(sessionId: string, lastEventId: string): Promise<ReplayResult | undefined>;
  /** Tells every replica (this one included) about `signal`. */
  publish(signal: SessionSignal): Promise<void>;
  /** Calls `listener` for every signal from now on; resolves once live, with the way to stop. */
  subscribe(listener: (signal: SessionSignal) => void): Promise<() => void>;
  /** Stops timers and drops everything (the in-memory store); a shared store just lets go. */
  close(): Promise<void>;
}

/** Splits an event id `<streamId>.<sequence>`; undefined when it is not one of ours. */
export function parseEventId(eventId: string): { streamId: string; sequence: number } | undefined {
  const dot = eventId.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const sequence = Number(eventId.slice(dot + 1));
  if (!Number.isSafeInteger(sequence) || sequence < 0) return undefined;
  return { streamId: eventId.slice(0, dot), sequence };
}
