// Official SDK v2 HTTP server for the listeners curve: createMcpHandler (legacy: reject) with its in-process event bus,
// `maxSubscriptions` raised to `maxStreams`, and `change()` = `handler.notify.toolsChanged()`.
import { createServer } from 'node:http';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { createEchoServer } from './tools.mjs';

/** Listens on 127.0.0.1 and resolves with `{ port, change(), close() }`. */
export async function start({ host = '127.0.0.1', port = 0, maxStreams = 20_000 } = {}) {
  const handler = createMcpHandler(() => createEchoServer(), { legacy: 'reject', maxSubscriptions: maxStreams });
  const node = toNodeHandler(handler);
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  const server = createServer((req, res) => {
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    node(req, res);
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return {
    port: server.address().port,
    change: () => handler.notify.toolsChanged(),
    close: async () => {
      await handler.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
