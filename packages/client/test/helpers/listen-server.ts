import { ResponseError, type DispatchContext, type RequestId } from '@mcpkit/jsonrpc';
import type { SubscriptionFilter } from '@mcpkit/schema';
import { FakeServer } from './fake-server.js';

const SID = 'io.modelcontextprotocol/subscriptionId';

/** One open listen stream on the fake server. */
export interface ServerStream {
  readonly id: RequestId;
  readonly asked: SubscriptionFilter;
  readonly context: DispatchContext;
  /** Sends a notification tagged with this stream's id. */
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  /** Ends the stream gracefully with the final listen result. */
  end(): void;
  /** Ends the stream with a JSON-RPC error. */
  fail(code: number, message: string): void;
}

/**
 * A fake server whose `subscriptions/listen` acknowledges (by default everything asked, or what
 * `grant` returns), then keeps the stream open for the test to drive.
 */
export class ListenServer extends FakeServer {
  readonly streams: ServerStream[] = [];
  private waiters: Array<() => void> = [];

  constructor(grant: (asked: SubscriptionFilter) => SubscriptionFilter | undefined = (asked) => asked) {
    super();
    this.on('subscriptions/listen', async (params, context, request) => {
      const asked = params.notifications as SubscriptionFilter;
      let end!: () => void;
      let fail!: (code: number, message: string) => void;
      const done = new Promise<unknown>((resolve, reject) => {
        end = () => resolve({ resultType: 'complete', _meta: { [SID]: request.id } });
        fail = (code, message) => reject(new ResponseError(code, message));
        context.signal.addEventListener('abort', () => resolve(null), { once: true });
      });
      const stream: ServerStream = {
        id: request.id,
        asked,
        context,
        notify: (method, extra = {}) => context.notify({ jsonrpc: '2.0', method, params: { ...extra, _meta: { [SID]: request.id } } }),
        end,
        fail,
      };
      const granted = grant(asked);
      if (granted !== undefined) await stream.notify('notifications/subscriptions/acknowledged', { notifications: granted });
      this.streams.push(stream);
      for (const wake of this.waiters.splice(0)) wake();
      return done;
    });
  }

  /** Resolves with the n-th stream (0-based) once it is open. */
  async stream(n: number): Promise<ServerStream> {
    while (this.streams.length <= n) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.streams[n] as ServerStream;
  }
}
