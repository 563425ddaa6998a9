// Copied by tools/codegen from schema/2026-07-28/subscriptions.ts. Edit the source, then run `pnpm codegen`.
/**
 * `subscriptions/listen`: a long-lived request whose response stream carries the change
 * notifications the client opted in to. It replaces the HTTP GET stream and `resources/subscribe`.
 *
 * Source: `2026-07-28/pages/basic/patterns/subscriptions.mdx`, `2026-07-28/schema.json`.
 * Every message on the stream carries the listen request's `id` in
 * `_meta["io.modelcontextprotocol/subscriptionId"]`; the first one is the acknowledgment.
 */

import type { NotificationParams, RequestParams, Result } from './base.js';
import type { JSONRPCNotification, JSONRPCRequest, JSONRPCResultResponse } from './jsonrpc.js';
import type { SubscriptionsListenResultMetaObject } from './meta.js';

/**
 * Which notifications a listener wants. Everything is opt-in: the server never sends a kind that
 * was not asked for, and a missing field means "not wanted".
 */
export interface SubscriptionFilter {
  /** Deliver `notifications/tools/list_changed`. */
  toolsListChanged?: boolean;
  /** Deliver `notifications/prompts/list_changed`. */
  promptsListChanged?: boolean;
  /** Deliver `notifications/resources/list_changed`. */
  resourcesListChanged?: boolean;
  /** Deliver `notifications/resources/updated` for these resource URIs. */
  resourceSubscriptions?: string[];
}

/**
 * Parameters of `subscriptions/listen`.
 */
export interface SubscriptionsListenRequestParams extends RequestParams {
  /** The notifications to receive on this stream. */
  notifications: SubscriptionFilter;
}

/**
 * Opens a stream of change notifications. It stays open until the client cancels it (closing the
 * HTTP stream, or `notifications/cancelled` on stdio) or the server ends it.
 * @mcpResult SubscriptionsListenResult
 */
export interface SubscriptionsListenRequest extends JSONRPCRequest {
  /** Always `"subscriptions/listen"`. */
  method: 'subscriptions/listen';
  /** The filter, plus the usual `_meta`. */
  params: SubscriptionsListenRequestParams;
}

/**
 * Sent only when the server closes a subscription in an orderly way (e.g. on shutdown). A stream
 * that ends without it was dropped, and the client may listen again.
 */
export interface SubscriptionsListenResult extends Result {
  /** Must name the subscription being closed. */
  _meta: SubscriptionsListenResultMetaObject;
}

/**
 * The successful response to `subscriptions/listen`, marking an orderly end of the stream.
 */
export interface SubscriptionsListenResultResponse extends JSONRPCResultResponse {
  /** The closing result. */
  result: SubscriptionsListenResult;
}

/**
 * Parameters of `notifications/subscriptions/acknowledged`.
 */
export interface SubscriptionsAcknowledgedNotificationParams extends NotificationParams {
  /**
   * The part of the requested filter the server will honour; kinds it does not support are left
   * out, so the client can compare this with what it asked for.
   */
  notifications: SubscriptionFilter;
}

/**
 * Confirms that a listen stream is open and says which notifications it will carry. It is the
 * first message tagged with the subscription's id; nothing else for that subscription comes
 * before it (on stdio, messages of other subscriptions may).
 */
export interface SubscriptionsAcknowledgedNotification extends JSONRPCNotification {
  /** Always `"notifications/subscriptions/acknowledged"`. */
  method: 'notifications/subscriptions/acknowledged';
  /** The granted filter, plus the `_meta` naming the stream. */
  params: SubscriptionsAcknowledgedNotificationParams;
}
