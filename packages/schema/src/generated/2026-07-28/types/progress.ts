// Copied by tools/codegen from schema/2026-07-28/progress.ts. Edit the source, then run `pnpm codegen`.
/**
 * Progress updates about a request that takes a while.
 *
 * Source: `2026-07-28/pages/basic/patterns/progress.mdx`, `2026-07-28/schema.json`.
 * The client opts in by putting a `progressToken` in the request's `_meta`; updates travel on that
 * request's own response stream (SSE on HTTP) and stop when the request completes.
 */

import type { NotificationParams } from './base.js';
import type { JSONRPCNotification } from './jsonrpc.js';

/**
 * A token the client picks to tie progress notifications to its request: a string or an integer,
 * unique among the client's requests that are still running.
 */
export type ProgressToken = string | number;

/**
 * Parameters of `notifications/progress`.
 */
export interface ProgressNotificationParams extends NotificationParams {
  /** The token from the request's `_meta`, identifying which request progressed. */
  progressToken: ProgressToken;
  /**
   * How far the work has got. It must grow with every notification and may be fractional, even
   * when the total is unknown.
   * @TJS-type number
   */
  progress: number;
  /**
   * The value `progress` will reach when the work is done, when known.
   * @TJS-type number
   */
  total?: number;
  /** A short human-readable note about the current step. */
  message?: string;
}

/**
 * Reports how far a long-running request has got. Sent only for requests that carried a
 * `progressToken`, and never after their response.
 */
export interface ProgressNotification extends JSONRPCNotification {
  /** Always `"notifications/progress"`. */
  method: 'notifications/progress';
  /** The token, the amount done and optionally the total and a message. */
  params: ProgressNotificationParams;
}
