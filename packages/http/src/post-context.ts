/**
 * The dispatch context of one POSTed request, and the JSON-or-SSE decision.
 *
 * The reply stays undecided while the dispatcher runs. If the response comes first, it is sent as
 * JSON. The first `notify` switches the reply to SSE: that notification, every later one and the
 * final response are events, then the stream ends. Once the client is gone (or was cut off for
 * not reading), the signal fires and nothing more is written.
 *
 * A long-lived request (a listen stream) may `detach` once set up: the dispatch promise then ends
 * without answering, and the context itself is what stays of the request: a record the server's
 * fan-out writes to, with the sink and the budget slot, until `answer` (or the client's going
 * away, told to the owner) ends it. No async function waits per idle stream.
 */
import type { DetachedRequest, DispatchContext, JsonRpcNotification, JsonRpcResponse, RequestId, TransportInfo } from '@mcpkit/jsonrpc';
import type { Exchange, ExchangeSink, PeerGoneListener } from './exchange.js';
import { RESOLVED } from './exchange.js';
import type { HttpLimits } from './options.js';
import { ErrorCode } from './protocol.js';
import { JSON_HEADERS, SSE_HEADERS, statusForError } from './responses.js';
import { encodeSseComment, sseJsonEvent } from './sse-encode.js';
import type { Ticker, TickTarget } from './ticker.js';

const PENDING = 0;
const STREAMING = 1;
const DONE = 2;
const KEEP_ALIVE = encodeSseComment('keep-alive');

/** What a context needs from the handler that created it. */
export interface ContextOwner {
  readonly limits: HttpLimits;
  readonly ticker: Ticker;
  /** Frees the budget slot the request held (`stream`: a listen stream's). */
  release(stream: boolean): void;
}

/** `DispatchContext` and `TransportInfo` in one object per request. */
export class PostContext implements DispatchContext, TransportInfo, PeerGoneListener, TickTarget {
  readonly name = 'http';
  private state = PENDING;
  private gone = false;
  private reason: unknown;
  private controller: AbortController | undefined;
  private sink: ExchangeSink | undefined;
  private lastWriteAt = 0;
  private blockedSince = 0;
  /** The owner of a detached request: its answer comes through `answer`, not `complete`. */
  private held: DetachedRequest | undefined;

  constructor(
    private readonly owner: ContextOwner,
    private readonly exchange: Exchange,
    private readonly id: RequestId,
    readonly principal: unknown,
    private readonly cors: Record<string, string> | undefined,
    /** Whether the request holds a slot of the stream budget (a listen) rather than the request budget. */
    private readonly stream = false,
  ) {}

  get transport(): TransportInfo {
    return this;
  }

  /** Created on first use: most dispatchers never look at it. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.gone) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** Whether the request was cancelled (the client went away), without creating the signal. */
  get aborted(): boolean {
    return this.gone;
  }

  header(name: string): string | null {
    return this.exchange.header(name.toLowerCase());
  }

  notify(notification: JsonRpcNotification): Promise<void> {
    if (this.state === DONE || this.gone) return RESOLVED;
    if (this.state === PENDING) {
      this.sink = this.exchange.openStream(this.cors ? { ...SSE_HEADERS, ...this.cors } : SSE_HEADERS, this);
      this.state = STREAMING;
      this.owner.ticker.add(this);
    }
    return this.write(sseJsonEvent(JSON.stringify(notification)));
  }

  private write(chunk: string): Promise<void> {
    const sink = this.sink!;
    this.lastWriteAt = Date.now();
    if (sink.write(chunk)) return RESOLVED;
    if (sink.buffered > this.owner.limits.maxStreamBufferBytes) {
      this.cancel(new Error('the client does not read its response stream (buffer limit exceeded)'));
      return RESOLVED;
    }
    return sink.drained();
  }

  /** Keep-alive on quiet streams; cancels a stream blocked longer than the stall timeout. */
  tick(now: number): void {
    if (this.state !== STREAMING || this.gone) return;
    const { keepAliveMs, stallTimeoutMs } = this.owner.limits;
    if (this.sink!.blocked) {
      if (this.blockedSince === 0) this.blockedSince = now;
      else if (now - this.blockedSince >= stallTimeoutMs) this.cancel(new Error('the client stopped reading its response stream'));
      return;
    }
    this.blockedSince = 0;
    if (now - this.lastWriteAt >= keepAliveMs) {
      this.lastWriteAt = now;
      this.sink!.write(KEEP_ALIVE);
    }
  }

  /** Takes the request off its dispatch promise (see `DispatchContext.detach`). */
  detach(owner: DetachedRequest): boolean {
    if (this.state === DONE) return false;
    this.held = owner;
    if (this.gone) owner.cancelled();
    return true;
  }

  /** The final response of a detached request. */
  answer(response: JsonRpcResponse | null): void {
    if (this.held === undefined) return;
    this.held = undefined;
    this.complete(response);
  }

  /** The client closed the connection or the response stream: that is the cancellation. */
  peerGone(): void {
    this.cancel(new Error('the client closed the connection'));
  }

  /** `EventListener` form of `peerGone`, for `request.signal`. */
  handleEvent(): void {
    this.peerGone();
  }

  private cancel(reason: Error): void {
    if (this.gone || this.state === DONE) return;
    this.gone = true;
    this.reason = reason;
    this.controller?.abort(reason);
    if (this.state === STREAMING) {
      this.owner.ticker.delete(this);
      this.sink!.destroy();
    } else {
      this.exchange.abandon();
    }
    this.held?.cancelled();
  }

  /**
   * Ends the exchange with the dispatcher's answer (`null`: it sent nothing). `failed` marks an
   * answer made up after the dispatcher threw, which is sent with status 500.
   */
  complete(response: JsonRpcResponse | null, failed = false): void {
    // A detached request's dispatch resolving says nothing: its answer comes through `answer`.
    if (this.held !== undefined || this.state === DONE) return;
    const streaming = this.state === STREAMING;
    this.state = DONE;
    this.owner.release(this.stream);
    if (streaming) this.owner.ticker.delete(this);
    if (this.gone) return;
    if (response === null) {
      response = { jsonrpc: '2.0', id: this.id, error: { code: ErrorCode.InternalError, message: 'The server produced no response' } };
      failed = true;
    }
    const sink = this.sink;
    if (streaming) {
      // A host that can write a large message in pieces does (the node lane): the same bytes, not built whole.
      if (sink!.endWithJsonEvent) return sink!.endWithJsonEvent(response);
      sink!.write(sseJsonEvent(JSON.stringify(response)));
      sink!.end();
      return;
    }
    const status = failed ? 500 : 'error' in response ? statusForError(response.error) : 200;
    const headers = this.cors ? { ...JSON_HEADERS, ...this.cors } : JSON_HEADERS;
    if (this.exchange.respondJson) this.exchange.respondJson(status, headers, response);
    else this.exchange.respond(status, headers, JSON.stringify(response));
  }
}
