// A round-robin HTTP load balancer for the Redis bench: each request (not each connection) goes to
// the next backend, the answer is streamed back. As small as a proxy gets, so the bench measures
// what spreading requests costs, not a feature-rich proxy.
import { Agent, createServer, request } from 'node:http';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'host']);

/** Starts the proxy on 127.0.0.1 in front of `backends` (URLs); resolves `{ endpoint, close }`. */
export async function startProxy(backends) {
  const targets = backends.map((url) => new URL(url));
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = createServer((req, res) => {
    const target = targets[next++ % targets.length];
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    const upstream = request({ host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers, agent }, (reply) => {
      const out = {};
      for (const [name, value] of Object.entries(reply.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
      res.writeHead(reply.statusCode ?? 502, out);
      reply.pipe(res);
    });
    upstream.on('error', (error) => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'content-type': 'text/plain' }).end(error.message);
    });
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${server.address().port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

// As a process: `node proxy.mjs URL...` prints {"endpoint", "pid"} and exits when stdin ends.
if (import.meta.url === `file://${process.argv[1]}`) {
  const proxy = await startProxy(process.argv.slice(2));
  process.stdout.write(`${JSON.stringify({ endpoint: proxy.endpoint, pid: process.pid })}\n`);
  process.stdin.on('end', () => void proxy.close().then(() => process.exit(0)));
  process.stdin.resume();
}
