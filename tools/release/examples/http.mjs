// @mcpkit/http: createHttpHandler(server) answering a Request directly, then over node:http (serveHttp).
import { check, echoServer, mcpRequest, rpcBody } from './_shared.mjs';

export default async function (load) {
  const { createHttpHandler } = await load('@mcpkit/http');
  const { serveHttp } = await load('@mcpkit/http/node');
  const handler = createHttpHandler(await echoServer(load));
  const direct = await rpcBody(await handler(mcpRequest('http://127.0.0.1/mcp', 'tools/list')));
  check(direct.result?.tools?.[0]?.name === 'echo', `handler: ${JSON.stringify(direct)}`);
  const { url, close } = await serveHttp(handler, { port: 0 });
  try {
    const over = await rpcBody(await fetch(mcpRequest(url, 'tools/call', { name: 'echo', arguments: { text: 'over http' } })));
    check(over.result?.content?.[0]?.text === 'over http', `serveHttp: ${JSON.stringify(over)}`);
  } finally {
    await close();
  }
  return 'createHttpHandler answered tools/list; serveHttp answered tools/call on 127.0.0.1';
}
