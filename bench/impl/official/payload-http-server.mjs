// Official SDK v2 Streamable HTTP server with the `blob` tool (payload-size curve), on node:http (node-host.mjs).
import { createMcpHandler } from '@modelcontextprotocol/server';
import { listenOfficial } from './node-host.mjs';
import { createBlobServer } from './payload.mjs';

export const era = '2026-07-28 (createMcpHandler, legacy: reject)';

/** Listens on host:port (0 = any free port) and resolves with the bound port and a close(). */
export function start(options) {
  return listenOfficial(
    createMcpHandler(() => createBlobServer(), { legacy: 'reject' }),
    options,
  );
}
