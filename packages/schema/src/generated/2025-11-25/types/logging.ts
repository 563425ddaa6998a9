// Copied by tools/codegen from schema/2025-11-25/logging.ts. Edit the source, then run `pnpm codegen`.
/**
 * MCP 2025-11-25: server logging. A server that declares `logging` may push log entries to the
 * client; the client may set the lowest severity it wants to receive.
 *
 * Spec: 2025-11-25/pages/server/utilities/logging.mdx
 */

import type { NotificationParams, RequestParams } from './base.js';
import type { JSONRPCNotification, JSONRPCRequest } from './jsonrpc.js';

/**
 * How severe a log entry is, using the eight syslog severities of RFC 5424, from `debug` (least)
 * to `emergency` (most).
 */
export type LoggingLevel =
  | 'debug'
  | 'info'
  | 'notice'
  | 'warning'
  | 'error'
  | 'critical'
  | 'alert'
  | 'emergency';

/**
 * Sets the lowest severity of log entries the client wants the server to send.
 * @mcpResult EmptyResult
 * @mcpCapability server.logging
 */
export interface SetLevelRequest extends JSONRPCRequest {
  /** Always `logging/setLevel`. */
  method: 'logging/setLevel';
  /** The threshold to apply. */
  params: SetLevelRequestParams;
}

/** The severity threshold to apply. */
export interface SetLevelRequestParams extends RequestParams {
  /** Entries at this severity and every more severe one are sent; less severe ones are not. */
  level: LoggingLevel;
}

/**
 * One log entry pushed by the server. Until the client sets a level, the server chooses which
 * entries to send.
 * @mcpCapability server.logging
 */
export interface LoggingMessageNotification extends JSONRPCNotification {
  /** Always `notifications/message`. */
  method: 'notifications/message';
  /** The log entry. */
  params: LoggingMessageNotificationParams;
}

/** The contents of one log entry. */
export interface LoggingMessageNotificationParams extends NotificationParams {
  /** How severe the entry is. */
  level: LoggingLevel;
  /** Name of the component that produced the entry, if any. */
  logger?: string;
  /** What is being logged: a message string, an object, or any other JSON value. */
  data: unknown;
}
