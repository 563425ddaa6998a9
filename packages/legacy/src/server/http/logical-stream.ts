/**
 * A logical SSE stream of a session (the reply to one POSTed request, or a GET stream): every
 * message gets an event id and goes to the event log before it is written, so a client that
 * lost its connection resumes it with `Last-Event-ID` on a new one.
 * spec: 2025-11-25/pages/basic/transports.mdx (Resumability and Redelivery)
 */
import { encodeSseEvent } from '@mcpkit/http/toolkit';
import type { JsonRpcMessage } from '@mcpkit/jsonrpc';
import type { ResolvedOptions } from '../options.js';
import { mintStreamId } from './session-id.js';
import type { SessionStore, StoredEvent } from './session-store.js';
import type { SseResponse } from '@mcpkit/http/toolkit';

/** What streams need from the HTTP layer that owns them. */
export interface StreamHost {
  readonly store: SessionStore;
  readonly options: ResolvedOptions;
  /** Streams of this replica, by `<sessionId> <streamId>`, so resumptions find them. */
  readonly streams: Map<string, LogicalStream>;
  /** A new SSE connection, kept alive by the host's one ticker. */
  openSse(): SseResponse;
}

/** The key of a stream in `StreamHost.streams`. */
export const streamKey = (sessionId: string, streamId: string): string => `${sessionId} ${streamId}`;

/** The SSE text of a stored event. */
export const eventText = (event: StoredEvent): string => encodeSseEvent({ id: event.id, data: JSON.stringify(event.message) });

/** One logical stream; operations run in order (appends, resumptions, the end). */
export class LogicalStream {
  private connection: SseResponse | undefined;
  private ended = false;
  private queue: Promise<void> = Promise.resolve();

  private constructor(
    private readonly host: StreamHost,
    readonly sessionId: string,
    readonly streamId: string,
  ) {}

  /**
   * Starts a stream on `connection`, with the priming event (an id and empty data, plus `retry`)
   * that lets the client resume it even before the first message.
   */
  static async open(host: StreamHost, sessionId: string, connection: SseResponse): Promise<LogicalStream> {
    const stream = new LogicalStream(host, sessionId, mintStreamId());
    await host.store.openStream(sessionId, stream.streamId);
    host.streams.set(streamKey(sessionId, stream.streamId), stream);
    stream.attach(connection);
    connection.write(encodeSseEvent({ id: `${stream.streamId}.0`, retry: host.options.retryMs, data: '' }));
    return stream;
  }

  /** Whether a client is connected to it on this replica right now. */
  get connected(): boolean {
    return this.connection?.live === true;
  }

  /** Whether its last event was written. */
  get finished(): boolean {
    return this.ended;
  }

  /** Appends `message` and writes it to the connection, if any (else it waits in the log). */
  send(message: JsonRpcMessage): Promise<void> {
    return this.enqueue(async () => {
      if (this.ended) return;
      const event = await this.host.store.appendEvent(this.sessionId, this.streamId, message);
      if (this.connection?.live) this.connection.write(eventText(event));
      else await this.host.store.publish({ type: 'event', sessionId: this.sessionId, streamId: this.streamId, event });
    });
  }

  /** Writes nothing more: marks the stream complete and closes its connection. */
  end(): Promise<void> {
    return this.enqueue(async () => {
      if (this.ended) return;
      this.ended = true;
      this.host.streams.delete(streamKey(this.sessionId, this.streamId));
      await this.host.store.endStream(this.sessionId, this.streamId);
      if (this.connection?.live) this.connection.end();
      else await this.host.store.publish({ type: 'stream-ended', sessionId: this.sessionId, streamId: this.streamId });
      this.connection = undefined;
    });
  }

  /** Closes the connection but not the stream (polling: the client resumes later). */
  disconnect(): Promise<void> {
    return this.enqueue(() => {
      this.connection?.end();
      this.connection = undefined;
    });
  }

  /**
   * Moves the stream to `connection`: writes what followed `lastEventId`, then continues live
   * there (a previous connection is closed). Ends the connection at once if the stream is over.
   */
  resume(connection: SseResponse, lastEventId: string): Promise<void> {
    return this.enqueue(async () => {
      const replay = await this.host.store.replay(this.sessionId, lastEventId);
      for (const event of replay?.events ?? []) connection.write(eventText(event));
      if (this.ended) {
        connection.end();
        return;
      }
      if (this.connection !== connection) this.connection?.end();
      this.attach(connection);
    });
  }

  private attach(connection: SseResponse): void {
    this.connection = connection;
    connection.onGone(() => {
      if (this.connection === connection) this.connection = undefined;
    });
  }

  private enqueue(step: () => void | Promise<void>): Promise<void> {
    const next = this.queue.then(step);
    this.queue = next.catch((error: unknown) => this.host.options.onError(error));
    return next;
  }
}
