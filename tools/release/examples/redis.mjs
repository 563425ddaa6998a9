// @mcpkit/redis: a server whose listen streams go through Redis (RedisEventBus), dispatching a call.
import { META, check } from './_shared.mjs';

export default async function (load, { env }) {
  const { RedisConnection, RedisEventBus } = await load('@mcpkit/redis');
  const { createServer, tool } = await load('@mcpkit/server');
  const redis = new RedisConnection({ url: env.REDIS_URL });
  await redis.whenReady(30_000);
  const server = createServer({
    info: { name: 'orders', version: '1.0.0' },
    tools: [tool({ name: 'ping', description: 'pong', handler: () => ({ content: [{ type: 'text', text: 'pong' }] }) })],
    events: new RedisEventBus(redis),
  });
  try {
    const called = await server.dispatch({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ping', arguments: {}, _meta: META } });
    check(called.result?.content?.[0]?.text === 'pong', `tools/call: ${JSON.stringify(called)}`);
  } finally {
    await server.close();
    await redis.close();
  }
  return 'a server with RedisEventBus on a real redis-server answered tools/call';
}
