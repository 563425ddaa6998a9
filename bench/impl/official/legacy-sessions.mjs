// Official SDK v2 sessionful 2025-11-25 HTTP server for the legacy-sessions curve, wired the way its streamable HTTP
// transport documents sessions: one McpServer and one NodeStreamableHTTPServerTransport per session, kept in a Map by
// session id (v2's createMcpHandler serves 2025-11-25 only statelessly, so sessions need this wiring).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { localhostHostValidation, localhostOriginValidation, NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { createEchoServer } from './tools.mjs';

/** Listens on 127.0.0.1 and resolves with `{ url, sessions(), close() }`. */
export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  const transports = new Map();
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  const server = createServer(async (req, res) => {
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? transports.get(id) : undefined;
    if (!transport) {
      if (id !== undefined) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}');
        return;
      }
      transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => transports.set(sid, transport),
      });
      transport.onclose = () => transport.sessionId && transports.delete(transport.sessionId);
      await createEchoServer().connect(transport);
    }
    await transport.handleRequest(req, res);
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return {
    url: `http://${host}:${server.address().port}/mcp`,
    sessions: () => transports.size,
    close: async () => {
      for (const t of transports.values()) await t.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
