/**
 * The node adapter's fast lane: the handler core runs straight on `IncomingMessage` and
 * `ServerResponse`. Headers are read from node's parsed header object, the body is collected as
 * buffers with the size limit, and JSON replies are written as one string with `res.end`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TIMED_OUT, TOO_LARGE, type BodyLimits, type BodyOutcome, type Exchange, type ExchangeSink, type PeerGoneListener } from '../exchange.js';
import type { JsonRpcMessage } from '@mcpkit/jsonrpc';
import type { InterceptRequest } from '../options.js';
import { endWithJson, jsonBody } from './json-reply.js';
import { JSON_TEXT } from '../responses.js';
import type { NodeBody } from './node-body.js';
import { requestUrl, toWebRequest, webRequest, writeWebResponse } from './web-bridge.js';

const RESOLVED: Promise<void> = Promise.resolve();
const EXCHANGE = Symbol('mcpkit.exchange');
type Tagged = ServerResponse & { [EXCHANGE]?: NodeExchange };

function onResponseClose(this: Tagged): void {
  if (!this.writableFinished) this[EXCHANGE]?.gone();
}

/**
 * The state of one body being read; the listeners below are shared, not per-request closures.
 * Past `maxBodyBytes` the body is discarded instead of kept, up to `discardLimit` bytes, so that a
 * fetch client (which reads no reply while it still uploads) gets to see the 413.
 */
interface BodyState {
  exchange: NodeExchange;
  chunks: Buffer[];
  total: number;
  maxBytes: number;
  /** Total body bytes (kept and discarded) after which the connection is dropped. */
  discardLimit: number;
  discarding: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  resolve(body: BodyOutcome): void;
  reject(error: Error): void;
}
const BODY = Symbol('mcpkit.body');
type BodyTagged = IncomingMessage & { [BODY]?: BodyState };

function stopReading(req: BodyTagged): BodyState | undefined {
  const state = req[BODY];
  req[BODY] = undefined;
  req.off('data', onBodyData).off('end', onBodyEnd).off('error', onBodyError).off('close', onBodyClose);
  if (state) clearTimeout(state.timer);
  return state;
}

function onBodyData(this: BodyTagged, chunk: Buffer): void {
  const state = this[BODY]!;
  state.total += chunk.length;
  if (state.discarding) {
    if (state.total > state.discardLimit) state.exchange.dropConnection(stopReading(this));
    return;
  }
  if (state.total > state.maxBytes) {
    state.chunks = [];
    state.discarding = true;
    state.resolve(TOO_LARGE);
    if (state.total > state.discardLimit) state.exchange.dropConnection(stopReading(this));
  } else {
    state.chunks.push(chunk);
  }
}

function onBodyEnd(this: BodyTagged): void {
  const state = stopReading(this);
  if (state && !state.discarding) state.resolve(state.chunks.length === 1 ? state.chunks[0]! : Buffer.concat(state.chunks, state.total));
}

function onBodyError(this: BodyTagged, error: Error): void {
  const state = stopReading(this);
  if (state && !state.discarding) state.reject(error);
}

/** A body cut short may end in 'close' alone: the exchange fails rather than waiting forever. */
function onBodyClose(this: BodyTagged): void {
  const state = stopReading(this);
  if (state && !state.discarding) state.reject(new Error('the client closed the connection while sending the body'));
}

/** The body-read deadline passed (it counts from the request's arrival). */
function onBodyDeadline(this: BodyTagged): void {
  const state = this[BODY];
  if (!state) return;
  // Everything arrived already (node holds it until read): nothing is late.
  if (this.complete) return;
  stopReading(this);
  if (state.discarding) {
    state.exchange.dropConnection(state);
  } else {
    state.exchange.bodyLeft = true;
    state.resolve(TIMED_OUT);
  }
}

/** A request head for `intercept`: node's parsed headers, read in place. */
class NodeRequestHead implements InterceptRequest {
  readonly headers: InterceptRequest['headers'];

  constructor(
    private readonly exchange: NodeExchange,
    private readonly req: IncomingMessage,
  ) {
    this.headers = { get: (name) => exchange.header(name.toLowerCase()), has: (name) => req.headers[name.toLowerCase()] !== undefined };
  }

  get method(): string {
    return this.exchange.method;
  }

  get url(): string {
    return requestUrl(this.req);
  }

  get signal(): AbortSignal {
    return this.exchange.abortSignal();
  }
}

/** An SSE reply written to the socket, with node's own write buffer as the backpressure signal. */
class NodeStreamSink implements ExchangeSink {
  private waiting: Promise<void> | undefined;

  constructor(private readonly res: ServerResponse) {}

  write(chunk: string): boolean {
    const res = this.res;
    if (res.destroyed || res.writableEnded) return true;
    return res.write(chunk);
  }

  get buffered(): number {
    return this.res.writableLength;
  }

  get blocked(): boolean {
    return this.res.writableNeedDrain && !this.res.destroyed;
  }

  drained(): Promise<void> {
    if (!this.blocked) return RESOLVED;
    this.waiting ??= new Promise<void>((resolve) => {
      const res = this.res;
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        this.waiting = undefined;
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
    return this.waiting;
  }

  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }

  endWithJsonEvent(message: JsonRpcMessage): void {
    const body = jsonBody(message);
    if (this.res.destroyed || this.res.writableEnded) return;
    endWithJson(this.res, body, 'data: ', '\n\n');
  }

  destroy(): void {
    this.res.destroy();
  }
}

/** One node request/response pair as an `Exchange`. */
export class NodeExchange implements Exchange {
  readonly method: string;
  readonly path: string;
  readonly clientAddress: string | undefined;
  /** Part of the body was never read: the connection cannot be reused. */
  bodyLeft = false;
  private readonly startedAt: number;
  private listener: PeerGoneListener | undefined;
  private controller: AbortController | undefined;
  private web: Request | undefined;
  /** The body a web handler was given (`webRequest()`): what it leaves unread is drained after its reply. */
  private handedBody: NodeBody | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {
    this.method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    this.path = query < 0 ? url : url.slice(0, query);
    this.clientAddress = req.socket.remoteAddress;
    this.startedAt = Date.now();
  }

  header(name: string): string | null {
    const value = this.req.headers[name];
    return value === undefined ? null : typeof value === 'string' ? value : value.join(', ');
  }

  readBody(limits: BodyLimits): Promise<BodyOutcome> {
    const { maxBodyBytes, maxDiscardBytes, bodyTimeoutMs } = limits;
    const declared = this.req.headers['content-length'];
    const discardLimit = maxBodyBytes + maxDiscardBytes;
    if (declared !== undefined && Number(declared) > discardLimit) {
      // Too much to wait for: the reply goes out and the connection closes behind it.
      this.bodyLeft = true;
      return Promise.resolve(TOO_LARGE);
    }
    if (this.req.readableEnded) {
      // Something upstream (a body-parsing middleware) read the stream and did not hand the body over.
      return Promise.reject(new Error('the request body was already read by another middleware; hand its parsed body over (HandOver.body)'));
    }
    const remaining = this.startedAt + bodyTimeoutMs - Date.now();
    if (remaining <= 0 && !this.req.complete) {
      this.bodyLeft = true;
      return Promise.resolve(TIMED_OUT);
    }
    return new Promise<BodyOutcome>((resolve, reject) => {
      const req = this.req as BodyTagged;
      const state: BodyState = {
        exchange: this,
        chunks: [],
        total: 0,
        maxBytes: maxBodyBytes,
        discardLimit,
        discarding: false,
        timer: undefined,
        resolve,
        reject,
      };
      req[BODY] = state;
      req.on('data', onBodyData).once('end', onBodyEnd).once('error', onBodyError).once('close', onBodyClose);
      state.timer = setTimeout(onBodyDeadline.bind(req), Math.max(0, remaining));
      (state.timer as { unref?: () => void }).unref?.();
      if (declared !== undefined && Number(declared) > maxBodyBytes) {
        state.discarding = true;
        resolve(TOO_LARGE);
      }
    });
  }

  /** Discarding an oversized body took too long or too much: the connection goes. */
  dropConnection(state: BodyState | undefined): void {
    if (!state) return;
    this.bodyLeft = true;
    this.req.socket.destroy();
  }

  private listen(): void {
    if (this.listener !== undefined || this.controller !== undefined) return;
    (this.res as Tagged)[EXCHANGE] = this;
    // `on`, not `once`: 'close' is emitted once anyway, and `once` would keep a wrapper per open stream.
    this.res.on('close', onResponseClose);
  }

  /** The client went away before the reply ended. */
  gone(): void {
    this.controller?.abort(new Error('the client closed the connection'));
    this.listener?.peerGone();
  }

  /** The signal hooks see: aborted when the client goes away. */
  abortSignal(): AbortSignal {
    if (this.controller === undefined) {
      this.listen();
      this.controller = new AbortController();
    }
    return this.controller.signal;
  }

  /** A web `Request` for hooks (no body: the core reads it separately). */
  request(): Request {
    this.web ??= toWebRequest(this.req, this.abortSignal(), false);
    return this.web;
  }

  webRequest(): Request {
    const { request, body } = webRequest(this.req, this.abortSignal(), true);
    this.handedBody = body;
    return request;
  }

  head(): InterceptRequest {
    return this.web ?? new NodeRequestHead(this, this.req);
  }

  watchAbort(listener: PeerGoneListener): void {
    this.listen();
    this.listener = listener;
    if (this.res.destroyed) listener.peerGone();
  }

  respond(status: number, headers: Readonly<Record<string, string>>, body: string | null): void {
    const res = this.res;
    if (res.destroyed || res.headersSent) return;
    if (this.bodyLeft) res.setHeader('connection', 'close');
    res.writeHead(status, headers as Record<string, string>);
    if (body === null) res.end();
    else res.end(body);
  }

  respondJson(status: number, headers: Readonly<Record<string, string>>, message: JsonRpcMessage): void {
    const body = jsonBody(message); // before the head: a message JSON cannot encode still gets its 500
    const res = this.res;
    if (res.destroyed || res.headersSent) return;
    if (this.bodyLeft) res.setHeader('connection', 'close');
    res.writeHead(status, headers as Record<string, string>);
    endWithJson(res, body);
  }

  respondWith(response: Response, extraHeaders?: Record<string, string>): Promise<void> {
    const res = this.res;
    // The rest of a body a web handler refused (413, 408) or ignored is drained, so the client reads the
    // reply instead of a reset; past the drain bounds the connection closes after it.
    this.handedBody?.settle();
    if (this.handedBody?.tooLongToDrain && !res.headersSent) res.setHeader('connection', 'close');
    if (this.bodyLeft && !res.headersSent) res.setHeader('connection', 'close');
    const text = (response as Response & { [JSON_TEXT]?: string })[JSON_TEXT];
    if (text === undefined || res.headersSent || res.destroyed || response.bodyUsed || response.headers.has('set-cookie'))
      return writeWebResponse(res, response, extraHeaders);
    // A reply of `jsonResponse`: its text is at hand, no need to read the body back through a stream.
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => (headers[key] = value));
    if (extraHeaders) Object.assign(headers, extraHeaders);
    res.writeHead(response.status, headers);
    res.end(text);
    return RESOLVED;
  }

  openStream(headers: Readonly<Record<string, string>>): ExchangeSink {
    this.res.writeHead(200, headers as Record<string, string>);
    return new NodeStreamSink(this.res);
  }

  abandon(): void {}
}
