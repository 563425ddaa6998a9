import type { PendingRequest } from '@mcpkit/jsonrpc';
import type { ProgressNotificationParams, ProgressToken, Validator } from '@mcpkit/schema';
import { validateProgressNotificationParams } from '@mcpkit/schema/2026-07-28/validators/notifications';

/** One request that asked for progress. */
interface Tracked {
  readonly callback: (progress: ProgressNotificationParams) => void;
  pending: PendingRequest<unknown> | undefined;
  last: number;
}

/**
 * Routes `notifications/progress` to the request that asked (basic/patterns/progress.mdx): a token
 * unique among active requests, the callback, and `touch()` so progress resets the idle timeout
 * (never past the hard maximum). Malformed, unknown-token and non-increasing notifications are dropped.
 * Any era's client can use it: pass that revision's validator of the params.
 *
 * @example
 * const progress = new ProgressRouter(console.warn, console.error);
 * const token = progress.open((p) => console.log(p.progress, p.total));
 * const pending = connection.begin('tools/call', { name, _meta: { progressToken: token } });
 * progress.attach(token, pending); // ... on notifications/progress: progress.deliver(params); when done: progress.close(token)
 */
export class ProgressRouter {
  private readonly active = new Map<ProgressToken, Tracked>();
  private next = 0;

  constructor(
    /** Told about dropped notifications (malformed, not increasing). */
    private readonly warn: (message: string) => void,
    /** Told when a progress callback throws. */
    private readonly report: (error: Error) => void,
    /** Checks the params as they arrive from the peer. Default: the 2026-07-28 validator. */
    private readonly validate: Validator<ProgressNotificationParams> = validateProgressNotificationParams,
  ) {}

  /** Allocates a token for a request about to be sent. */
  open(callback: (progress: ProgressNotificationParams) => void): ProgressToken {
    const token = ++this.next;
    this.active.set(token, { callback, pending: undefined, last: -Infinity });
    return token;
  }

  /** Links the token to the round trip now carrying it (each MRTR round is a new request). */
  attach(token: ProgressToken, pending: PendingRequest<unknown>): void {
    const tracked = this.active.get(token);
    if (tracked !== undefined) {
      tracked.pending = pending;
      tracked.last = -Infinity;
    }
  }

  /** Forgets the token once its request is over: later notifications for it are dropped. */
  close(token: ProgressToken): void {
    this.active.delete(token);
  }

  /** Handles one `notifications/progress` params object from the server. */
  deliver(params: unknown): void {
    if (!this.validate(params)) {
      this.warn('Ignored a malformed notifications/progress');
      return;
    }
    const tracked = this.active.get(params.progressToken);
    if (tracked === undefined) return;
    if (!(params.progress > tracked.last)) {
      this.warn(`Ignored notifications/progress for token ${JSON.stringify(params.progressToken)}: progress did not increase`);
      return;
    }
    tracked.last = params.progress;
    tracked.pending?.touch();
    try {
      tracked.callback(params);
    } catch (error) {
      this.report(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
