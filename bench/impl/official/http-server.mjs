// Official SDK v2 Streamable HTTP server, modern stateless entry (createMcpHandler), on node:http (node-host.mjs).
import { createMcpHandler } from '@modelcontextprotocol/server';
import { listenOfficial } from './node-host.mjs';
import { createEchoServer } from './tools.mjs';

export const era = '2026-07-28 (createMcpHandler, legacy: reject)';

/** Listens on host:port (0 = any free port) and resolves with the bound port and a close(). */
export function start(options) {
  return listenOfficial(
    createMcpHandler(() => createEchoServer(), { legacy: 'reject' }),
    options,
  );
}
