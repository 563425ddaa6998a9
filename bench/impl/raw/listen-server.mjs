// The raw limit of the listeners curve: node:http holding each listen POST's response open as SSE in a Set,
// acknowledging it, and writing one list_changed event to every open response on `change()`. No validation.
import { createServer } from 'node:http';

/** Listens on 127.0.0.1 and resolves with `{ port, change(), close() }`. */
export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  const streams = new Set();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const msg = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const sub = { 'io.modelcontextprotocol/subscriptionId': msg.id };
      const ack = { jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: msg.params.notifications, _meta: sub } };
      res.write(`event: message\ndata: ${JSON.stringify(ack)}\n\n`);
      const stream = { res, sub };
      streams.add(stream);
      res.on('close', () => streams.delete(stream));
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return {
    port: server.address().port,
    change: () => {
      for (const { res, sub } of streams)
        res.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: sub } })}\n\n`);
    },
    close: async () => {
      for (const { res } of streams) res.end();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
