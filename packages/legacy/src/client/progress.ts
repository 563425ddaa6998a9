import type { PendingRequest } from '@mcpkit/jsonrpc';
import {
  validateProgressNotificationParams,
  type ProgressNotificationParams,
  type ProgressToken,
} from '@mcpkit/schema/2025-11-25';

/**
 * Routes a legacy session's `notifications/progress` to the request that asked for it
 * (2025-11-25 basic/utilities/progress.mdx): a token unique among active requests, `touch()` so
 * progress resets the idle timeout, and nothing delivered once the request is over or when
 * `progress` does not increase.
 */
export class ProgressRoutes {
  private readonly active = new Map<ProgressToken, { callback: (p: ProgressNotificationParams) => void; pending?: PendingRequest<unknown>; last: number }>();
  private next = 0;

  constructor(
    private readonly warn: (message: string) => void,
    private readonly report: (error: Error) => void,
  ) {}

  /** A new token for a request about to be sent. */
  open(callback: (progress: ProgressNotificationParams) => void): ProgressToken {
    const token = ++this.next;
    this.active.set(token, { callback, last: -Infinity });
    return token;
  }

  /** Links the token to the request carrying it. */
  attach(token: ProgressToken, pending: PendingRequest<unknown>): void {
    const route = this.active.get(token);
    if (route !== undefined) route.pending = pending;
  }

  /** The request is over: later notifications for the token are dropped. */
  close(token: ProgressToken): void {
    this.active.delete(token);
  }

  /** One `notifications/progress` params object from the server. */
  deliver(params: unknown): void {
    if (!validateProgressNotificationParams(params)) {
      this.warn('Ignored a malformed notifications/progress');
      return;
    }
    const route = this.active.get(params.progressToken);
    if (route === undefined) return;
    if (!(params.progress > route.last)) {
      this.warn(`Ignored notifications/progress for token ${JSON.stringify(params.progressToken)}: progress did not increase`);
      return;
    }
    route.last = params.progress;
    route.pending?.touch();
    try {
      route.callback(params as ProgressNotificationParams);
    } catch (error) {
      this.report(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
