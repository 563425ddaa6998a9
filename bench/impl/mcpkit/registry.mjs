// mcpkit with N tools (registry-size curve): one long-lived server, request string in, response string out.
import { createServer, tool } from '@mcpkit/server';

const context = () => ({ signal: new AbortController().signal, notify: () => Promise.resolve(), transport: { name: 'bench' } });

/** A dispatcher over a server with `tool_0` … `tool_{n-1}`, each adding its integers `a` and `b`. */
export async function createRegistryDispatcher(n) {
  const tools = [];
  for (let i = 0; i < n; i++) {
    tools.push(
      tool({
        name: `tool_${i}`,
        description: `Tool number ${i}: adds two integers.`,
        inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
        handler: ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
      }),
    );
  }
  const server = createServer({ info: { name: 'bench-mcpkit', version: '1.0.0' }, mode: 'production', onWarning: () => {}, tools });
  return {
    handle: async (text) => JSON.stringify(await server.dispatch(JSON.parse(text), context())),
    close: () => server.close(),
  };
}
