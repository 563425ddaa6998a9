// The raw HTTP limit: node:http, read the body, JSON.parse it, answer a tools/call-shaped result with JSON.stringify.
// No MCP validation at all: this is the ceiling a real server can approach, not a server.
import { createServer } from 'node:http';

export const era = 'none (raw JSON over node:http)';

function answer(req, res, body) {
  let msg;
  try {
    msg = JSON.parse(body);
  } catch {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
    return;
  }
  const out = JSON.stringify({
    jsonrpc: '2.0',
    id: msg.id,
    result: { content: [{ type: 'text', text: msg.params?.arguments?.text }], resultType: 'complete' },
  });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) });
  res.end(out);
}

/** Listens on host:port (0 = any free port) and resolves with the bound port and a close(). */
export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return { port: server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}
