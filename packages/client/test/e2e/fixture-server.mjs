#!/usr/bin/env node
// A test server for the client's end-to-end tests, built with @mcpkit/server and run in its own
// process: 1,000 tools listed 37 per page, a `slow` tool that reports progress 0, waits until it is
// cancelled and remembers that, and `cancellations`, which reports what the server saw cancelled.
// Usage: node fixture-server.mjs stdio | node fixture-server.mjs http (prints {"endpoint": ...}).
import { createServer, tool } from '@mcpkit/server';

const cancelled = [];
const tools = [];
for (let i = 0; i < 1000; i++) {
  const name = `item-${String(i).padStart(4, '0')}`;
  tools.push(tool({ name, inputSchema: { type: 'object' }, handler: () => ({ content: [{ type: 'text', text: name }] }) }));
}
tools.push(
  tool({
    name: 'slow',
    description: 'Says it started (progress 0), waits until the request is cancelled, then records its tag.',
    inputSchema: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] },
    handler: ({ tag }, ctx) =>
      new Promise((resolve) => {
        void ctx.progress(0, 1, 'started');
        ctx.signal.addEventListener(
          'abort',
          () => {
            cancelled.push(tag);
            resolve({ content: [] });
          },
          { once: true },
        );
      }),
  }),
  tool({
    name: 'cancellations',
    description: 'The tags of the slow calls the server saw cancelled.',
    inputSchema: { type: 'object' },
    handler: () => ({ content: [{ type: 'text', text: JSON.stringify(cancelled) }] }),
  }),
);

const server = createServer({ info: { name: 'client-e2e-fixture', version: '1.0.0' }, tools, pageSize: { tools: 37 } });

if (process.argv[2] === 'http') {
  const { createHttpHandler } = await import('@mcpkit/http');
  const { serveHttp } = await import('@mcpkit/http/node');
  const node = await serveHttp(createHttpHandler(server), { host: '127.0.0.1', port: 0 });
  process.stdout.write(`${JSON.stringify({ endpoint: new URL('mcp', node.url).href })}\n`);
  process.stdin.on('end', () => void node.close().then(() => process.exit(0)));
  process.stdin.resume();
} else {
  const { serveStdio } = await import('@mcpkit/stdio');
  serveStdio(server);
}
