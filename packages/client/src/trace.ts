import type { CloseInfo, JsonRpcMessage, MessageTransport, SendOptions } from '@mcpkit/jsonrpc';

/** One message crossing the wire, as the trace hook sees it. */
export interface WireEvent {
  /** `send`: about to be handed to the transport; `receive`: just delivered by it. */
  readonly direction: 'send' | 'receive';
  readonly message: JsonRpcMessage;
  /** The extra transport headers sent with the message (HTTP `Mcp-Param-*`), if any. */
  readonly headers?: Record<string, string>;
}

/** Called for every message sent or received. It must not throw (a throwing hook is ignored). */
export type WireTrace = (event: WireEvent) => void;

/**
 * Wraps a transport so that `trace` sees every message in both directions. The client does this
 * when given `trace`; without it there is no wrapper and no cost.
 *
 * @example traceTransport(transport, (e) => console.error(e.direction, JSON.stringify(e.message)))
 */
export function traceTransport(transport: MessageTransport, trace: WireTrace): MessageTransport {
  const emit = (event: WireEvent): void => {
    try {
      trace(event);
    } catch {
      // A broken trace hook must never break the traffic it observes.
    }
  };
  return {
    kind: transport.kind,
    name: transport.name,
    start: () => transport.start(),
    close: () => transport.close(),
    send(message: JsonRpcMessage, options?: SendOptions): Promise<void> {
      emit(options?.headers === undefined ? { direction: 'send', message } : { direction: 'send', message, headers: options.headers });
      return transport.send(message, options);
    },
    onMessage(handler: (message: JsonRpcMessage) => void): void {
      transport.onMessage((message) => {
        emit({ direction: 'receive', message });
        handler(message);
      });
    },
    onError: (handler: (error: Error) => void) => transport.onError(handler),
    onClose: (handler: (info: CloseInfo) => void) => transport.onClose(handler),
  };
}
