// Official SDK v2 Streamable HTTP server with its default legacy handling (2025-era requests served statelessly
// by its fallback), on node:http behind the localhost Host/Origin guards (node-host.mjs).
import { createMcpHandler } from '@modelcontextprotocol/server';
import { listenOfficial } from './node-host.mjs';
import { createEchoServer } from './tools.mjs';

export const era = 'both (createMcpHandler, default legacy: stateless)';

/** Listens on host:port (0 = any free port) and resolves with the bound port and a close(). */
export function start(options) {
  return listenOfficial(
    createMcpHandler(() => createEchoServer()),
    options,
  );
}
