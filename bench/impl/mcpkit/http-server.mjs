// mcpkit Streamable HTTP server (scenario 2): createHttpHandler on the node:http adapter, bound to 127.0.0.1.
import { createHttpHandler } from '@mcpkit/http';
import { serveHttp } from '@mcpkit/http/node';
import { createEchoServer } from './tools.mjs';

export const era = '2026-07-28';

/** Listens on host:port (0 = any free port) and resolves with the bound port and a close(). */
export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  const server = await serveHttp(createHttpHandler(createEchoServer()), { host, port });
  return { port: Number(new URL(server.url).port), close: () => server.close() };
}
