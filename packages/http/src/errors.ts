/**
 * Local errors of the HTTP client transport: failures of the exchange itself, never a peer's
 * JSON-RPC error (those arrive as error responses through `onMessage`).
 * They are `@mcpkit/jsonrpc` `TransportError`s (local errors), so a `Connection` rejects the request
 * with them unchanged.
 */
import { TransportError, type JsonRpcErrorObject } from '@mcpkit/jsonrpc';
import { summarizeBody } from './body-summary.js';

/**
 * Every local failure of an HTTP client transport of either era (a failed `fetch`, a reply that ended
 * before the final response or is not what HTTP MCP allows); `HttpError` when the server answered an error status.
 */
export class HttpTransportError extends TransportError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/http/HttpTransportError';
  override readonly name: string = 'HttpTransportError';
}

/** The server answered with an HTTP error status and no JSON-RPC response to the request. */
export class HttpError extends HttpTransportError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/http/HttpError';
  override readonly name: string = 'HttpError';
  /** The HTTP status code. */
  readonly status: number;
  /** The HTTP status text (may be empty on HTTP/2). */
  readonly statusText: string;
  /** The first bytes of the reply body, as text. */
  readonly body: string;
  /** A JSON-RPC error the body carried without the request's id (e.g. the id-less 403 or 400 -32700). */
  readonly rpcError: JsonRpcErrorObject | undefined;

  constructor(status: number, statusText: string, body: string, rpcError?: JsonRpcErrorObject) {
    // One line whatever the body: a wrong URL often answers with a whole HTML page.
    const detail = rpcError ? `${rpcError.code} ${rpcError.message}` : body.trim() === '' ? '' : summarizeBody(body).text;
    super(`HTTP ${status}${statusText ? ` ${statusText}` : ''}${detail ? `: ${detail}` : ''}`);
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.rpcError = rpcError;
  }
}

/**
 * The server refused a message as too large (HTTP 413 Content Too Large). `maxBytes` is the server's
 * limit when it said (an mcpkit server does, in the error's `data.maxBodyBytes`). Not jsonrpc's
 * `MessageTooLargeError`, which is an incoming frame over this side's own limit.
 */
export class ContentTooLargeError extends HttpError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/http/ContentTooLargeError';
  override readonly name: string = 'ContentTooLargeError';
  /** Bytes of the refused POST body. */
  readonly sentBytes: number;
  /** The largest body the server accepts, when it said. */
  readonly maxBytes: number | undefined;

  constructor(sentBytes: number, statusText: string, body: string, rpcError?: JsonRpcErrorObject) {
    super(413, statusText, body, rpcError);
    const limit = (rpcError?.data as { maxBodyBytes?: unknown } | undefined)?.maxBodyBytes;
    this.sentBytes = sentBytes;
    this.maxBytes = typeof limit === 'number' ? limit : undefined;
    this.message =
      `The server refused the message as too large: it was ${sentBytes} bytes, ` +
      (this.maxBytes === undefined ? "over the server's limit" : `the server accepts at most ${this.maxBytes}`) +
      ` (HTTP 413${rpcError ? `: ${rpcError.message}` : ''})`;
  }
}
