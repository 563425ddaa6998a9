import type { JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from './messages.js';

/**
 * The two small interfaces every transport implements.
 *
 * A transport moves whole messages; it never interprets them. Framing, HTTP exchanges, processes
 * and sockets are the transport's business; ids, correlation and timeouts are the `Connection`'s.
 */

/** Options for sending one message. */
export interface SendOptions {
  /**
   * Aborted when the sender gives up on the request this message starts (cancel, timeout).
   * Exchange transports (HTTP) abort the underlying exchange; stream transports (stdio) ignore it.
   */
  signal?: AbortSignal;
  /** Extra transport headers for this message (HTTP only, e.g. `Mcp-Param-*`); stream transports ignore them. */
  headers?: Record<string, string>;
}

/** The sending half of a transport. */
export interface MessageSender {
  /**
   * Sends one message. Resolves when the message was handed to the underlying channel (respecting
   * backpressure); rejects with a `TransportError` subclass when it could not be sent.
   */
  send(message: JsonRpcMessage, options?: SendOptions): Promise<void>;
}

/** Why a reader stopped. */
export interface CloseInfo {
  /** A human-readable reason (exit code, stderr tail, HTTP status...). */
  reason?: string;
  /** The error that ended the channel, if it ended abnormally. */
  error?: Error;
}

/** The receiving half of a transport. */
export interface MessageReader {
  /** Registers the handler of every incoming, well-formed message. One handler; a later call replaces it. */
  onMessage(handler: (message: JsonRpcMessage) => void): void;
  /**
   * Registers the handler of a problem with incoming data that did not end the channel
   * (an unparseable line, an oversized frame, an invalid message). The channel stays usable.
   */
  onError(handler: (error: Error) => void): void;
  /** Registers the handler called once when the channel ends, for whatever reason. */
  onClose(handler: (info: CloseInfo) => void): void;
}

/**
 * A bidirectional message channel: what a `Connection` runs on.
 *
 * `kind` tells the layer above how cancellation travels: on a `stream` (stdio, sockets) it must be
 * said in a message; on an `exchange` transport (HTTP) aborting `SendOptions.signal` is the cancellation.
 */
export interface MessageTransport extends MessageSender, MessageReader {
  readonly kind: 'stream' | 'exchange';
  /** The transport's name (`stdio`, `http`...), given to dispatchers as `TransportInfo.name`. */
  readonly name?: string;
  /** Starts reading (spawns the process, opens the socket...). Idempotent. */
  start(): Promise<void>;
  /** Ends the channel gracefully (close stdin then escalate; abort open exchanges). Idempotent. */
  close(): Promise<void>;
  /** Optional backpressure: stop reading input until `resume()` (`serveTransport` calls it past `maxInFlight`). */
  pause?(): void;
  /** Optional: read input again after `pause()`. */
  resume?(): void;
  /** Optional: resolves once what was sent so far left this side (`serveTransport` waits for it before `close()`). */
  flush?(): Promise<void>;
  /** Optional: false once nothing can be sent any more (`serveTransport` then waits for no work to finish). */
  readonly canSend?: boolean;
}

/**
 * Who calls, as an authentication layer established it: the shape `@mcpkit/server` reads from
 * `TransportInfo.principal` (per-item scopes, the caller bound into sealed state) and the verifiers
 * of `@mcpkit/auth` produce. Only `subject` is required; any other value there is anonymous.
 */
export interface Principal {
  /** Stable identifier of the caller at its issuer (a token's `sub`). */
  readonly subject: string;
  /** Who vouched for the subject (a token's `iss`); part of the caller's identity. */
  readonly issuer?: string;
  /** The scopes granted to the request's credentials. */
  readonly scopes?: readonly string[];
  readonly [key: string]: unknown;
}

/** What a transport tells the dispatcher about where a request came from. */
export interface TransportInfo {
  /** `stdio`, `http`, or another transport's name: for logs and traces, never for deciding behaviour (see `multiplexed`). */
  readonly name: string;
  /**
   * True on a transport where every message shares one channel (stdio, a WebSocket: what
   * `serveTransport` serves): a long-lived request has no stream of its own to close, so a server
   * ending one says so in a message (MCP: `notifications/cancelled`) before the final result.
   */
  readonly multiplexed?: boolean;
  /** Case-insensitive lookup of a request header (HTTP only). */
  header?(name: string): string | null;
  /**
   * Whatever an authentication layer established for this request: a `Principal` when it says who
   * calls (an OAuth token's subject), or a framework's own value.
   */
  readonly principal?: unknown;
  /**
   * The session the request belongs to, on a transport that keeps sessions (a 2025-11-25 session's
   * id, set by `@mcpkit/legacy`): who calls when no principal says so. Set by transports, never by a peer.
   */
  readonly session?: string;
}

/**
 * A long-lived channel back to the peer, for dispatchers that keep state per connection
 * (the legacy 2025-11-25 session: server-initiated requests). Stateless dispatchers ignore it.
 */
export interface PeerChannel {
  /** Stable for the lifetime of the channel (one stdio process, one HTTP session). */
  readonly id: string;
  /** Sends a message to the peer outside any request's response (e.g. a server-initiated request). */
  send(message: JsonRpcMessage): Promise<void>;
  /** Called once when the channel ends. */
  onClose(handler: () => void): void;
}

/** Everything a dispatcher learns about one incoming request. */
export interface DispatchContext {
  /** Aborted when the peer cancels the request or goes away. After that, nothing more is sent for it. */
  readonly signal: AbortSignal;
  /**
   * Whether `signal` has fired, for transports that create the signal on first use: reading this
   * instead of `signal.aborted` creates nothing. Optional; when absent, read `signal.aborted`.
   */
  readonly aborted?: boolean;
  /**
   * Streams a notification that belongs to this request (progress, log, a listen stream's events)
   * before its response. Dropped silently once the request was answered or aborted.
   * Resolves when the message was handed to the transport (backpressure).
   */
  notify(notification: JsonRpcNotification): Promise<void>;
  /** Facts from the transport (headers, principal). */
  readonly transport: TransportInfo;
  /** The long-lived channel this request arrived on, when the transport has one. */
  readonly peer?: PeerChannel;
  /**
   * Says that this request ends only when the peer cancels it or the server closes it (a
   * subscription stream), not when its work is done: a transport shutting down because its peer
   * went away (stdin ended) aborts it at once instead of granting it the grace period of requests
   * still at work. Optional; transports without a shutdown grace ignore it.
   */
  untilCancelled?(): void;
  /**
   * Takes a long-lived request (a subscription stream) off its dispatch promise, so that an idle one
   * holds no pending async work: once this returns true, the transport ignores what `dispatch`
   * resolves with and sends what `answer` is given instead, and calls `owner.cancelled()` once if
   * the peer goes away first (at once if it already has). False (or absent): keep `dispatch` pending.
   */
  detach?(owner: DetachedRequest): boolean;
  /** The final response of a detached request (`null`: send nothing); later calls are ignored. */
  answer?(response: JsonRpcResponse | null): void;
}

/** The dispatcher's side of a detached request (see `DispatchContext.detach`). */
export interface DetachedRequest {
  /** The peer went away or cancelled: nothing more is sent; `answer` may still be called (with `null`). */
  cancelled(): void;
}

/** What a dispatcher learns about an incoming notification or response. */
export interface MessageContext {
  readonly transport: TransportInfo;
  readonly peer?: PeerChannel;
}

/**
 * The server side of JSON-RPC: one request in, one response out, with the notifications that belong
 * to that request streamed before it through `context.notify`.
 */
export interface Dispatcher {
  /**
   * Answers one request. Resolves with the response to send, or `null` when nothing must be sent
   * (the request was cancelled). Must not reject: failures are error responses.
   */
  dispatch(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse | null>;
  /** Receives a notification from the peer (other than the transport's own cancellation). */
  notification?(notification: JsonRpcNotification, context: MessageContext): void;
  /** Receives a response from the peer to a request the server sent through `PeerChannel.send`. */
  response?(response: JsonRpcResponse, context: MessageContext): void;
}
