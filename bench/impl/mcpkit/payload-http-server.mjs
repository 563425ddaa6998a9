// mcpkit Streamable HTTP server with the `blob` tool (payload-size curve), on the node:http adapter.
import { createHttpHandler } from '@mcpkit/http';
import { serveHttp } from '@mcpkit/http/node';
import { createBlobServer } from './payload.mjs';

/** Listens on host:port (0 = any free port) and resolves with the bound port and a close(). */
export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  const server = await serveHttp(createHttpHandler(createBlobServer()), { host, port });
  return { port: Number(new URL(server.url).port), close: () => server.close() };
}
