/**
 * Internal: how the handler core talks to one HTTP exchange, whatever the host.
 *
 * The web host wraps a `Request` and produces a `Response`; the node adapter implements the same
 * interface straight on `IncomingMessage`/`ServerResponse`, which spares the hot path the cost of
 * building web `Request`/`Response` objects (tens of microseconds each on Node 20). Both lanes run
 * the same core, so they behave the same.
 */

import type { JsonRpcMessage } from '@mcpkit/jsonrpc';
import type { InterceptRequest } from './options.js';

/** `readBody` outcomes other than the body itself. */
export const TOO_LARGE = 1;
export const TIMED_OUT = 2;
export type BodyOutcome = Uint8Array | typeof TOO_LARGE | typeof TIMED_OUT;

/** The limits an exchange applies to its own body (from `HttpLimits`). */
export interface BodyLimits {
  readonly maxBodyBytes: number;
  readonly maxDiscardBytes: number;
  readonly bodyTimeoutMs: number;
}

/** Something to tell that the client went away (closed the connection or the response stream). */
export interface PeerGoneListener {
  peerGone(): void;
}

/** The write end of an SSE response. */
export interface ExchangeSink {
  /** Queues a chunk. Returns false when the queue is above its high-water mark (wait for `drained`). */
  write(chunk: string): boolean;
  /** Bytes queued but not yet taken by the client. */
  readonly buffered: number;
  /** True while the queue is above its high-water mark. */
  readonly blocked: boolean;
  /** Resolves when the queue drained below its high-water mark, or the stream ended. */
  drained(): Promise<void>;
  /** Ends the stream after what was queued. */
  end(): void;
  /** Drops the stream at once (the client is gone or too slow). */
  destroy(): void;
  /**
   * Optional: writes `message` as the last event and ends the stream, a large message in pieces with
   * backpressure (the same bytes as `write(sseJsonEvent(JSON.stringify(message)))` then `end()`, which is
   * what is done without it). Throws what `JSON.stringify` throws before writing anything.
   */
  endWithJsonEvent?(message: JsonRpcMessage): void;
}

/** One HTTP exchange of any host, as an endpoint's `serve` sees it (the node adapter and the web host implement it). */
export interface HttpExchange {
  /** The HTTP method, uppercase. */
  readonly method: string;
  /** The path of the request URL, without the query (`/mcp`): what a router routes on. */
  readonly path: string;
  /** A request header by lowercase name, `null` when absent. */
  header(lowercaseName: string): string | null;
  /** The peer's IP address, when the host knows it. */
  readonly clientAddress: string | undefined;
  /**
   * The body; `TOO_LARGE` when it is (or is declared) larger than `maxBodyBytes` (the rest is then
   * read and discarded, within `maxDiscardBytes` and the deadline, so the client can read the 413);
   * `TIMED_OUT` when it had not fully arrived `bodyTimeoutMs` after the request did.
   */
  readBody(limits: BodyLimits): Promise<BodyOutcome>;
  /** A web `Request` for user hooks (method, URL, headers, signal); its body is not readable. */
  request(): Request;
  /**
   * The whole request as a web `Request`, its body readable, for a handler that speaks only fetch.
   * Call it instead of `readBody`, never after it.
   */
  webRequest(): Request;
  /** The request head for `intercept`: a web `Request` on the web host, a cheap view on node. */
  head(): InterceptRequest;
  /** Calls `listener.peerGone()` once if the client goes away before the reply ended. */
  watchAbort(listener: PeerGoneListener): void;
  /** Replies with a complete body (or none). */
  respond(status: number, headers: Readonly<Record<string, string>>, body: string | null): void;
  /**
   * Optional: replies with `message` as a JSON body, a large message in pieces with backpressure (the
   * same bytes as `respond(status, headers, JSON.stringify(message))`, which is what is done without it).
   * Throws what `JSON.stringify` throws before writing anything.
   */
  respondJson?(status: number, headers: Readonly<Record<string, string>>, message: JsonRpcMessage): void;
  /** Replies with a response built by a hook, adding `extraHeaders`. Resolves when it was written. */
  respondWith(response: Response, extraHeaders?: Record<string, string>): void | Promise<void>;
  /** Starts a 200 SSE reply; `owner` hears when the client drops the stream. */
  openStream(headers: Readonly<Record<string, string>>, owner: PeerGoneListener): ExchangeSink;
  /** Lets go of an exchange whose client is gone (the web host must still settle its Response). */
  abandon(): void;
}

/** The short name this package's own code uses. */
export type Exchange = HttpExchange;

/** What a framework already did with a request before handing it over (see `handleRequest`). */
export interface HandOver {
  /**
   * The JSON body, when the framework already parsed it (say `express.json()`): it is used as the
   * message instead of reading the body stream again. `undefined` means "not parsed, read it".
   */
  readonly body?: unknown;
  /** Who the framework's own authentication says is calling; reaches the dispatcher as `ctx.transport.principal`. */
  readonly principal?: unknown;
  /**
   * The mounting adapter's `Host` check (made once with `createHostCheck(allowedHosts)`); the core
   * runs it before anything else, in place of its own `allowedHosts`, and answers a refusal 403.
   */
  readonly hostAllowed?: (host: string | null | undefined) => boolean;
}

/** A settled promise shared by every call that has nothing to wait for. */
export const RESOLVED: Promise<void> = Promise.resolve();
