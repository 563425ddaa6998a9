/**
 * The reply to one POSTed legacy request: JSON when the answer comes before anything else has
 * to be said, otherwise an SSE stream (notifications and server-initiated requests about the
 * request, then its response). With polling on, the stream starts at once and its connection
 * is closed after a while; the client resumes it with GET and `Last-Event-ID`.
 * spec: 2025-11-25/pages/basic/transports.mdx (Sending Messages to the Server)
 */
import { jsonResponse } from '@mcpkit/http/toolkit';
import type { JsonRpcMessage, JsonRpcRequest, JsonRpcResponse, RequestId } from '@mcpkit/jsonrpc';
import { LogicalStream, type StreamHost } from './logical-stream.js';
import { storeUnavailable } from './store-unavailable.js';

/** One POST's reply, decided lazily. */
export class PostReply {
  /** Settles as soon as the reply is decided (JSON, or the start of an SSE stream). */
  readonly response: Promise<Response>;
  private settle!: (response: Response) => void;
  private stream: Promise<LogicalStream> | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly id: RequestId;

  constructor(
    private readonly host: StreamHost,
    private readonly sessionId: string,
    request: JsonRpcRequest,
  ) {
    this.id = request.id;
    this.response = new Promise<Response>((resolve) => (this.settle = resolve));
    const delay = host.options.closeStreamAfterMs?.(request);
    if (delay !== undefined && Number.isFinite(delay) && delay >= 0) {
      this.polled = delay === 0;
      void this.open().then((stream) => {
        if (this.polled) void stream.disconnect();
        else
          this.pollTimer = setTimeout(() => {
            this.polled = true;
            void stream.disconnect();
          }, delay);
      }, ignore); // finish() meets the same failure and reports it
    }
  }

  private opened: LogicalStream | undefined;
  /** Whether polling closed (or is about to close) the connection. */
  private polled = false;

  /** Whether the client still listens on this POST's own stream (or the reply is still undecided). */
  get reachable(): boolean {
    if (this.polled) return false;
    return this.stream === undefined || this.opened === undefined || this.opened.connected;
  }

  /** Sends a message about the request (a notification, or a server-initiated request) on the reply's stream. */
  async send(message: JsonRpcMessage): Promise<void> {
    const stream = await this.open();
    await stream.send(message);
  }

  /** Sends the final response (or nothing, when the request was cancelled) and ends the stream. */
  async finish(response: JsonRpcResponse | null): Promise<void> {
    clearTimeout(this.pollTimer);
    if (this.stream === undefined) {
      if (response) {
        this.settle(jsonResponse(response));
      } else {
        // Cancelled before anything was said: an SSE reply with no event (no priming, so no resumption).
        const empty = this.host.openSse();
        empty.end();
        this.settle(empty.response);
      }
      return;
    }
    const stream = await this.stream;
    if (response) await stream.send(response);
    await stream.end();
  }

  private open(): Promise<LogicalStream> {
    this.stream ??= (async () => {
      const connection = this.host.openSse();
      let stream: LogicalStream;
      try {
        stream = await LogicalStream.open(this.host, this.sessionId, connection);
      } catch (error) {
        // The reply is still undecided: answer it as any other store failure, never leave it hanging.
        this.settle(storeUnavailable(this.id));
        throw error;
      }
      this.opened = stream;
      this.settle(connection.response);
      return stream;
    })();
    return this.stream;
  }
}

function ignore(): void {}
