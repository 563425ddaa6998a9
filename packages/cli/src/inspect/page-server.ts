import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sandboxProxyHtml } from '@mcpkit/apps-host';
import type { EventLog } from './event-log.js';
import { APPS_HOST_PATH, loadAppsHost, loadPage, pagePolicy } from './page-assets.js';
import { checkRequest, checkSandboxRequest, SAFE_HEADERS, SANDBOX_HEADERS, sandboxSecret } from './request-guard.js';

/**
 * The inspector's own HTTP server, on 127.0.0.1 only: `GET /?secret=…` is the page, `GET
 * /api/events` the live event stream (SSE, read by the page with fetch so that it can send the
 * secret header), `POST /api/NAME` the API. Every request passes the guard first
 * (request-guard.ts), whatever its path; nothing here answers CORS preflights, so no other origin
 * can send the secret header at all.
 *
 * MCP Apps views need a second origin: the sandbox proxy (`sandboxProxyHtml` of @mcpkit/apps-host)
 * is served on a second 127.0.0.1 port, `GET /sandbox.html?secret=…&host=…`, behind the same
 * guard with a secret of its own (derived from the run's; the views it frames can read its URL).
 * The page learns its URL, and the Apps host script's, from `POST /api/apps-host`.
 */

/** A refusal the API reports to the page (bad input, an unknown call…). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Answers one API call: resolves with the JSON to send back, or throws (ApiError for the caller's mistakes). */
export type ApiHandler = (name: string, body: Record<string, unknown>) => Promise<unknown>;

/** Options of `servePage`. */
export interface PageServerOptions {
  /** 0: any free port. */
  readonly port: number;
  readonly secret: string;
  readonly log: EventLog;
  readonly api: ApiHandler;
  /** Told about each refused request (the CLI says so on stderr). */
  readonly onRefused: (reason: string, method: string, path: string) => void;
}

/** The running server. */
export interface PageServer {
  /** The page's URL, secret included. */
  readonly url: string;
  readonly port: number;
  /** The sandbox proxy's port (another origin than the page's). */
  readonly sandboxPort: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
const KEEP_ALIVE_MS = 15_000;

function reply(res: ServerResponse, status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...SAFE_HEADERS, 'content-type': type, ...extra });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new ApiError(413, `the request body is over ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts the server on 127.0.0.1. */
export async function servePage(options: PageServerOptions): Promise<PageServer> {
  const streams = new Set<ServerResponse>();
  let port = options.port;

  const events = (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    res.writeHead(200, { ...SAFE_HEADERS, 'content-type': 'text/event-stream; charset=utf-8' });
    const write = (event: { seq: number }): void => void res.write(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`);
    const after = Number(url.searchParams.get('after') ?? '0');
    for (const event of options.log.since(Number.isFinite(after) ? after : 0)) write(event);
    const unsubscribe = options.log.subscribe(write);
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    keepAlive.unref();
    streams.add(res);
    const end = (): void => {
      unsubscribe();
      clearInterval(keepAlive);
      streams.delete(res);
    };
    req.on('close', end);
    res.on('close', end);
  };

  const api = async (req: IncomingMessage, res: ServerResponse, name: string): Promise<void> => {
    try {
      if (req.method !== 'POST') throw new ApiError(405, 'the API takes POST');
      const type = req.headers['content-type'] ?? '';
      if (!/^application\/json\b/i.test(type)) throw new ApiError(415, 'the API takes application/json');
      const text = await readBody(req);
      let body: unknown;
      try {
        body = text === '' ? {} : JSON.parse(text);
      } catch {
        throw new ApiError(400, 'the body is not JSON');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'the body must be a JSON object');
      const result = name === 'apps-host' ? await appsHost(String(req.headers.host)) : await options.api(name, body as Record<string, unknown>);
      reply(res, 200, 'application/json', JSON.stringify(result ?? {}));
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      if (!res.headersSent) reply(res, status, 'application/json', JSON.stringify({ error: message }));
    }
  };

  let sandboxPort = 0;
  const sandboxKey = sandboxSecret(options.secret);
  // `host` is the page's Host header, already checked (127.0.0.1:PORT or localhost:PORT): the
  // sandbox is named with the same host name, so that it is the same site on another origin.
  const sandboxOrigin = (host: string): string => `http://${host.replace(/:\d+$/, '')}:${sandboxPort}`;
  const appsHost = async (host: string): Promise<unknown> => {
    const asset = await loadAppsHost();
    const page = `http://${host}`;
    return {
      script: `${APPS_HOST_PATH}?secret=${encodeURIComponent(options.secret)}`,
      integrity: asset.integrity,
      sandboxUrl: `${sandboxOrigin(host)}/sandbox.html?secret=${sandboxKey}&host=${encodeURIComponent(page)}`,
    };
  };

  const page = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply(res, 405, 'text/plain', 'the page takes GET');
    try {
      const assets = await loadPage();
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const host = String(req.headers.host);
      const csp = pagePolicy(assets.csp, `http://${host}`, sandboxOrigin(host));
      const headers = { ...SAFE_HEADERS, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp, vary: 'accept-encoding' };
      res.writeHead(200, gzip ? { ...headers, 'content-encoding': 'gzip' } : headers);
      res.end(req.method === 'HEAD' ? undefined : gzip ? assets.gzip : assets.html);
    } catch (error) {
      reply(res, 500, 'text/plain', (error as Error).message);
    }
  };

  const script = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply(res, 405, 'text/plain', 'the script takes GET');
    try {
      const asset = await loadAppsHost();
      res.writeHead(200, { ...SAFE_HEADERS, 'content-type': 'text/javascript; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : asset.js);
    } catch (error) {
      reply(res, 500, 'text/plain', (error as Error).message);
    }
  };

  // The sandbox proxy page for each host origin the page may have (its Host names it).
  const proxies = new Map<string, string>();
  const sandbox = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const refusal = checkSandboxRequest({ headers: req.headers, querySecret: url.searchParams.get('secret') }, sandboxPort, sandboxKey);
    const answer = (status: number, body: string, type = 'text/plain; charset=utf-8'): void => {
      res.writeHead(status, { ...SANDBOX_HEADERS, 'content-type': type });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (refusal !== undefined) {
      req.resume();
      options.onRefused(refusal.reason, req.method ?? '?', url.pathname);
      return answer(refusal.status, `mcpkit inspect: refused: ${refusal.reason}\n`);
    }
    if (url.pathname !== '/sandbox.html') return answer(404, 'not found');
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, 'the sandbox takes GET');
    const host = url.searchParams.get('host') ?? '';
    if (host !== `http://127.0.0.1:${port}` && host !== `http://localhost:${port}`)
      return answer(400, `host must be this inspector's page (http://127.0.0.1:${port})`);
    let html = proxies.get(host);
    if (html === undefined) proxies.set(host, (html = sandboxProxyHtml({ hostOrigin: host })));
    answer(200, html, 'text/html; charset=utf-8');
  });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const kind = url.pathname.startsWith('/api/') ? 'api' : 'page';
    const refusal = checkRequest({ headers: req.headers, querySecret: url.searchParams.get('secret') }, kind, port, options.secret);
    if (refusal !== undefined) {
      req.resume();
      options.onRefused(refusal.reason, req.method ?? '?', url.pathname);
      return reply(res, refusal.status, 'text/plain; charset=utf-8', `mcpkit inspect: refused: ${refusal.reason}\n`);
    }
    if (kind === 'page') {
      if (url.pathname === APPS_HOST_PATH) return void script(req, res);
      if (url.pathname !== '/') return reply(res, 404, 'text/plain', 'not found');
      return void page(req, res);
    }
    if (url.pathname === '/api/events') {
      if (req.method !== 'GET') return reply(res, 405, 'text/plain', 'the event stream takes GET');
      return events(req, res, url);
    }
    void api(req, res, url.pathname.slice('/api/'.length));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  try {
    await new Promise<void>((resolve, reject) => {
      sandbox.once('error', reject);
      sandbox.listen(0, '127.0.0.1', () => {
        sandbox.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    server.close();
    throw error;
  }
  sandboxPort = (sandbox.address() as AddressInfo).port;
  const stop = (s: typeof server): Promise<void> =>
    new Promise<void>((resolve) => {
      s.closeAllConnections();
      s.close(() => resolve());
    });
  return {
    port,
    sandboxPort,
    url: `http://127.0.0.1:${port}/?secret=${options.secret}`,
    close: async () => {
      for (const res of streams) res.end();
      await Promise.all([stop(server), stop(sandbox)]);
    },
  };
}
