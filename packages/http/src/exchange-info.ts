/**
 * What the HTTP client side shares with everything that makes requests over fetch: the `fetch` it
 * calls, and what an `onExchange` hook learns of each exchange.
 */
import type { JsonRpcMessage } from '@mcpkit/jsonrpc';

/** A `fetch` as the client transports call it (the global `fetch`, or a wrapper such as `withOAuth`'s). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** One HTTP exchange, as an `onExchange` hook sees it when the reply head arrives. */
export interface HttpExchangeInfo {
  readonly method: 'POST' | 'GET' | 'DELETE';
  readonly url: string;
  /** The JSON-RPC message a POST carried. */
  readonly message?: JsonRpcMessage;
  /** The request headers, names in lowercase. */
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly status: number;
  /** The HTTP status text (may be empty on HTTP/2). */
  readonly statusText: string;
  readonly responseHeaders: Headers;
  /** Milliseconds from sending to the reply head, when the transport measured it (the modern one does). */
  readonly durationMs?: number;
}

/** The global fetch, bound late so tests and polyfills that replace it are honoured. */
export const defaultFetch: FetchLike = (input, init) => fetch(input, init);

/** Calls an `onExchange` hook with the header names in lowercase, ignoring its failures. */
export function reportExchange(hook: ((exchange: HttpExchangeInfo) => void) | undefined, exchange: HttpExchangeInfo): void {
  if (hook === undefined) return;
  const requestHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(exchange.requestHeaders)) requestHeaders[name.toLowerCase()] = value;
  try {
    hook({ ...exchange, requestHeaders });
  } catch {
    // A broken hook must never break the traffic it observes.
  }
}
