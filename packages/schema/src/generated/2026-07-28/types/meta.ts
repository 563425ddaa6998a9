// Copied by tools/codegen from schema/2026-07-28/meta.ts. Edit the source, then run `pnpm codegen`.
/**
 * The `_meta` objects carried by requests, results and notifications, and the protocol-reserved
 * keys inside them.
 *
 * Source: `2026-07-28/pages/basic/index.mdx` (`_meta`), `2026-07-28/schema.json`.
 *
 * Key rules (all `_meta` objects): a key is an optional prefix of dot-separated labels ending in
 * `/`, then a name. A prefix whose second label is `modelcontextprotocol` or `mcp` is reserved for
 * the protocol; `traceparent`, `tracestate` and `baggage` are reserved without a prefix.
 */

import type { ClientCapabilities } from './capabilities.js';
import type { Implementation } from './base.js';
import type { RequestId } from './jsonrpc.js';
import type { LoggingLevel } from './logging.js';
import type { ProgressToken } from './progress.js';

/**
 * Free-form metadata attached to a message or object under the `_meta` key. Any key may appear;
 * reserved keys have the meaning the protocol gives them and must not be guessed at otherwise.
 */
export type MetaObject = Record<string, unknown>;

/**
 * The `_meta` of every request's `params`. Besides free keys it names the protocol version and
 * the client capabilities that apply to this one request (there is no session to remember them).
 */
export interface RequestMetaObject extends MetaObject {
  /**
   * Protocol revision this request is written for. Required; on HTTP it must equal the
   * `MCP-Protocol-Version` header. An unsupported value gets an UnsupportedProtocolVersionError.
   */
  'io.modelcontextprotocol/protocolVersion': string;
  /**
   * What the client can do while this request is served. Required; `{}` declares nothing. The
   * server must not assume capabilities from earlier requests.
   */
  'io.modelcontextprotocol/clientCapabilities': ClientCapabilities;
  /**
   * Self-reported identity of the client software. Recommended on every request; meant for
   * display and logs only, never for behaviour or access decisions.
   */
  'io.modelcontextprotocol/clientInfo'?: Implementation;
  /**
   * Lowest severity of `notifications/message` the client wants for this request. Without it the
   * server sends no log notifications at all for the request. Deprecated with logging.
   */
  'io.modelcontextprotocol/logLevel'?: LoggingLevel;
  /**
   * When present, asks for `notifications/progress` about this request, tagged with this token.
   * The server may still send none.
   */
  progressToken?: ProgressToken;
}

/**
 * The `_meta` of a result. Besides free keys it may identify the server that produced it.
 */
export interface ResultMetaObject extends MetaObject {
  /**
   * Self-reported identity of the server software. Recommended on every result; meant for display
   * and logs only, not verified and not to drive behaviour.
   */
  'io.modelcontextprotocol/serverInfo'?: Implementation;
}

/**
 * The `_meta` of a notification's `params`. Besides free keys it tells which listen stream
 * delivered the notification.
 */
export interface NotificationMetaObject extends MetaObject {
  /**
   * The `id` of the `subscriptions/listen` request whose stream carries this notification (same
   * JSON type as that id). Required on listen-stream notifications, absent on all others.
   */
  'io.modelcontextprotocol/subscriptionId'?: RequestId;
}

/**
 * The `_meta` of the final `subscriptions/listen` result: a result `_meta` that must also say which
 * subscription is being closed.
 */
export interface SubscriptionsListenResultMetaObject extends ResultMetaObject {
  /**
   * The `id` of the `subscriptions/listen` request this result ends; it equals the response `id`
   * and the tag carried by the stream's notifications.
   */
  'io.modelcontextprotocol/subscriptionId': RequestId;
}
