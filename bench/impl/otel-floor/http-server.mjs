// The `otel` scenario's floor over HTTP: the echo server with floor.mjs's around hook.
import { createHttpHandler } from '@mcpkit/http';
import { serveHttp } from '@mcpkit/http/node';
import { createEchoServer } from '../mcpkit/tools.mjs';
import { registerSdk } from '../mcpkit-otel/sdk.mjs';
import { floorAround } from './floor.mjs';

export const era = '2026-07-28';

export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  registerSdk();
  const server = await serveHttp(createHttpHandler(createEchoServer({ around: floorAround() })), { host, port });
  return { port: Number(new URL(server.url).port), close: () => server.close() };
}
