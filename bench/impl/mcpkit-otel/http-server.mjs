// mcpkit Streamable HTTP server, instrumented by @mcpkit/otel (the `otel` scenario).
import { createHttpHandler } from '@mcpkit/http';
import { serveHttp } from '@mcpkit/http/node';
import { instrumentServer } from '@mcpkit/otel';
import { createEchoServer } from '../mcpkit/tools.mjs';
import { registerSdk } from './sdk.mjs';

export const era = '2026-07-28';

export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  registerSdk();
  const server = await serveHttp(createHttpHandler(createEchoServer({ around: instrumentServer().around })), { host, port });
  return { port: Number(new URL(server.url).port), close: () => server.close() };
}
