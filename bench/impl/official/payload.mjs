// Official SDK v2 server with the `blob` tool (payload-size curve), zod schema as its docs write them.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { blobText } from '../../lib/blob.mjs';

/** A fresh official McpServer whose only tool, `blob`, returns `size` bytes of text. */
export function createBlobServer() {
  const server = new McpServer({ name: 'bench-official', version: '1.0.0' });
  server.registerTool('blob', { description: 'Returns size bytes of text.', inputSchema: z.object({ size: z.number().int().min(0) }) }, async ({ size }) => ({
    content: [{ type: 'text', text: blobText(size) }],
  }));
  return server;
}
