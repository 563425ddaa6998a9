/**
 * Conversions between `node:http` and web `Request`/`Response`, for hook replies and for handlers
 * that are not ours (the generic lane of `serve`).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { noteClientAddress } from '../client-address.js';
import { NodeBody } from './node-body.js';

/** The URL of a node request, from its Host header (falling back to localhost on nonsense). */
export function requestUrl(req: IncomingMessage): string {
  const host = req.headers.host;
  const base = host !== undefined && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? `http://${host}` : 'http://localhost';
  return base + (req.url ?? '/');
}

/** The headers of a node request as web `Headers` (duplicates kept). */
export function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // a header value the fetch Headers class refuses is left out of the hook's view
    }
  }
  return headers;
}

/**
 * A web `Request` for a node request; with `withBody` the body streams from the socket.
 *
 * `signal` is set on the instance rather than handed to `new Request`: given a signal, Node 20's
 * `Request` registers it in a FinalizationRegistry through weak references, which V8 keeps alive
 * through every scavenge, so under steady load each request left ~1 KiB for the next full GC (RSS
 * +120 MiB per 100k requests, issue 15). `request.signal` is the same; only `fetch(request)` (which
 * reads the internal one) does not follow it: pass `{ signal: request.signal }` when forwarding.
 */
export function toWebRequest(req: IncomingMessage, signal: AbortSignal, withBody: boolean): Request {
  return webRequest(req, signal, withBody).request;
}

/**
 * `toWebRequest`, with the body's reader on the node side (see `NodeBody`): what the handler leaves
 * unread is drained, so that the client sees the reply instead of a reset.
 */
export function webRequest(req: IncomingMessage, signal: AbortSignal, withBody: boolean): { request: Request; body: NodeBody | undefined } {
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers: requestHeaders(req) };
  let body: NodeBody | undefined;
  if (withBody && method !== 'GET' && method !== 'HEAD') {
    body = new NodeBody(req);
    init.body = body.stream;
    init.duplex = 'half';
  }
  const request = new Request(requestUrl(req), init);
  Object.defineProperty(request, 'signal', { value: signal, enumerable: true });
  noteClientAddress(request, req.socket?.remoteAddress);
  return { request, body };
}

function waitDrainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Writes a web `Response` to a node response, streaming its body with backpressure. When the
 * client goes away the body is cancelled, so its producer learns it.
 */
export async function writeWebResponse(res: ServerResponse, response: Response, extraHeaders?: Record<string, string>): Promise<void> {
  if (res.destroyed || res.headersSent) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (extraHeaders) Object.assign(headers, extraHeaders);
  res.writeHead(response.status, response.statusText || undefined, headers);
  const body = response.body;
  if (body === null) {
    res.end();
    return;
  }
  const reader = body.getReader();
  const cancel = () => {
    if (!res.writableFinished) reader.cancel().catch(() => {});
  };
  res.once('close', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) await waitDrainOrClose(res);
    }
    res.end();
  } catch {
    res.destroy();
  } finally {
    res.off('close', cancel);
  }
}
