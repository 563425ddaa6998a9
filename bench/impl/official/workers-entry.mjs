// Minimal modern official-SDK server for Workers: the web-standard createMcpHandler with one `echo` tool.
// Bundled by scenario 5 for the browser/workerd platform (no node: imports allowed) and then run to check it answers.
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const handler = createMcpHandler(
  () => {
    const server = new McpServer({ name: 'bench-official-worker', version: '1.0.0' });
    server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
      content: [{ type: 'text', text }],
    }));
    return server;
  },
  { legacy: 'reject' },
);

export default { fetch: (request) => handler.fetch(request) };
