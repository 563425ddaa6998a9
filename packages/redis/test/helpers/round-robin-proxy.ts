import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';

/** Which backend served one request. */
export interface Routed {
  /** The JSON-RPC method of a POST (or `response` for a client's answer), else the HTTP method. */
  readonly what: string;
  /** Index of the backend in the list. */
  readonly backend: number;
}

/** A round-robin HTTP load balancer on 127.0.0.1. */
export interface RoundRobinProxy {
  /** The MCP endpoint through the proxy. */
  readonly endpoint: string;
  /** Every request, in arrival order, with the backend that answered it. */
  readonly routed: Routed[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'host', 'content-length']);

function describe(method: string | undefined, body: Buffer): string {
  if (method !== 'POST') return method ?? '?';
  try {
    const message = JSON.parse(body.toString('utf8')) as { method?: string; params?: { name?: string } };
    if (typeof message.method !== 'string') return 'response';
    return message.method === 'tools/call' && message.params?.name ? `tools/call ${message.params.name}` : message.method;
  } catch {
    return 'POST';
  }
}

/**
 * Spreads requests over `backends` one after the other, per HTTP request (not per connection, so
 * a keep-alive client still visits every replica). A backend that refuses the connection (a
 * killed replica) is skipped and the request goes to the next one; responses, SSE included, are
 * streamed through, and a client that goes away aborts the upstream request.
 */
export async function startRoundRobinProxy(backends: readonly string[]): Promise<RoundRobinProxy> {
  const routed: Routed[] = [];
  const targets = backends.map((url) => new URL(url));
  let next = 0;

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, attempt: number) => {
    const index = next++ % targets.length;
    const target = targets[index]!;
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    headers['content-length'] = String(body.length);
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers }, (reply) => {
      routed.push({ what: describe(req.method, body), backend: index });
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(reply.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
      res.writeHead(reply.statusCode ?? 502, out);
      reply.pipe(res);
      reply.on('error', () => res.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) {
        res.destroy();
      } else if (error.code === 'ECONNREFUSED' && attempt + 1 < targets.length) {
        forward(req, res, body, attempt + 1);
      } else {
        res.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${error.message}`);
      }
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), 0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}/mcp`,
    routed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
