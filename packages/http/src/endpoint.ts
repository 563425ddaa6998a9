/**
 * The HTTP endpoint as a declared value. Every way of serving (`serveHttp`, `handleNodeRequest`,
 * `handleRequest`, the Express/Fastify/Hono adapters, a Workers/Bun/Deno `fetch`) takes an
 * `HttpHandler` or any plain web handler, and drives it through the one lane every endpoint has:
 * `serve(exchange, handOver)`. An endpoint made here serves the exchange in place (on node: no web
 * `Request`/`Response` on the hot path); a plain web handler is served through web objects built
 * from the exchange, which is the only difference between the two.
 */
import type { Exchange, HandOver, HttpExchange } from './exchange.js';
import { JSON_HEADERS, jsonRpcErrorBody } from './responses.js';

/** A web handler that answers some paths and returns undefined for the rest (such as `protectedResourceMetadata` of `@mcpkit/auth`), for the adapters' metadata routes. */
export type MetadataHandler = (request: Request) => Response | undefined | Promise<Response | undefined>;

/** Any web-standard handler (a plain fetch function): accepted wherever an `HttpHandler` is. */
export type WebHandler = (request: Request) => Response | Promise<Response>;

/**
 * An MCP HTTP endpoint: callable as a fetch handler, and served by every host through `serve`.
 * Made by `createHttpHandler`, `createHttpRouter`, `toHttpHandler` or `dualEra(server).httpHandler()`.
 * @example const endpoint = createHttpHandler(server); export default { fetch: endpoint.fetch };
 */
export interface HttpHandler {
  /** Serves one web-standard request (what Workers, Bun and Deno call). */
  (request: Request): Promise<Response>;
  /** The same call as a property, bound: `export default { fetch: endpoint.fetch }`, `Deno.serve(endpoint.fetch)`. */
  readonly fetch: (request: Request) => Promise<Response>;
  /**
   * Serves one exchange with what a framework already did (`handOver`); settles once the reply was
   * decided (a stream goes on). Never rejects: a failure is answered 500 when nothing was sent yet.
   */
  serve(exchange: HttpExchange, handOver?: HandOver): Promise<void>;
  /** Stops taking requests (503) and ends the streams it holds open; resolves when that is done. */
  close(): Promise<void>;
}

const NO_HAND_OVER: HandOver = Object.freeze({});

/** Whether `value` is an endpoint with its own `serve` lane (from any copy of this package). */
export function isHttpHandler(value: unknown): value is HttpHandler {
  return (
    typeof value === 'function' && typeof (value as Partial<HttpHandler>).serve === 'function' && typeof (value as Partial<HttpHandler>).close === 'function'
  );
}

/** Gives `fetch` its `fetch`, `serve` and `close` members: the shape every endpoint of this package has. */
export function makeHttpHandler(fetch: (request: Request) => Promise<Response>, serve: HttpHandler['serve'], close: HttpHandler['close']): HttpHandler {
  return Object.defineProperties(fetch, {
    fetch: { value: fetch, enumerable: true },
    serve: { value: serve, enumerable: true },
    close: { value: close, enumerable: true },
  }) as HttpHandler;
}

/** Answers an exchange 500 unless its reply already started. */
function failed(exchange: Exchange): void {
  try {
    exchange.respond(500, JSON_HEADERS, jsonRpcErrorBody(undefined, -32603, 'Internal error'));
  } catch {
    // the reply had already started
  }
}

/**
 * Serves an exchange through a plain web handler: the whole request becomes a web `Request` (a body
 * the framework already parsed is sent as its JSON text), the `Response` is written back. The
 * hand-over's principal cannot reach a plain handler: it never sees one.
 */
async function serveThroughFetch(handler: WebHandler, exchange: Exchange, given: HandOver): Promise<void> {
  try {
    let request: Request;
    if (given.body !== undefined && exchange.method !== 'GET' && exchange.method !== 'HEAD') {
      // The framework consumed the stream: the body it parsed goes on as JSON text (with its own length).
      const head = exchange.request();
      const headers = new Headers(head.headers);
      headers.delete('content-length');
      headers.delete('transfer-encoding');
      request = new Request(head.url, { method: head.method, headers, body: JSON.stringify(given.body), signal: head.signal });
    } else {
      request = exchange.webRequest();
    }
    await exchange.respondWith(await handler(request));
  } catch {
    failed(exchange);
  }
}

/**
 * Turns any web handler into an `HttpHandler` (an endpoint already is one and comes back as is). Its
 * exchanges are served through web objects: a plain function has no lane of its own.
 * @example await serveHttp(toHttpHandler((request) => new Response('ok')));
 */
export function toHttpHandler(handler: HttpHandler | WebHandler): HttpHandler {
  if (isHttpHandler(handler)) return handler;
  if (typeof handler !== 'function')
    throw new TypeError(`expected an HttpHandler or a (Request) => Response function, got ${handler === null ? 'null' : typeof handler}`);
  const fetch = async (request: Request): Promise<Response> => handler(request);
  return makeHttpHandler(
    fetch,
    (exchange, given = NO_HAND_OVER) => serveThroughFetch(handler, exchange, given),
    async () => {},
  );
}

/** Path of a web request's URL (`/mcp`). */
function pathOf(request: Request): string {
  const url = request.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const end = url.slice(start).search(/[?#]/);
  return end < 0 ? url.slice(start) : url.slice(start, start + end);
}

/** Options of {@link createHttpRouter}. */
export interface HttpRouterOptions {
  /** Endpoints by exact path (`{ '/sse': sse, '/messages': sse }`); one endpoint may sit at several paths. */
  routes: Readonly<Record<string, HttpHandler | WebHandler>>;
  /** Serves every other path; default a 404 with no body. */
  fallback?: HttpHandler | WebHandler;
}

const notFound = toHttpHandler(() => new Response(null, { status: 404 }));

/**
 * One endpoint that hands each request to the endpoint of its path: each keeps its own lane (an
 * `HttpHandler` its fast lane, a plain web handler its web objects), which a hand-written
 * `(request) => …` in front cannot do. `close()` closes every endpoint it routes to.
 * @example const endpoint = createHttpRouter({ routes: { '/health': () => new Response('ok') }, fallback: createHttpHandler(server) });
 */
export function createHttpRouter(options: HttpRouterOptions): HttpHandler {
  const routes = new Map<string, HttpHandler>();
  const all = new Set<HttpHandler>();
  for (const [path, handler] of Object.entries(options.routes)) {
    if (!path.startsWith('/')) throw new RangeError(`createHttpRouter: route ${JSON.stringify(path)} must be an absolute path`);
    const endpoint = toHttpHandler(handler);
    routes.set(path, endpoint);
    all.add(endpoint);
  }
  const fallback = options.fallback === undefined ? notFound : toHttpHandler(options.fallback);
  all.add(fallback);
  return makeHttpHandler(
    (request) => (routes.get(pathOf(request)) ?? fallback)(request),
    (exchange, given) => (routes.get(exchange.path) ?? fallback).serve(exchange, given),
    async () => {
      await Promise.all([...all].map((endpoint) => endpoint.close()));
    },
  );
}
