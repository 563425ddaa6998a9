import type { JsonRpcMessage } from '@mcpkit/jsonrpc';
import type { Style } from './style.js';

/**
 * How a message looks on the wire, for `--trace` and the demo transcript: a stdio line is the
 * compact JSON the transport writes; an HTTP exchange is its request line, the MCP headers, the
 * body, and the status with the headers that matter in the reply.
 */

/** The facts of one HTTP exchange (the shape `@mcpkit/http` and `@mcpkit/legacy` report). */
export interface ExchangeHead {
  readonly method: string;
  readonly url: string;
  readonly message?: JsonRpcMessage;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly status: number;
  readonly statusText?: string;
  readonly responseHeaders: Headers;
}

const CANONICAL: Readonly<Record<string, string>> = {
  'mcp-protocol-version': 'MCP-Protocol-Version',
  'mcp-method': 'Mcp-Method',
  'mcp-name': 'Mcp-Name',
  'mcp-session-id': 'Mcp-Session-Id',
  'last-event-id': 'Last-Event-ID',
  authorization: 'Authorization',
  dpop: 'DPoP',
  'dpop-nonce': 'DPoP-Nonce',
  'content-type': 'Content-Type',
  'www-authenticate': 'WWW-Authenticate',
};

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

/** `mcp-param-region` → `Mcp-Param-Region`; known names keep their spec spelling. */
export function headerName(lower: string): string {
  return CANONICAL[lower] ?? lower.replace(/(^|-)([a-z])/g, (_, dash: string, ch: string) => `${dash}${ch.toUpperCase()}`);
}

/**
 * The request headers worth seeing: every `Mcp-*`/`MCP-*`, `Last-Event-ID`, `Authorization` with
 * only its scheme (`Bearer ***`, `DPoP ***`) and a DPoP proof as `DPoP: ***`: a trace never shows a
 * token, a proof or a client secret, not even in part.
 */
export function requestHeaderLines(headers: Readonly<Record<string, string>>): string[] {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization') lines.push(`${headerName(lower)}: ${maskCredentials(value)}`);
    else if (lower === 'dpop') lines.push(`${headerName(lower)}: ***`);
    else if (lower.startsWith('mcp-') || lower === 'last-event-id') lines.push(`${headerName(lower)}: ${value}`);
  }
  return lines;
}

/** `Bearer eyJ…` → `Bearer ***` (a scheme that is not a plain word is not shown either). */
export function maskCredentials(value: string): string {
  const scheme = value.trim().split(/\s+/)[0] ?? '';
  return /^[A-Za-z][A-Za-z0-9-]{0,20}$/.test(scheme) && scheme.length < value.trim().length ? `${scheme} ***` : '***';
}

/** The reply headers worth seeing: `Content-Type`, `Mcp-Session-Id`, `WWW-Authenticate`, `DPoP-Nonce` (a nonce is no secret). */
export function responseHeaderLines(headers: Headers): string[] {
  const lines: string[] = [];
  for (const lower of ['content-type', 'mcp-session-id', 'www-authenticate', 'dpop-nonce']) {
    const value = headers.get(lower);
    if (value !== null) lines.push(`${headerName(lower)}: ${value}`);
  }
  return lines;
}

/** A message as its transport encodes it (compact JSON, one line). */
export function wireText(message: JsonRpcMessage): string {
  return JSON.stringify(message);
}

/** The status line of a reply: `200 OK`. */
export function statusLine(status: number, statusText?: string): string {
  return `${status} ${statusText || STATUS_TEXT[status] || ''}`.trim();
}

/** The lines of an exchange's request and reply head, with `indent` before each. */
export function formatExchange(head: ExchangeHead, style: Style, indent = ''): string[] {
  const path = head.url;
  const lines = [`${indent}${style.cyan('→')} ${style.bold(head.method)} ${path}`];
  for (const header of requestHeaderLines(head.requestHeaders)) lines.push(`${indent}    ${style.dim(header)}`);
  if (head.message !== undefined) lines.push(`${indent}    ${wireText(head.message)}`);
  const painted = head.status >= 400 ? style.red : head.status >= 300 ? style.yellow : style.green;
  lines.push(`${indent}${style.green('←')} ${painted(statusLine(head.status, head.statusText))}`);
  for (const header of responseHeaderLines(head.responseHeaders)) lines.push(`${indent}    ${style.dim(header)}`);
  return lines;
}

/**
 * A message read from an HTTP reply body (a JSON body or one SSE event). It is printed when it
 * arrives, which may be after other exchanges began (an SSE stream stays open while its request runs).
 */
export function formatReplyMessage(message: JsonRpcMessage, style: Style, indent = ''): string {
  return `${indent}${style.green('←')} ${paintMessage(message, style)}`;
}

/** A stdio line, with its direction. */
export function formatStdioLine(direction: 'send' | 'receive', message: JsonRpcMessage, style: Style, indent = ''): string {
  const arrow = direction === 'send' ? style.cyan('→') : style.green('←');
  return `${indent}${arrow} ${paintMessage(message, style)}`;
}

function paintMessage(message: JsonRpcMessage, style: Style): string {
  const text = wireText(message);
  return 'error' in message && message.error !== undefined ? style.red(text) : text;
}
