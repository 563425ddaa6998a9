// Official SDK v2 with 100 tools, served in-process two ways:
// - createDispatcher: one long-lived instance behind serveStdio over an InMemoryTransport (what a stdio server does);
// - createFetchHandler: the web-standard stateless entry, createMcpHandler, as an HTTP deployment runs it.
import { createMcpHandler, InMemoryTransport } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createHundredToolServer } from './tools.mjs';

/** Request string in, response string out, through one long-lived official server instance. */
export async function createDispatcher() {
  const [ours, theirs] = InMemoryTransport.createLinkedPair();
  const waiting = new Map();
  ours.onmessage = (message) => {
    const resolve = waiting.get(message.id);
    if (resolve) {
      waiting.delete(message.id);
      resolve(JSON.stringify(message));
    }
  };
  await ours.start();
  const handle = serveStdio(() => createHundredToolServer(), { transport: theirs });
  return {
    handle(requestText) {
      const message = JSON.parse(requestText);
      return new Promise((resolve) => {
        waiting.set(message.id, resolve);
        ours.send(message);
      });
    },
    close: () => handle.close(),
  };
}

/** Web-standard Request → Response, the way an HTTP deployment of the official SDK serves each request. */
export async function createFetchHandler() {
  const handler = createMcpHandler(() => createHundredToolServer(), { legacy: 'reject' });
  return { fetch: handler.fetch, close: handler.close };
}
