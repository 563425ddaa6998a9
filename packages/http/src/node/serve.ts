/**
 * `serveHttp`: runs an endpoint on `node:http`. Every request is one `NodeExchange` handed to the
 * endpoint's `serve`: endpoints of `createHttpHandler` (and routers of them) serve it in place, with
 * no web Request/Response on the hot path; a plain `(Request) => Response` handler is served through
 * web objects built from it (see `toHttpHandler`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toHttpHandler, type HttpHandler, type WebHandler } from '../endpoint.js';
import type { HandOver } from '../exchange.js';
import { ConnectionBudget, OVER_BUDGET } from './connection-budget.js';
import { NodeExchange } from './node-exchange.js';

/** Options of {@link serveHttp}. */
export interface HttpServerOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default `127.0.0.1` (local servers should not listen on every interface). */
  host?: string;
  /** Closes the server when aborted. */
  signal?: AbortSignal;
  /** Largest request head node accepts, in bytes (431 above). Default 16 KiB. */
  maxHeaderBytes?: number;
  /**
   * Connections open at once from one client address; each one past it is answered 503
   * (`Retry-After: 1`) and closed. Behind a proxy every client shares its address: raise this, or
   * pass `Infinity`. Default 1024.
   */
  maxConnectionsPerClient?: number;
}

/** A running server. */
export interface HttpServer {
  /** The base URL, e.g. `http://127.0.0.1:39211/`. */
  readonly url: string;
  /** The underlying node server (for metrics or extra listeners). */
  readonly server: Server;
  /** Stops listening and drops every open exchange (streams included); resolves when all is closed. */
  close(): Promise<void>;
}

/**
 * Serves one node request through any endpoint (its fast lane when it has one), with what a
 * framework already did (its parsed body, its principal, its Host check): what the Express and
 * Fastify adapters build on. Settles once the reply was decided (an SSE reply goes on streaming);
 * never rejects.
 * @example app.post('/mcp', (req, res) => void handleNodeRequest(endpoint, req, res, { body: req.body, principal: req.auth }));
 */
export function handleNodeRequest(handler: HttpHandler | WebHandler, req: IncomingMessage, res: ServerResponse, given?: HandOver): Promise<void> {
  return toHttpHandler(handler).serve(new NodeExchange(req, res), given);
}

function formatHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * Serves `handler` on `node:http`, bound to 127.0.0.1 unless told otherwise.
 * @example const { url, close } = await serveHttp(createHttpHandler(server), { port: 3000 });
 */
export async function serveHttp(handler: HttpHandler | WebHandler, options: HttpServerOptions = {}): Promise<HttpServer> {
  const host = options.host ?? '127.0.0.1';
  const endpoint = toHttpHandler(handler);
  const budget = new ConnectionBudget(options.maxConnectionsPerClient ?? 1024);
  const server = createServer({ maxHeaderSize: options.maxHeaderBytes ?? 16 * 1024, noDelay: true }, (req, res) => {
    if ((req.socket as { [OVER_BUDGET]?: boolean })[OVER_BUDGET]) budget.refuse(req, res);
    else void endpoint.serve(new NodeExchange(req, res));
  });
  server.on('connection', (socket) => budget.admit(socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closing;
  };
  if (options.signal) {
    if (options.signal.aborted) await close();
    else options.signal.addEventListener('abort', () => void close(), { once: true });
  }
  return { url: `http://${formatHost(host)}:${port}/`, server, close };
}
