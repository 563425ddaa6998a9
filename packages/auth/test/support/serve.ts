/** Runs a web-standard request handler on 127.0.0.1 (random port) with node:http, for tests. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Served {
  url: string;
  close(): Promise<void>;
}

export type Handler = (request: Request) => Response | Promise<Response>;

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const body = chunks.length === 0 || req.method === 'GET' || req.method === 'HEAD' ? null : Buffer.concat(chunks);
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, body });
}

export async function serve(handler: Handler): Promise<Served> {
  let origin = '';
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const response = await handler(await toRequest(req, origin));
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => (headers[name] = value));
        res.writeHead(response.status, headers);
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}
