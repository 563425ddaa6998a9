// @mcpkit/hono: the README's app, asked through app.fetch as Workers, Deno or Bun would.
import { check, echoServer, mcpRequest, rpcBody } from './_shared.mjs';

export default async function (load) {
  const { Hono } = await load('hono');
  const { createHttpHandler } = await load('@mcpkit/http');
  const { mcpGuard } = await load('@mcpkit/hono');
  const handler = createHttpHandler(await echoServer(load));
  const app = new Hono();
  app.use('/mcp', mcpGuard({ allowedHosts: ['mcp.example.com'] }));
  app.all('/mcp', (c) => handler(c.req.raw));
  const body = await rpcBody(await app.fetch(mcpRequest('http://mcp.example.com/mcp', 'tools/call', { name: 'echo', arguments: { text: 'via hono' } })));
  check(body.result?.content?.[0]?.text === 'via hono', `hono: ${JSON.stringify(body)}`);
  const refused = await app.fetch(mcpRequest('http://evil.example/mcp', 'tools/list'));
  check(refused.status === 403 || refused.status === 421 || refused.status === 400, `a foreign Host was let through: ${refused.status}`);
  return `hono + mcpGuard answered tools/call and refused a foreign Host (${refused.status})`;
}
