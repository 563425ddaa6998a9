/**
 * The server under test of `pnpm conformance` when the `mcpkit` CLI is not used: examples/everything
 * made dual-era with `dualEra` (2026-07-28 stateless and 2025-11-25 sessions on one endpoint),
 * served over Streamable HTTP on 127.0.0.1.
 *
 * One addition for `server-sse-polling` (SEP-1699): a `test_reconnection` tool whose legacy reply is
 * polled. dualEra's `http.closeStreamAfterMs` starts its SSE reply at once (priming event, `retry`),
 * closes the connection after 50 ms while the tool still works (300 ms), and the result waits in the
 * session's event log until the client resumes with `GET` + `Last-Event-ID`.
 *
 * Usage: node examples/conformance/server.mjs [--port N]   (default: $PORT, else a free port)
 * Prints `{"url": "http://127.0.0.1:N/mcp"}` on stdout once it listens; SIGTERM/SIGINT stop it.
 */
import { createEverythingServer } from '@mcpkit/example-everything';
import { serveHttp } from '@mcpkit/http/node';
import type { JsonRpcRequest } from '@mcpkit/jsonrpc';
import { dualEra } from '@mcpkit/legacy';
import { tool } from '@mcpkit/server';

function portOf(argv: readonly string[]): number {
  const i = argv.indexOf('--port');
  const raw = i >= 0 ? argv[i + 1] : process.env.PORT;
  if (raw === undefined || raw === '') return 0;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad port ${JSON.stringify(raw)}`);
  return port;
}

const POLLED_TOOL = 'test_reconnection';
const POLL_AFTER_MS = 50;

const server = createEverythingServer();
await server.update((draft) =>
  draft.setTool(
    tool({
      name: POLLED_TOOL,
      description: 'Answers after 300 ms; a legacy client gets the answer by resuming its SSE stream, which the server closes first.',
      inputSchema: { type: 'object', additionalProperties: false },
      handler: async (_args, ctx) => {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 300);
          ctx.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        });
        return { content: [{ type: 'text', text: 'Reconnection test completed' }] };
      },
    }),
  ),
);
const polled = (request: JsonRpcRequest): number | undefined =>
  request.method === 'tools/call' && (request.params as { name?: unknown } | undefined)?.name === POLLED_TOOL ? POLL_AFTER_MS : undefined;
const dual = dualEra(server, {
  http: { closeStreamAfterMs: polled },
  onError: (error) => console.error('conformance server:', error),
});
const node = await serveHttp(dual.httpHandler(), { host: '127.0.0.1', port: portOf(process.argv.slice(2)) });
process.stdout.write(`${JSON.stringify({ url: new URL('mcp', node.url).href })}\n`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await node.close();
  await dual.close();
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
