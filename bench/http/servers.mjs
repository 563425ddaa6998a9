// The HTTP servers compared by bench/http/run.mjs, one per child process so the load generator never
// shares the server's core. `node servers.mjs <kind>` prints {"port":N} once listening on 127.0.0.1.
//
//   raw               node:http + JSON.parse + JSON.stringify of a tools/call-shaped result: the physical limit
//   mcpkit            createHttpHandler(@mcpkit/server with one `echo` tool) on @mcpkit/http/node
//   mcpkit-transport  the same transport around a minimal Dispatcher: what the transport alone costs
//   official          the official SDK v2 stateless handler (createMcpHandler, legacy: 'reject') on node:http
import { createServer as createNodeServer } from 'node:http';

const ECHO_SCHEMA = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };

async function raw() {
  const server = createNodeServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const msg = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const out = JSON.stringify({
        jsonrpc: '2.0',
        id: msg.id,
        result: { resultType: 'complete', content: [{ type: 'text', text: msg.params.arguments.text }] },
      });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) });
      res.end(out);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server.address().port;
}

async function mcpkit(transportOnly) {
  const { createHttpHandler } = await import('@mcpkit/http');
  const { serveHttp } = await import('@mcpkit/http/node');
  let dispatcher;
  if (transportOnly) {
    dispatcher = {
      async dispatch(request) {
        return { jsonrpc: '2.0', id: request.id, result: { resultType: 'complete', content: [{ type: 'text', text: request.params.arguments.text }] } };
      },
    };
  } else {
    const { createServer, tool } = await import('@mcpkit/server');
    dispatcher = createServer({
      info: { name: 'bench-http', version: '1.0.0' },
      mode: 'production',
      onWarning: () => {},
      tools: [tool({ name: 'echo', inputSchema: ECHO_SCHEMA, handler: ({ text }) => ({ content: [{ type: 'text', text }] }) })],
    });
  }
  const server = await serveHttp(createHttpHandler(dispatcher));
  return Number(new URL(server.url).port);
}

async function official() {
  const { McpServer, createMcpHandler } = await import('@modelcontextprotocol/server');
  const { toNodeHandler, localhostHostValidation, localhostOriginValidation } = await import('@modelcontextprotocol/node');
  const { z } = await import('zod');
  const factory = () => {
    const server = new McpServer({ name: 'bench-http-official', version: '1.0.0' });
    server.registerTool('echo', { description: 'Echoes its text argument.', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
      content: [{ type: 'text', text }],
    }));
    return server;
  };
  const node = toNodeHandler(createMcpHandler(factory, { legacy: 'reject' }));
  // Wired as the SDK's README shows for plain node:http: Host and Origin guards, then the handler.
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  const server = createNodeServer((req, res) => {
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    node(req, res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server.address().port;
}

export const KINDS = ['raw', 'mcpkit', 'mcpkit-transport', 'official'];

/** Starts one kind of server in this process and resolves with its port. */
export function startServer(kind) {
  switch (kind) {
    case 'raw':
      return raw();
    case 'mcpkit':
      return mcpkit(false);
    case 'mcpkit-transport':
      return mcpkit(true);
    case 'official':
      return official();
    default:
      throw new Error(`unknown server kind ${kind} (one of ${KINDS.join(', ')})`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = await startServer(process.argv[2]);
  process.stdout.write(`${JSON.stringify({ port })}\n`);
  // Each line on stdin asks for the CPU time used so far; the parent ends us by closing stdin.
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (text) => {
    for (const _ of text.split('\n').slice(1)) {
      const { user, system } = process.cpuUsage();
      process.stdout.write(`${JSON.stringify({ cpuMicros: user + system })}\n`);
    }
  });
  process.stdin.on('end', () => process.exit(0));
}
