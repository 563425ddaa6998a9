// The raw HTTP limit of the payload-size curve: node:http, parse the body, answer `size` bytes of text in a
// tools/call-shaped result with JSON.stringify. No MCP validation at all.
import { createServer } from 'node:http';
import { blobText } from '../../lib/blob.mjs';

/** Listens on host:port (0 = any free port) and resolves with the bound port and a close(). */
export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const msg = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const text = blobText(msg.params.arguments.size);
      const out = JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text }], resultType: 'complete' } });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) });
      res.end(out);
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return { port: server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}
