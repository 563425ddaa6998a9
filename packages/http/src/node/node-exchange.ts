/**
 * The node adapter's fast lane: the handler core runs straight on `IncomingMessage` and
 * `ServerResponse`. Headers are read from node's parsed header object, the body is collected as
 * buffers with the size limit, and JSON replies are written as one string with `res.end`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Exchange, ExchangeSink, PeerGoneListener } from '../exchange.js';
import { toWebRequest, writeWebResponse } from './web-bridge.js';

const RESOLVED: Promise<void> = Promise.resolve();
const EXCHANGE = Symbol('mcpkit.exchange');
type Tagged = ServerResponse & { [EXCHANGE]?: NodeExchange };

function onResponseClose(this: Tagged): void {
  if (!this.writableFinished) this[EXCHANGE]?.gone();
}

/** The state of one body being collected; the listeners below are shared, not per-request closures. */
interface BodyState {
  exchange: NodeExchange;
  chunks: Buffer[];
  total: number;
  maxBytes: number;
  resolve(body: Uint8Array | null): void;
  reject(error: Error): void;
}
const BODY = Symbol('mcpkit.body');
type BodyTagged = IncomingMessage & { [BODY]?: BodyState };

function stopCollecting(req: BodyTagged): BodyState | undefined {
  const state = req[BODY];
  req[BODY] = undefined;
  req.off('data', onBodyData).off('end', onBodyEnd).off('error', onBodyError).off('close', onBodyClose);
  return state;
}

function onBodyData(this: BodyTagged, chunk: Buffer): void {
  const state = this[BODY]!;
  state.total += chunk.length;
  if (state.total > state.maxBytes) {
    stopCollecting(this);
    this.pause();
    state.exchange.bodyTooLarge();
    state.resolve(null);
  } else {
    state.chunks.push(chunk);
  }
}

function onBodyEnd(this: BodyTagged): void {
  const state = stopCollecting(this);
  if (state) state.resolve(state.chunks.length === 1 ? state.chunks[0]! : Buffer.concat(state.chunks, state.total));
}

function onBodyError(this: BodyTagged, error: Error): void {
  stopCollecting(this)?.reject(error);
}

/** A body cut short may end in 'close' alone: the exchange fails rather than waiting forever. */
function onBodyClose(this: BodyTagged): void {
  stopCollecting(this)?.reject(new Error('the client closed the connection while sending the body'));
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

  destroy(): void {
    this.res.destroy();
  }
}

/** One node request/response pair as an `Exchange`. */
export class NodeExchange implements Exchange {
  readonly method: string;
  private listener: PeerGoneListener | undefined;
  private controller: AbortController | undefined;
  private web: Request | undefined;
  private bodyLeft = false;

  constructor(private readonly req: IncomingMessage, private readonly res: ServerResponse) {
    this.method = req.method ?? 'GET';
  }

  header(name: string): string | null {
    const value = this.req.headers[name];
    return value === undefined ? null : typeof value === 'string' ? value : value.join(', ');
  }

  readBody(maxBytes: number): Promise<Uint8Array | null> {
    const declared = this.req.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBytes) {
      this.bodyLeft = true;
      return Promise.resolve(null);
    }
    if (this.req.readableEnded) {
      // Something upstream (a body-parsing middleware) read the stream and did not hand the body over.
      return Promise.reject(new Error('the request body was already read by another middleware; hand its parsed body over (HandOver.body)'));
    }
    return new Promise<Uint8Array | null>((resolve, reject) => {
      const req = this.req as BodyTagged;
      req[BODY] = { exchange: this, chunks: [], total: 0, maxBytes, resolve, reject };
      req.on('data', onBodyData).once('end', onBodyEnd).once('error', onBodyError).once('close', onBodyClose);
    });
  }

  /** The body was larger than allowed: what is left of it is never read. */
  bodyTooLarge(): void {
    this.bodyLeft = true;
  }

  private listen(): void {
    if (this.listener !== undefined || this.controller !== undefined) return;
    (this.res as Tagged)[EXCHANGE] = this;
    this.res.once('close', onResponseClose);
  }

  /** The client went away before the reply ended. */
  gone(): void {
    this.controller?.abort(new Error('the client closed the connection'));
    this.listener?.peerGone();
  }

  request(): Request {
    if (this.web === undefined) {
      this.listen();
      this.controller = new AbortController();
      this.web = toWebRequest(this.req, this.controller.signal, false);
    }
    return this.web;
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

  respondWith(response: Response, extraHeaders?: Record<string, string>): Promise<void> {
    if (this.bodyLeft && !this.res.headersSent) this.res.setHeader('connection', 'close');
    return writeWebResponse(this.res, response, extraHeaders);
  }

  openStream(headers: Readonly<Record<string, string>>): ExchangeSink {
    this.res.writeHead(200, headers as Record<string, string>);
    return new NodeStreamSink(this.res);
  }

  abandon(): void {}
}
