/**
 * The per-replica side of legacy HTTP sessions: open streams (GET streams and POST replies),
 * requests in flight, server-initiated requests awaiting answers, resumption with
 * `Last-Event-ID`, keep-alives, change notifications, and the signals of the `SessionStore`.
 * spec: 2025-11-25/pages/basic/transports.mdx (Listening for Messages from the Server, Resumability)
 */
import type { InterceptRequest } from '@mcpkit/http';
import { jsonRpcErrorResponse, SseResponse, Ticker } from '@mcpkit/http/toolkit';
import { JsonRpcErrorCode, TransportClosedError, type OutgoingRequests, type RequestId } from '@mcpkit/jsonrpc';
import type { McpServer } from '@mcpkit/server';
import type { ServerEvent } from '@mcpkit/server/events';
import { clientRequestTable, replicaId } from '../client-requests.js';
import { concernsSession, legacyNotification, type EventFanout } from '../event-fanout.js';
import type { ResolvedOptions } from '../options.js';
import { eventText, LogicalStream, streamKey, type StreamHost } from './logical-stream.js';
import { parseEventId, type SessionRecord, type SessionSignal, type SessionStore } from './session-store.js';

/** A resumed stream whose producer runs on another replica: fed by `event` signals. */
interface RemoteResume {
  connection: SseResponse;
  /** Events that arrived while the replay was read; undefined once live. */
  buffer: Array<{ id: string; text: string }> | undefined;
  /** The stream ended while the replay was read. */
  ended?: boolean;
}

/** Streams, work in flight and coordination for the sessions this replica serves. */
export abstract class SessionStreams implements StreamHost {
  readonly streams = new Map<string, LogicalStream>();
  private readonly standalone = new Map<string, LogicalStream>();
  private readonly inflight = new Map<string, Map<RequestId, AbortController>>();
  private readonly waiters = new Map<string, OutgoingRequests>();
  private readonly remote = new Map<string, RemoteResume>();
  /** Sessions this replica has marked in use in the store (see `SessionStore.lease`). */
  private readonly leased = new Set<string>();
  /** Sessions another transport of this replica holds in use (the open streams of HTTP+SSE sessions). */
  private readonly held = new Set<string>();
  private started: Promise<void> | undefined;
  private stops: Array<() => void> = [];
  /** The one timer of this replica's streams: their keep-alives, and the lease loop (`tick`) while this serves. */
  private ticker: Ticker | undefined;
  private readonly leaseLoop = { tick: () => this.tick() };

  constructor(
    protected readonly server: McpServer,
    readonly options: ResolvedOptions,
    readonly store: SessionStore,
    private readonly fanout: EventFanout,
  ) {}

  /**
   * Subscribes (once) to the store's signals and the server's events. A failure is not kept: the
   * next request tries again, so a store that was unreachable at first serves once it is back.
   */
  protected ready(): Promise<void> {
    this.started ??= (async () => {
      this.stops.push(await this.store.subscribe((signal) => this.onSignal(signal)));
      this.stops.push(await this.fanout.add((event) => this.deliver(event)));
    })().catch((error: unknown) => {
      this.started = undefined;
      throw error;
    });
    return this.started;
  }

  protected inflightOf(sessionId: string): Map<RequestId, AbortController> {
    let running = this.inflight.get(sessionId);
    if (!running) this.inflight.set(sessionId, (running = new Map()));
    return running;
  }

  /** A request of the session finished here: forget its id (and the session's map once empty). */
  protected finished(sessionId: string, requestId: RequestId): void {
    const running = this.inflight.get(sessionId);
    if (running?.delete(requestId) && running.size === 0) this.inflight.delete(sessionId);
  }

  private get tickMs(): number {
    return Math.max(50, Math.floor(this.options.keepAliveMs / 2));
  }

  /**
   * The session is in use here (a request, an awaited answer, a connected stream): it is marked in
   * the store so that no `initialize` evicts it, and the ticker renews the mark while the use lasts.
   */
  protected inUse(sessionId: string): void {
    this.startTicker();
    if (this.leased.has(sessionId) || !this.store.lease) return;
    this.leased.add(sessionId);
    this.store.lease(sessionId, replicaId(), 3 * this.tickMs).catch(this.options.onError);
  }

  /**
   * Holds a session in use until the returned release is called, on the same lease and keep-alive
   * loop as this replica's own streams and requests (the HTTP+SSE endpoint holds its sessions while
   * their stream is open: every request and awaited answer of such a session runs within it).
   */
  hold(sessionId: string): () => void {
    this.held.add(sessionId);
    this.inUse(sessionId);
    return () => void this.held.delete(sessionId);
  }

  protected waitersOf(sessionId: string): OutgoingRequests {
    let waiters = this.waiters.get(sessionId);
    // Every request names its own route (`via`): the POST stream it serves or the GET stream.
    const unrouted = (): Promise<void> => Promise.reject(new TransportClosedError('no stream to send on'));
    const forget = (id: RequestId): void => void this.store.takePending(sessionId, String(id)).catch(this.options.onError);
    if (!waiters) this.waiters.set(sessionId, (waiters = clientRequestTable(unrouted, forget)));
    return waiters;
  }

  protected standaloneOf(sessionId: string): LogicalStream | undefined {
    return this.standalone.get(sessionId);
  }

  /** Aborts a request of this replica; false when it does not run here. */
  protected cancelLocal(sessionId: string, requestId: RequestId, reason: string): boolean {
    const controller = this.inflight.get(sessionId)?.get(requestId);
    controller?.abort(reason);
    return controller !== undefined;
  }

  /** GET: resumes a stream after `Last-Event-ID`, or opens the session's standalone stream (replacing an older one). */
  protected async openGet(request: InterceptRequest, record: SessionRecord): Promise<Response> {
    const accept = request.headers.get('accept') ?? '';
    if (!/text\/event-stream|\*\/\*/i.test(accept)) {
      return jsonRpcErrorResponse(406, undefined, JsonRpcErrorCode.InvalidRequest, 'Accept must list text/event-stream');
    }
    await this.ready();
    const connection = this.openSse();
    const lastEventId = request.headers.get('last-event-id');
    this.startTicker();
    if (lastEventId !== null) {
      const parsed = parseEventId(lastEventId);
      const replay = parsed && (await this.store.replay(record.id, lastEventId));
      if (!parsed || !replay)
        return jsonRpcErrorResponse(400, undefined, JsonRpcErrorCode.InvalidRequest, `Unknown Last-Event-ID ${JSON.stringify(lastEventId)}`);
      const local = this.streams.get(streamKey(record.id, parsed.streamId));
      this.inUse(record.id);
      if (local) void local.resume(connection, lastEventId);
      else await this.resumeRemote(record.id, parsed.streamId, lastEventId, connection);
      return connection.response;
    }
    this.inUse(record.id);
    const stream = await LogicalStream.open(this, record.id, connection);
    const previous = this.standalone.get(record.id);
    this.standalone.set(record.id, stream);
    if (previous) void previous.end();
    return connection.response;
  }

  private async resumeRemote(sessionId: string, streamId: string, lastEventId: string, connection: SseResponse): Promise<void> {
    const key = streamKey(sessionId, streamId);
    const entry: RemoteResume = { connection, buffer: [] };
    this.remote.get(key)?.connection.end();
    this.remote.set(key, entry);
    connection.onGone(() => {
      if (this.remote.get(key) === entry) this.remote.delete(key);
    });
    const replay = await this.store.replay(sessionId, lastEventId);
    let last = parseEventId(lastEventId)!.sequence;
    for (const event of replay?.events ?? []) {
      connection.write(eventText(event));
      last = parseEventId(event.id)!.sequence;
    }
    for (const item of entry.buffer!) if (parseEventId(item.id)!.sequence > last) connection.write(item.text);
    entry.buffer = undefined;
    if (!replay || replay.ended || entry.ended) this.endRemote(key);
  }

  private endRemote(key: string): void {
    this.remote.get(key)?.connection.end();
    this.remote.delete(key);
  }

  private onSignal(signal: SessionSignal): void {
    switch (signal.type) {
      case 'settled':
        this.waiters.get(signal.sessionId)?.settle(signal.response);
        return;
      case 'cancelled':
        this.cancelLocal(signal.sessionId, signal.requestId, signal.reason ?? 'cancelled by the client');
        return;
      case 'event': {
        const entry = this.remote.get(streamKey(signal.sessionId, signal.streamId));
        if (!entry) return;
        const text = eventText(signal.event);
        if (entry.buffer) entry.buffer.push({ id: signal.event.id, text });
        else entry.connection.write(text);
        return;
      }
      case 'stream-ended': {
        const key = streamKey(signal.sessionId, signal.streamId);
        const entry = this.remote.get(key);
        if (entry?.buffer) entry.ended = true;
        else this.endRemote(key);
        return;
      }
      case 'closed':
        this.dropSession(signal.sessionId);
        return;
    }
  }

  /** A session ended: its work stops, its waits fail, its streams close. */
  private dropSession(sessionId: string): void {
    for (const controller of this.inflight.get(sessionId)?.values() ?? []) controller.abort('The session ended');
    this.inflight.delete(sessionId);
    this.waiters.get(sessionId)?.failAll(new TransportClosedError('The session ended'));
    this.waiters.delete(sessionId);
    this.standalone.delete(sessionId);
    this.leased.delete(sessionId);
    const prefix = streamKey(sessionId, '');
    for (const [key, stream] of this.streams) if (key.startsWith(prefix)) void stream.end();
    for (const key of [...this.remote.keys()]) if (key.startsWith(prefix)) this.endRemote(key);
  }

  /** Change notifications go to the standalone streams of the sessions they concern. */
  private deliver(event: ServerEvent): void {
    if (this.standalone.size === 0) return;
    const notification = legacyNotification(event, this.server.capabilities);
    if (!notification) return;
    for (const [sessionId, stream] of this.standalone) {
      if (!stream.connected) continue;
      if (event.type !== 'resources/updated') {
        void stream.send(notification);
        continue;
      }
      void this.store.get(sessionId).then((record) => {
        if (record && concernsSession(event, record.subscriptions)) return stream.send(notification);
      }, this.options.onError);
    }
  }

  /** A new SSE connection on this replica's ticker. */
  openSse(): SseResponse {
    this.ticker ??= new Ticker(this.tickMs);
    return new SseResponse({ maxBufferBytes: this.options.maxStreamBufferBytes, keepAliveMs: this.options.keepAliveMs, ticker: this.ticker });
  }

  private startTicker(): void {
    this.ticker ??= new Ticker(this.tickMs);
    this.ticker.add(this.leaseLoop);
  }

  /**
   * The lease loop (the streams' keep-alives run on the same ticker). A session in use here (connected stream, request in flight,
   * an answer awaited) is kept from expiring and its in-use mark renewed; a session no longer in
   * use loses its mark, so it may be evicted again.
   */
  private tick(): void {
    const active = new Set<string>();
    for (const stream of this.streams.values()) if (stream.connected) active.add(stream.sessionId);
    for (const [key, entry] of this.remote) if (entry.connection.live) active.add(key.slice(0, key.indexOf(' ')));
    for (const sessionId of this.inflight.keys()) active.add(sessionId);
    for (const sessionId of this.held) active.add(sessionId);
    for (const [sessionId, waiters] of this.waiters) {
      if (waiters.inFlight + waiters.queued > 0) active.add(sessionId);
      else this.waiters.delete(sessionId);
    }
    const leaseMs = 3 * this.tickMs;
    for (const sessionId of active) {
      void this.store.get(sessionId).catch(this.options.onError);
      if (this.store.lease) {
        this.leased.add(sessionId);
        this.store.lease(sessionId, replicaId(), leaseMs).catch(this.options.onError);
      }
    }
    for (const sessionId of this.leased) {
      if (active.has(sessionId)) continue;
      this.leased.delete(sessionId);
      this.store.lease?.(sessionId, replicaId(), 0).catch(this.options.onError);
    }
  }

  /** Ends every stream and request of this replica and leaves the store and the bus. */
  async close(): Promise<void> {
    this.ticker?.delete(this.leaseLoop);
    for (const sessionId of new Set([...this.inflight.keys(), ...this.waiters.keys(), ...this.standalone.keys()])) this.dropSession(sessionId);
    await Promise.all([...this.streams.values()].map((stream) => stream.end()));
    for (const key of [...this.remote.keys()]) this.endRemote(key);
    for (const stop of this.stops.splice(0)) stop();
    this.started = undefined;
  }
}
