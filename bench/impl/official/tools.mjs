// The tools every official-SDK benchmark server registers, written the way the SDK's docs show (zod schemas).
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const echoInput = z.object({ text: z.string() });
const addInput = z.object({ a: z.number().int(), b: z.number().int() });

/** A fresh official McpServer with one tool, `echo`, which returns its `text` argument as a text block. */
export function createEchoServer() {
  const server = new McpServer({ name: 'bench-official', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes its text argument.', inputSchema: echoInput }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  return server;
}

/** A fresh official McpServer with 100 tools, `tool_0` … `tool_99`, each adding its integer arguments `a` and `b`. */
export function createHundredToolServer() {
  const server = new McpServer({ name: 'bench-official', version: '1.0.0' });
  for (let i = 0; i < 100; i++) {
    server.registerTool(`tool_${i}`, { description: `Tool number ${i}: adds two integers.`, inputSchema: addInput }, async ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
    }));
  }
  return server;
}
