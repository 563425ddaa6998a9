// Minimal modern mcpkit server for Workers (scenario 5): the web-standard handler with one `echo` tool.
import { createHttpHandler } from '@mcpkit/http';
import { createServer, tool } from '@mcpkit/server';

const server = createServer({
  info: { name: 'bench-mcpkit-worker', version: '1.0.0' },
  mode: 'production',
  onWarning: () => {},
  tools: [
    tool({
      name: 'echo',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      handler: ({ text }) => ({ content: [{ type: 'text', text }] }),
    }),
  ],
});
const handler = createHttpHandler(server);

export default { fetch: (request) => handler(request) };
