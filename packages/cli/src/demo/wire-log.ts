import type { WireEvent } from '@mcpkit/client';
import type { JsonRpcMessage, JsonRpcRequest, JsonRpcResponse, MessageTransport, RequestId } from '@mcpkit/jsonrpc';
import type { ExchangeHead } from '../output/wire-format.js';

/**
 * What crossed the wire during a scenario, in order, as the transports saw it: every message sent
 * and received, and on HTTP every exchange's head. The transcript prints from it and the checks
 * read it, so neither can drift from the real traffic.
 */

/** One recorded event. */
export type WireRecord =
  | { readonly kind: 'message'; readonly direction: 'send' | 'receive'; readonly message: JsonRpcMessage }
  | { readonly kind: 'exchange'; readonly head: ExchangeHead };

/** Receives each event as it happens (the transcript prints it). */
export type WireListener = (record: WireRecord) => void;

/** The recorded traffic of one scenario. */
export class WireLog {
  readonly records: WireRecord[] = [];

  constructor(private readonly listener: WireListener) {}

  /** A message hook (the shape of the clients' `trace` option). */
  readonly message = (event: WireEvent): void => this.add({ kind: 'message', direction: event.direction, message: event.message });

  /** An HTTP exchange hook (an `onExchange` hook). */
  readonly exchange = (head: ExchangeHead): void => this.add({ kind: 'exchange', head });

  private add(record: WireRecord): void {
    this.records.push(record);
    this.listener(record);
  }

  /** The requests sent, in order (optionally of one method). */
  sentRequests(method?: string): JsonRpcRequest[] {
    return this.messages('send').filter((m): m is JsonRpcRequest => 'method' in m && 'id' in m && (method === undefined || m.method === method));
  }

  /** The messages in one direction, in order. */
  messages(direction: 'send' | 'receive'): JsonRpcMessage[] {
    return this.records.flatMap((r) => (r.kind === 'message' && r.direction === direction ? [r.message] : []));
  }

  /** The response received for request `id`. */
  responseTo(id: RequestId): JsonRpcResponse | undefined {
    return this.messages('receive').find((m): m is JsonRpcResponse => !('method' in m) && 'id' in m && m.id === id);
  }

  /** The index in `records` of the first record matching `test`, or -1. */
  indexOf(test: (record: WireRecord) => boolean): number {
    return this.records.findIndex(test);
  }

  /** The exchanges so far. */
  exchanges(): ExchangeHead[] {
    return this.records.flatMap((r) => (r.kind === 'exchange' ? [r.head] : []));
  }
}

/**
 * Records what `transport` really sends and receives. It sits directly on the transport, under
 * anything that could alter a message (the demo's fault injection included).
 */
export function tapTransport(transport: MessageTransport, log: WireLog): MessageTransport {
  return {
    kind: transport.kind,
    name: transport.name,
    start: () => transport.start(),
    close: () => transport.close(),
    send(message, options) {
      log.message({ direction: 'send', message });
      return transport.send(message, options);
    },
    onMessage: (handler) =>
      transport.onMessage((message) => {
        log.message({ direction: 'receive', message });
        handler(message);
      }),
    onError: (handler) => transport.onError(handler),
    onClose: (handler) => transport.onClose(handler),
  };
}

/**
 * `--fault tamper-state`: changes the last character of any `requestState` the client sends, the
 * way a buggy client that "fixes up" the opaque state would. The demo's checks must catch it.
 */
export function tamperRequestState(transport: MessageTransport): MessageTransport {
  return {
    ...tapTransportShape(transport),
    send(message, options) {
      const params = 'params' in message ? (message.params as Record<string, unknown> | undefined) : undefined;
      const state = params?.requestState;
      if (typeof state !== 'string' || state.length === 0) return transport.send(message, options);
      const flipped = state.slice(0, -1) + (state.endsWith('A') ? 'B' : 'A');
      return transport.send({ ...message, params: { ...params, requestState: flipped } } as JsonRpcMessage, options);
    },
  };
}

function tapTransportShape(transport: MessageTransport): MessageTransport {
  return {
    kind: transport.kind,
    name: transport.name,
    start: () => transport.start(),
    close: () => transport.close(),
    send: (message, options) => transport.send(message, options),
    onMessage: (handler) => transport.onMessage(handler),
    onError: (handler) => transport.onError(handler),
    onClose: (handler) => transport.onClose(handler),
  };
}
