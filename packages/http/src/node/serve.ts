/**
 * `serve`: runs a web-standard handler on `node:http`. Handlers made by `createHttpHandler` take
 * the fast lane (no web Request/Response on the hot path); any other `(Request) => Response`
 * handler is served through real web objects.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { coreOf, type ExchangeServer, type HandOver } from '../exchange.js';
import { ConnectionBudget, OVER_BUDGET } from './connection-budget.js';
import { NodeExchange } from './node-exchange.js';
import { toWebRequest, writeWebResponse } from './web-bridge.js';

/** Options of {@link serve}. */
export interface ServeOptions {
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
export interface NodeServer {
  /** The base URL, e.g. `http://127.0.0.1:39211/`. */
  readonly url: string;
  /** The underlying node server (for metrics or extra listeners). */
  readonly server: Server;
  /** Stops listening and drops every open exchange (streams included); resolves when all is closed. */
  close(): Promise<void>;
}

type FetchHandler = (request: Request) => Promise<Response> | Response;

function fastLane(core: ExchangeServer) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    void core.serve(new NodeExchange(req, res, core.limits));
  };
}

function genericLane(handler: FetchHandler) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const controller = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort(new Error('the client closed the connection'));
    });
    try {
      const response = await handler(toWebRequest(req, controller.signal, true));
      await writeWebResponse(res, response);
    } catch {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Internal Server Error');
      } else {
        res.destroy();
      }
    }
  };
}

/**
 * Serves one node request through a handler made by `createHttpHandler`, on the fast lane, with what
 * a framework already did (its parsed body, its principal): what the Express and Fastify adapters
 * build on. Settles once the reply was decided (an SSE reply goes on streaming).
 * @example app.post('/mcp', (req, res) => void handleNodeRequest(handler, req, res, { body: req.body, principal: req.auth }));
 */
export function handleNodeRequest(handler: FetchHandler, req: IncomingMessage, res: ServerResponse, given?: HandOver): Promise<void> {
  const core = coreOf(handler);
  if (core === undefined) throw new TypeError('handleNodeRequest needs a handler made by createHttpHandler');
  return core.serve(new NodeExchange(req, res, core.limits), given);
}

function formatHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * Serves `handler` on `node:http`, bound to 127.0.0.1 unless told otherwise.
 * @example const { url, close } = await serve(createHttpHandler(server), { port: 3000 });
 */
export async function serve(handler: FetchHandler, options: ServeOptions = {}): Promise<NodeServer> {
  const host = options.host ?? '127.0.0.1';
  const core = coreOf(handler);
  const budget = new ConnectionBudget(options.maxConnectionsPerClient ?? 1024);
  const lane = core ? fastLane(core) : genericLane(handler);
  const server = createServer({ maxHeaderSize: options.maxHeaderBytes ?? 16 * 1024, noDelay: true }, (req, res) => {
    if ((req.socket as { [OVER_BUDGET]?: boolean })[OVER_BUDGET]) budget.refuse(req, res);
    else void lane(req, res);
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
