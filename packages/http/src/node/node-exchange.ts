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
    const req = this.req;
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBytes) {
      this.bodyLeft = true;
      return Promise.resolve(null);
    }
    return new Promise<Uint8Array | null>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let total = 0;
      const onData = (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) {
          this.bodyLeft = true;
          req.off('data', onData).off('end', onEnd).off('error', reject).off('close', onClose);
          req.pause();
          resolve(null);
        } else {
          chunks.push(chunk);
        }
      };
      const onEnd = () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
      // A body cut short ends in 'error' or only in 'close': either way the exchange fails (a settled
      // promise ignores the 'close' that follows a normal 'end').
      const onClose = () => reject(new Error('the client closed the connection while sending the body'));
      req.on('data', onData).once('end', onEnd).once('error', reject).once('close', onClose);
    });
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
