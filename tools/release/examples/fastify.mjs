// @mcpkit/fastify: the README's plugin registration (without the auth metadata), on 127.0.0.1.
import { check, echoServer, mcpRequest, rpcBody } from './_shared.mjs';

export default async function (load) {
  const fastifyModule = await load('fastify');
  const Fastify = fastifyModule.default ?? fastifyModule;
  const { createHttpHandler } = await load('@mcpkit/http');
  const { mcpFastify } = await load('@mcpkit/fastify');
  const app = Fastify();
  await app.register(mcpFastify, { handler: createHttpHandler(await echoServer(load)) });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const body = await rpcBody(await fetch(mcpRequest(`${address}/mcp`, 'tools/call', { name: 'echo', arguments: { text: 'via fastify' } })));
    check(body.result?.content?.[0]?.text === 'via fastify', `fastify: ${JSON.stringify(body)}`);
  } finally {
    await app.close();
  }
  return 'fastify + mcpFastify answered tools/call';
}
