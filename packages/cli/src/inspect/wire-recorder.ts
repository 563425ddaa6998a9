import type { WireEvent } from '@mcpkit/client';
import { HttpClientTransport } from '@mcpkit/http';
import type { JsonRpcMessage, RequestId } from '@mcpkit/jsonrpc';
import { headerName, maskCredentials, type ExchangeHead } from '../output/wire-format.js';
import type { EventBody, ExchangeView, HeaderPair, InspectEvent, WireItem } from './protocol.js';

/**
 * Turns what the client's hooks see (every message, both directions, and on HTTP each exchange's
 * head) into wire events, in the order they happened. A message sent over stdio also gets the
 * headers it would carry as a Streamable HTTP POST, so the page can show it either way: modern
 * requests mirror their method and name (`Mcp-Method`, `Mcp-Name`) and declare their version;
 * legacy ones carry the session id the server minted instead.
 */

const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';

/** A request header as the page may show it: credentials never, not even in part. */
function maskedRequestHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization') return maskCredentials(value);
  if (lower === 'dpop' || lower === 'cookie') return '***';
  return value;
}

/** Headers in the order a reader expects them (the body's type first, the MCP headers after), the rest as they came. */
const ORDER = ['content-type', 'accept', 'mcp-protocol-version', 'mcp-session-id', 'mcp-method', 'mcp-name', 'last-event-id', 'authorization', 'dpop'];

function ordered(pairs: HeaderPair[]): HeaderPair[] {
  const rank = (name: string): number => {
    const i = ORDER.indexOf(name.toLowerCase());
    return i < 0 ? ORDER.length : i;
  };
  return pairs
    .map((pair, i) => [pair, i] as const)
    .sort((a, b) => rank(a[0][0]) - rank(b[0][0]) || a[1] - b[1])
    .map(([pair]) => pair);
}

/** The head of an exchange as the page shows it. */
export function exchangeView(head: ExchangeHead & { durationMs?: number }): ExchangeView {
  const requestHeaders: HeaderPair[] = Object.entries(head.requestHeaders).map(([name, value]) => [
    headerName(name.toLowerCase()),
    maskedRequestHeader(name, value),
  ]);
  const responseHeaders: HeaderPair[] = [];
  head.responseHeaders.forEach((value, name) => {
    responseHeaders.push([headerName(name), name === 'set-cookie' ? '***' : value]);
  });
  return {
    method: head.method,
    url: head.url,
    requestHeaders: ordered(requestHeaders),
    status: head.status,
    statusText: head.statusText ?? '',
    responseHeaders: ordered(responseHeaders),
    ...(head.durationMs !== undefined && { durationMs: head.durationMs }),
  };
}

/** Whether a message declares the modern protocol version in `_meta` (every modern request does). */
function declaredVersion(message: JsonRpcMessage): string | undefined {
  const params = 'params' in message ? (message.params as Record<string, unknown> | undefined) : undefined;
  const meta = params?._meta as Record<string, unknown> | undefined;
  const version = meta?.[PROTOCOL_VERSION_META];
  return typeof version === 'string' ? version : undefined;
}

/** Records one client's traffic (the live connection, or one scenario run). */
export class WireRecorder {
  private readonly sentSeq = new WeakMap<object, number>();
  private readonly recent: { seq: number; id: RequestId | null | undefined; method: string | undefined }[] = [];
  private readonly modernHeaders = new HttpClientTransport('http://127.0.0.1/mcp');
  private era: 'modern' | 'legacy' = 'modern';
  private legacyVersion: string | undefined;

  constructor(
    private readonly emit: (body: EventBody) => InspectEvent,
    private readonly transport: 'stdio' | 'http',
    private readonly callOf: () => string | undefined = () => undefined,
    private readonly observe?: (item: WireItem) => void,
  ) {}

  /** The era of the client from now on (the verdict). */
  setEra(era: 'modern' | 'legacy'): void {
    this.era = era;
  }

  /** The client's wire hook (`trace`). */
  readonly message = (event: WireEvent): void => {
    const { message, direction } = event;
    // A modern request declares its version; `initialize` starts a legacy session.
    if (direction === 'send' && 'method' in message) {
      if (message.method === 'initialize') this.era = 'legacy';
      else if (declaredVersion(message) !== undefined) this.era = 'modern';
    }
    const era = declaredVersion(message) !== undefined ? 'modern' : this.era;
    if (direction === 'receive' && !('method' in message) && 'result' in message) {
      const version = (message.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
      if (era === 'legacy' && typeof version === 'string') this.legacyVersion = version;
    }
    const callId = direction === 'send' ? this.callOf() : undefined;
    const item: WireItem = {
      dir: direction,
      message,
      transport: this.transport,
      era,
      ...(direction === 'send' && this.transport === 'stdio' && { httpHeaders: this.wouldSend(message, era) }),
      ...(callId !== undefined && { callId }),
    };
    const { seq } = this.emit({ type: 'wire', wire: item });
    if (direction === 'send') {
      this.sentSeq.set(message, seq);
      this.recent.push({ seq, id: 'id' in message ? message.id : undefined, method: 'method' in message ? message.method : undefined });
      if (this.recent.length > 64) this.recent.shift();
    }
    this.observe?.(item);
  };

  /** The HTTP exchange hook (`onExchange`): attached to the message it carried. */
  readonly exchange = (head: ExchangeHead): ExchangeView => {
    const view = exchangeView(head);
    const forSeq = head.message === undefined ? undefined : (this.sentSeq.get(head.message) ?? this.matchSent(head.message));
    this.emit({ type: 'exchange', exchange: view, ...(forSeq !== undefined && { forSeq }) });
    return view;
  };

  /** A sent message equal to `message` by id and method (when a layer copied the object). */
  private matchSent(message: JsonRpcMessage): number | undefined {
    const id = 'id' in message ? message.id : undefined;
    const method = 'method' in message ? message.method : undefined;
    for (let i = this.recent.length - 1; i >= 0; i--) {
      const sent = this.recent[i]!;
      if (sent.id === id && sent.method === method) return sent.seq;
    }
    return undefined;
  }

  /** The headers of the POST that would carry `message` over Streamable HTTP in `era`. */
  private wouldSend(message: JsonRpcMessage, era: 'modern' | 'legacy'): HeaderPair[] {
    if (era === 'modern') {
      const pairs: HeaderPair[] = [];
      this.modernHeaders.headersFor(message).forEach((value, name) => pairs.push([headerName(name), value]));
      return ordered(pairs);
    }
    const pairs: HeaderPair[] = [
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json, text/event-stream'],
    ];
    const initialize = 'method' in message && message.method === 'initialize';
    if (!initialize) {
      if (this.legacyVersion !== undefined) pairs.push(['MCP-Protocol-Version', this.legacyVersion]);
      pairs.push(['Mcp-Session-Id', '(the id the server minted in its reply to initialize)']);
    }
    return pairs;
  }
}
