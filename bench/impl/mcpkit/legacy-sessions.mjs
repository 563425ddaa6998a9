// mcpkit dual-era HTTP server for the legacy-sessions curve: 2025-11-25 sessions in a MemorySessionStore whose caps are
// lifted (one client address opens them all here), serving the `echo` tool.
import { serveHttp } from '@mcpkit/http/node';
import { dualEra, MemorySessionStore } from '@mcpkit/legacy';
import { createEchoServer } from './tools.mjs';

/** Listens on 127.0.0.1 and resolves with `{ url, sessions(), close() }`. */
export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  const store = new MemorySessionStore({ maxSessions: 1e9, maxSessionsPerClient: 1e9 });
  const dual = dualEra(createEchoServer(), { sessions: store, onError: () => {} });
  const node = await serveHttp(dual.httpHandler(), { host, port, maxConnectionsPerClient: Number.POSITIVE_INFINITY });
  return {
    url: node.url,
    sessions: () => store.size,
    close: async () => {
      await node.close();
      await dual.close();
    },
  };
}
