// Copied by tools/codegen from schema/2026-07-28/logging.ts. Edit the source, then run `pnpm codegen`.
/**
 * Log messages a server may send about a request (deprecated feature).
 *
 * Source: `2026-07-28/pages/server/utilities/logging.mdx`, `2026-07-28/pages/deprecated.mdx`,
 * `2026-07-28/schema.json`. There is no `logging/setLevel` any more: a request opts in by setting
 * `io.modelcontextprotocol/logLevel` in its `_meta`, and messages for it travel only on its own
 * response stream.
 */

import type { NotificationParams } from './base.js';
import type { JSONRPCNotification } from './jsonrpc.js';

/**
 * Severity of a log message, from least to most severe: debug, info, notice, warning, error,
 * critical, alert, emergency (the syslog levels of RFC 5424). An unknown level gets -32602.
 */
export type LoggingLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/**
 * Parameters of `notifications/message`.
 */
export interface LoggingMessageNotificationParams extends NotificationParams {
  /** How severe the message is; never below the level the request asked for. */
  level: LoggingLevel;
  /** Name of the component that logged the message. */
  logger?: string;
  /** What is logged: a string, an object or any other JSON value. */
  data: unknown;
}

/**
 * One log message about a request whose `_meta` set a log level. Without that key the server must
 * not send any.
 * @mcpCapability server.logging
 */
export interface LoggingMessageNotification extends JSONRPCNotification {
  /** Always `"notifications/message"`. */
  method: 'notifications/message';
  /** The severity, the logger name and the logged data. */
  params: LoggingMessageNotificationParams;
}
