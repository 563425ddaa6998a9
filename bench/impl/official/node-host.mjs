// The official SDK's createMcpHandler on plain node:http, wired as the @modelcontextprotocol/node README shows:
// the localhost Host and Origin guards, then the handler. Every official HTTP side of the bench runs on it.
import { createServer } from 'node:http';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';

/** Listens on host:port (0 = any free port) with `handler` (a createMcpHandler result); resolves with the port and a close(). */
export async function listenOfficial(handler, { host = '127.0.0.1', port = 0 } = {}) {
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
    close: async () => {
      await handler.close();
      // Open SSE streams (listen) would keep server.close() waiting.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
