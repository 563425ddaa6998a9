// mcpkit Streamable HTTP server serving both eras on one endpoint (dualEra + its handler) on the node adapter.
// The soak scenario sends it modern requests (and, in one row, a 2025-11-25 session's).
import { serve } from '@mcpkit/http/node';
import { dualEra } from '@mcpkit/legacy';
import { createEchoServer } from './tools.mjs';

export const era = 'both (dualEra)';

/** Listens on host:port (0 = any free port) and resolves with the bound port and a close(). */
export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  const dual = dualEra(createEchoServer(), { onError: () => {} });
  const server = await serve(dual.httpHandler(), { host, port });
  return {
    port: Number(new URL(server.url).port),
    close: async () => {
      await server.close();
      await dual.close();
    },
  };
}
