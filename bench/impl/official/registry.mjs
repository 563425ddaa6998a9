// Official SDK v2 with N tools (registry-size curve): one long-lived McpServer behind serveStdio over an
// InMemoryTransport (what a stdio server runs), tool schemas in zod as its docs write them.
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const addInput = z.object({ a: z.number().int(), b: z.number().int() });

/** A dispatcher over a server with `tool_0` … `tool_{n-1}`, each adding its integers `a` and `b`. */
export async function createRegistryDispatcher(n) {
  const factory = () => {
    const server = new McpServer({ name: 'bench-official', version: '1.0.0' });
    for (let i = 0; i < n; i++) {
      server.registerTool(`tool_${i}`, { description: `Tool number ${i}: adds two integers.`, inputSchema: addInput }, async ({ a, b }) => ({
        content: [{ type: 'text', text: String(a + b) }],
      }));
    }
    return server;
  };
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
  const handle = serveStdio(factory, { transport: theirs });
  return {
    handle(text) {
      const message = JSON.parse(text);
      return new Promise((resolve) => {
        waiting.set(message.id, resolve);
        ours.send(message);
      });
    },
    close: () => handle.close(),
  };
}
