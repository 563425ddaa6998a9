// Copied by tools/codegen from schema/2026-07-28/cancellation.ts. Edit the source, then run `pnpm codegen`.
/**
 * Cancelling a request that is still running.
 *
 * Source: `2026-07-28/pages/basic/patterns/cancellation.mdx`, `2026-07-28/schema.json`.
 * On HTTP a client cancels by closing the response stream; this notification is used on stdio.
 * A server sends it only on stdio, and only to end a `subscriptions/listen` stream.
 */

import type { NotificationParams } from './base.js';
import type { JSONRPCNotification, RequestId } from './jsonrpc.js';

/**
 * Parameters of `notifications/cancelled`.
 */
export interface CancelledNotificationParams extends NotificationParams {
  /**
   * The `id` of the request to abandon: one the client itself sent and that is still open, or,
   * from a server, the `id` of the `subscriptions/listen` request whose stream it is ending.
   */
  requestId: RequestId;
  /** Why the request is cancelled, for logs or for showing to a person. */
  reason?: string;
}

/**
 * Says that the sender gives up on a request. The receiver should stop the work and send nothing
 * more for it; a response that still arrives afterwards is ignored. A client may cancel only its
 * own open requests; a server uses this only to end a listen stream on stdio.
 */
export interface CancelledNotification extends JSONRPCNotification {
  /** Always `"notifications/cancelled"`. */
  method: 'notifications/cancelled';
  /** Which request is cancelled, and why. */
  params: CancelledNotificationParams;
}
