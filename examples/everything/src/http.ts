import { createHttpHandler, type HttpHandlerOptions } from '@mcpkit/http';
import { serveHttp, type HttpServer } from '@mcpkit/http/node';
import type { Dispatcher } from '@mcpkit/jsonrpc';
import { createEverythingServer } from './server.js';

/** Options of `serveEverythingHttp`. */
export interface EverythingHttpOptions {
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
  /** Port (default 0: a free one). */
  port?: number;
  /**
   * What to serve: by default a fresh everything server. Pass `dualEra(createEverythingServer())`
   * (from `@mcpkit/legacy`) to serve both eras on the same endpoint.
   */
  dispatcher?: Dispatcher;
  /** Options of the HTTP handler (origins, CORS, authentication, the legacy `intercept` hook). */
  http?: HttpHandlerOptions;
}

/** A running HTTP server and its MCP endpoint. */
export interface EverythingHttpServer {
  /** The base URL, e.g. `http://127.0.0.1:39211/`. */
  readonly url: string;
  /** The MCP endpoint, `http://H:N/mcp` (the handler answers on any path). */
  readonly endpoint: string;
  /** The underlying node server. */
  readonly node: HttpServer;
  /** Stops listening and drops open exchanges, listen streams included. */
  close(): Promise<void>;
}

/**
 * Serves the everything server over Streamable HTTP on `node:http`.
 *
 * @example const { endpoint, close } = await serveEverythingHttp({ port: 3000 });
 */
export async function serveEverythingHttp(options: EverythingHttpOptions = {}): Promise<EverythingHttpServer> {
  const dispatcher = options.dispatcher ?? createEverythingServer();
  const node = await serveHttp(createHttpHandler(dispatcher, options.http), { host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return { url: node.url, endpoint: new URL('mcp', node.url).href, node, close: () => node.close() };
}
