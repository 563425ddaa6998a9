// Copied by tools/codegen from schema/2025-11-25/progress.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: progress reporting. A request that carries `_meta.progressToken` invites the
 * receiver to send progress notifications for it until it finishes (for a task, until the task
 * reaches a terminal status).
 *
 * Spec: 2025-11-25/pages/basic/utilities/progress.mdx
 */

import type { NotificationParams, ProgressToken } from './base.js';
import type { JSONRPCNotification } from './jsonrpc.js';

/**
 * Reports how far a long-running request has got. Either side may send it, but only for a
 * token from a request it is still working on.
 */
export interface ProgressNotification extends JSONRPCNotification {
  /** Always `notifications/progress`. */
  method: 'notifications/progress';
  /** The progress report. */
  params: ProgressNotificationParams;
}

/** One progress report. */
export interface ProgressNotificationParams extends NotificationParams {
  /** The token from the request this report is about. */
  progressToken: ProgressToken;
  /**
   * Amount done so far; it must grow with every report, even when the total is unknown. May be
   * fractional.
   * @TJS-type number
   */
  progress: number;
  /**
   * Amount that will be done in all, when known. May be fractional.
   * @TJS-type number
   */
  total?: number;
  /** Human-readable text describing the current state. */
  message?: string;
}
