import type { ExtraCapabilities, InputHandlers, WireTrace } from '@mcpkit/client';
import type { JsonRpcNotification } from '@mcpkit/jsonrpc';
import type { Implementation, LoggingMessageNotificationParams } from '@mcpkit/schema/2025-11-25';

/** How a legacy session behaves. */
export interface LegacySessionOptions {
  /** Sent as `clientInfo` in `initialize`. */
  clientInfo?: Implementation;
  /** Answer the server's `elicitation/create`, `sampling/createMessage` and `roots/list`; they define the declared capabilities. */
  handlers?: InputHandlers;
  /** Declared capabilities that are not handlers: `experimental`, and `extensions` negotiated in `initialize` (MCP Apps). */
  capabilities?: ExtraCapabilities;
  /** The legacy versions this client speaks, preferred first. Default 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05. */
  protocolVersions?: readonly string[];
  /** Default idle timeout of a request in ms. Default 60 000. */
  timeoutMs?: number;
  /** Default hard maximum of a request in ms. Default 600 000. */
  maxTotalTimeoutMs?: number;
  /** Requests in flight at once. Default 256. */
  maxInFlight?: number;
  /** Sees every message sent and received. */
  trace?: WireTrace;
  /** Receives the server's `notifications/message`. */
  onLog?: (message: LoggingMessageNotificationParams) => void;
  /** Any other server notification the client does not handle itself (e.g. `notifications/elicitation/complete`). */
  onNotification?: (notification: JsonRpcNotification) => void;
  /** Problems that did not fail a request. Default: `console.warn`. */
  onWarning?: (message: string) => void;
  /** Errors that belong to no request (an unreadable message, a failing input handler). */
  onError?: (error: Error) => void;
}
