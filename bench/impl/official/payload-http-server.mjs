// Official SDK v2 Streamable HTTP server, modern stateless entry (createMcpHandler), on node:http.
// Wired as the @modelcontextprotocol/node README shows for plain node:http: Host and Origin guards, then the handler.
import { createServer } from 'node:http';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { createBlobServer } from './payload.mjs';

export const era = '2026-07-28 (createMcpHandler, legacy: reject)';

/** Listens on host:port (0 = any free port) and resolves with the bound port and a close(). */
export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  const handler = createMcpHandler(() => createBlobServer(), { legacy: 'reject' });
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
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
