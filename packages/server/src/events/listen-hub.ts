import type { JsonRpcResponse } from '@mcpkit/jsonrpc';
import { ErrorCode, META_SUBSCRIPTION_ID } from '@mcpkit/schema/2026-07-28/core';
import type { EventBus, ServerEvent, Unsubscribe } from './event-bus.js';
import type { ListenStream, StreamEnd, StreamOwner } from './listen-stream.js';

/** What a listen stream says when the event bus was lost (events may have been missed). */
export const BUS_LOST = 'The server lost its event bus; notifications may have been missed: listen again';

/**
 * The server's one subscription to its `EventBus`, fanned out to every open listen stream (one bus
 * subscription per server, not per stream, so a Redis bus holds one connection per replica).
 * When the bus reports the subscription lost, every stream ends as `failed` (its client is told and
 * listens again) and the next stream subscribes afresh. A stream leaves the set when it ends
 * (it tells the hub: no promise per stream).
 */
export class ListenHub implements StreamOwner {
  private readonly streams = new Set<ListenStream>();
  private subscription: Promise<Unsubscribe> | undefined;
  private closedFlag = false;

  /** `resultMeta`: the `_meta` of every result (`serverInfo`), for the final answer of a stream the server closes. */
  constructor(
    private readonly bus: EventBus,
    private readonly resultMeta?: Readonly<Record<string, unknown>>,
  ) {}

  /** Whether `close()` was called. */
  get closed(): boolean {
    return this.closedFlag;
  }

  /** How many streams are open. */
  get size(): number {
    return this.streams.size;
  }

  /**
   * Adds a stream once the bus subscription is live, so no event published after this resolves is
   * missed. Rejects (adding nothing) when the bus cannot subscribe.
   */
  async attach(stream: ListenStream): Promise<void> {
    const subscription = (this.subscription ??= this.subscribe());
    try {
      await subscription;
    } catch (error) {
      if (this.subscription === subscription) this.subscription = undefined;
      throw error;
    }
    if (this.subscription !== subscription) {
      // Closed, or lost between subscribing and now (events may already be missing for this stream).
      stream.end(this.closedFlag ? 'closed' : 'failed');
      return;
    }
    if (stream.endedHow !== undefined) return;
    this.streams.add(stream);
    stream.owner = this;
  }

  /** @internal A stream ended: it leaves the fan-out. */
  streamEnded(stream: ListenStream): void {
    this.streams.delete(stream);
  }

  /** @internal The final response of a detached stream that ended `how`. */
  answerFor(stream: ListenStream, how: StreamEnd): JsonRpcResponse | null {
    const id = stream.id;
    if (how === 'aborted') return null;
    if (how === 'failed') return { jsonrpc: '2.0', id, error: { code: ErrorCode.InternalError, message: BUS_LOST } };
    return { jsonrpc: '2.0', id, result: { resultType: 'complete', _meta: { ...this.resultMeta, [META_SUBSCRIPTION_ID]: id } } };
  }

  /** Ends every stream gracefully and drops the bus subscription. */
  async close(): Promise<void> {
    this.closedFlag = true;
    for (const stream of [...this.streams]) stream.end('closed');
    const subscription = this.subscription;
    this.subscription = undefined;
    if (subscription) await (await subscription)();
  }

  private subscribe(): Promise<Unsubscribe> {
    let current: Promise<Unsubscribe> | undefined;
    const lost = () => {
      // Only the live subscription's loss ends streams; a stale report is ignored.
      if (current === undefined || this.subscription !== current) return;
      this.subscription = undefined;
      for (const stream of [...this.streams]) stream.end('failed');
      this.streams.clear();
    };
    current = this.bus.subscribe((event) => this.fanOut(event), lost);
    return current;
  }

  private fanOut(event: ServerEvent): void {
    for (const stream of this.streams) stream.deliver(event);
  }
}
