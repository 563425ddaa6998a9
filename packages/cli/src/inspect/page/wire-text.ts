import type { JsonRpcMessage } from '@mcpkit/jsonrpc';
import type { ExchangeView, HeaderPair } from '../protocol.js';
import type { Store, WireEntry } from './store.js';

/**
 * One message, drawn the two ways the lesson switches between: the stdio line (the compact JSON
 * the transport writes, one line, newline-terminated) and the HTTP exchange (request line,
 * headers, body, then the reply's status, headers and body). What really crossed the wire is
 * drawn as it was; the other way is what the same message looks like on the other transport,
 * and says so.
 */

/** A drawn message: a caption and the text blocks under it. */
export interface Drawing {
  readonly caption: string;
  /** Whether this is what really crossed the wire. */
  readonly real: boolean;
  readonly blocks: readonly { readonly label: string; readonly text: string }[];
}

/** The message's kind, for colours and filters. */
export function kindOf(message: JsonRpcMessage): 'request' | 'notification' | 'response' | 'error' {
  if ('method' in message) return 'id' in message ? 'request' : 'notification';
  return 'error' in message ? 'error' : 'response';
}

/** A short title: the method, or "result of #id" / "error of #id". */
export function titleOf(message: JsonRpcMessage): string {
  if ('method' in message) return message.method;
  return 'error' in message ? `error ${message.error.code}` : 'result';
}

/** The `Mcp-Name`-like subject of a request: its tool, prompt or resource. */
export function subjectOf(message: JsonRpcMessage): string | undefined {
  if (!('method' in message)) return undefined;
  const params = (message.params ?? {}) as Record<string, unknown>;
  const subject = params.name ?? params.uri ?? params.taskId;
  return typeof subject === 'string' ? subject : undefined;
}

const headerLines = (headers: readonly HeaderPair[]): string[] => headers.map(([name, value]) => `${name}: ${value}`);
const statusText: Record<number, string> = { 200: 'OK', 202: 'Accepted', 400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed' };
const statusLine = (status: number, text: string): string => `HTTP/1.1 ${status} ${text || statusText[status] || ''}`.trim();
const contentType = (exchange: ExchangeView): string => exchange.responseHeaders.find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? '';
const sseEvent = (message: JsonRpcMessage): string => `event: message\ndata: ${JSON.stringify(message)}\n`;

/** The message's stdio line. */
export function drawStdio(entry: Extract<WireEntry, { kind: 'message' }>): Drawing {
  const { item } = entry;
  const real = item.transport === 'stdio';
  const stream = item.dir === 'send' ? 'the server’s stdin' : 'the server’s stdout';
  return {
    caption: real ? `as it crossed the wire: one line on ${stream}` : `as a stdio line (it really went over HTTP): one line on ${stream}`,
    real,
    blocks: [{ label: item.dir === 'send' ? '→ stdin' : '← stdout', text: `${JSON.stringify(item.message)}⏎` }],
  };
}

/** The response to request `id` in the same scope, if it came. */
function responseTo(store: Store, entry: WireEntry & { kind: 'message' }): (WireEntry & { kind: 'message' }) | undefined {
  const message = entry.item.message;
  if (!('id' in message) || !('method' in message)) return undefined;
  return store.wire.find(
    (e): e is WireEntry & { kind: 'message' } =>
      e.kind === 'message' &&
      e.scope === entry.scope &&
      e.seq > entry.seq &&
      e.item.dir !== entry.item.dir &&
      !('method' in e.item.message) &&
      'id' in e.item.message &&
      e.item.message.id === message.id,
  );
}

/** The request a response answers, in the same scope. */
function requestOf(store: Store, entry: WireEntry & { kind: 'message' }): (WireEntry & { kind: 'message' }) | undefined {
  const message = entry.item.message;
  if ('method' in message || !('id' in message)) return undefined;
  for (let i = store.wire.length - 1; i >= 0; i--) {
    const e = store.wire[i]!;
    if (
      e.kind === 'message' &&
      e.scope === entry.scope &&
      e.seq < entry.seq &&
      e.item.dir !== entry.item.dir &&
      'method' in e.item.message &&
      'id' in e.item.message &&
      e.item.message.id === message.id
    )
      return e;
  }
  return undefined;
}

/** The message as an HTTP exchange. */
export function drawHttp(store: Store, entry: Extract<WireEntry, { kind: 'message' }>): Drawing {
  const { item } = entry;
  const real = item.transport === 'http';
  const message = item.message;
  const kind = kindOf(message);
  if (item.dir === 'send') {
    const exchange = entry.exchange;
    const headers = real ? (exchange?.requestHeaders ?? []) : (item.httpHeaders ?? []);
    const url = real && exchange ? exchange.url : '/mcp';
    const request = [`POST ${url}`, ...headerLines(headers), '', JSON.stringify(message)].join('\n');
    const answer = responseTo(store, entry);
    let reply: string;
    if (real && exchange) {
      const type = contentType(exchange);
      const body = answer === undefined ? '' : type.includes('event-stream') ? sseEvent(answer.item.message) : JSON.stringify(answer.item.message);
      reply = [statusLine(exchange.status, exchange.statusText), ...headerLines(exchange.responseHeaders), '', body].join('\n').trimEnd();
    } else if (real) {
      reply = '(the reply head has not arrived)';
    } else if (kind === 'request') {
      reply = [
        statusLine(200, 'OK'),
        'Content-Type: application/json',
        '',
        answer === undefined ? '(no answer yet)' : JSON.stringify(answer.item.message),
      ].join('\n');
    } else {
      reply = statusLine(202, 'Accepted');
    }
    return {
      caption: real ? 'as it crossed the wire: one POST and its reply' : 'as the same message travels over Streamable HTTP: one POST and its reply',
      real,
      blocks: [
        { label: 'request', text: request },
        { label: kind === 'request' ? 'reply' : 'reply (a notification or a response gets no body)', text: reply },
      ],
    };
  }
  // Received: a response is the body of its request's reply; anything else an SSE event on an open stream.
  const request = requestOf(store, entry);
  if (kind === 'response' || kind === 'error') {
    const exchange = request?.exchange;
    if (real && exchange) {
      const type = contentType(exchange);
      const body = type.includes('event-stream') ? sseEvent(message) : JSON.stringify(message);
      return {
        caption: `as it crossed the wire: in the reply to the POST of request ${JSON.stringify((message as { id: unknown }).id)}`,
        real,
        blocks: [{ label: 'reply', text: [statusLine(exchange.status, exchange.statusText), ...headerLines(exchange.responseHeaders), '', body].join('\n') }],
      };
    }
    return {
      caption: real ? 'as it crossed the wire: in an HTTP reply' : 'over Streamable HTTP: the body of the reply to the POST that carried the request',
      real,
      blocks: [{ label: 'reply', text: [statusLine(200, 'OK'), 'Content-Type: application/json', '', JSON.stringify(message)].join('\n') }],
    };
  }
  return {
    caption: real
      ? 'as it crossed the wire: an event on an SSE stream the server keeps open (a request’s reply, or a listen stream)'
      : 'over Streamable HTTP: an event on the SSE reply of a request (or of the listen stream)',
    real,
    blocks: [{ label: 'SSE event', text: sseEvent(message) }],
  };
}

/** A bare exchange (GET stream, DELETE). */
export function drawExchange(exchange: ExchangeView): Drawing {
  return {
    caption: exchange.method === 'DELETE' ? 'the client ends its session' : exchange.method === 'GET' ? 'a stream the server may send on' : 'an HTTP exchange',
    real: true,
    blocks: [
      { label: 'request', text: [`${exchange.method} ${exchange.url}`, ...headerLines(exchange.requestHeaders)].join('\n') },
      { label: 'reply', text: [statusLine(exchange.status, exchange.statusText), ...headerLines(exchange.responseHeaders)].join('\n') },
    ],
  };
}
