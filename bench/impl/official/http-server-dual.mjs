// Official SDK v2 Streamable HTTP server with its default legacy handling (2025-era requests served statelessly
// by its fallback), on node:http behind the localhost Host/Origin guards, as in http-server.mjs.
import { createServer } from 'node:http';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { createEchoServer } from './tools.mjs';

export const era = 'both (createMcpHandler, default legacy: stateless)';

/** Listens on host:port (0 = any free port) and resolves with the bound port and a close(). */
export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  const handler = createMcpHandler(() => createEchoServer());
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
