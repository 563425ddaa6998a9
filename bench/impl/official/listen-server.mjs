// Official SDK v2 HTTP server for the listeners curve: createMcpHandler (legacy: reject) with its in-process event bus,
// `maxSubscriptions` raised to `maxStreams`, and `change()` = `handler.notify.toolsChanged()`; on node:http (node-host.mjs).
import { createMcpHandler } from '@modelcontextprotocol/server';
import { listenOfficial } from './node-host.mjs';
import { createEchoServer } from './tools.mjs';

/** Listens on 127.0.0.1 and resolves with `{ port, change(), close() }`. */
export async function start({ host = '127.0.0.1', port = 0, maxStreams = 20_000 } = {}) {
  const handler = createMcpHandler(() => createEchoServer(), { legacy: 'reject', maxSubscriptions: maxStreams });
  const listening = await listenOfficial(handler, { host, port });
  return { ...listening, change: () => handler.notify.toolsChanged() };
}
