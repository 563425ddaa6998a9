// Copied by tools/codegen from schema/2025-11-25/cancellation.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: cancelling a request in flight. Either side may tell the other to abandon a
 * request it sent earlier; the answer, if it still comes, is then ignored. `initialize` cannot
 * be cancelled, and task-augmented requests are cancelled with `tasks/cancel` instead.
 *
 * Spec: 2025-11-25/pages/basic/utilities/cancellation.mdx
 */

import type { NotificationParams } from './base.js';
import type { JSONRPCNotification, RequestId } from './jsonrpc.js';

/**
 * Tells the peer to stop work on a request this side sent earlier and not to answer it. It may
 * cross the response on the wire; both sides must tolerate that.
 */
export interface CancelledNotification extends JSONRPCNotification {
  /** Always `notifications/cancelled`. */
  method: 'notifications/cancelled';
  /** Which request, and why. */
  params: CancelledNotificationParams;
}

/** Which request is being abandoned, and why. */
export interface CancelledNotificationParams extends NotificationParams {
  /**
   * Id of a request this side sent earlier. Needed to cancel an ordinary request; never used for
   * tasks, which have `tasks/cancel`.
   */
  requestId?: RequestId;
  /** Why the request was cancelled, for logs or display. */
  reason?: string;
}
