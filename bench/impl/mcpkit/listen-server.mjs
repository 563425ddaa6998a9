// mcpkit HTTP server for the listeners curve: one tool (so `tools.listChanged` is advertised), listen streams up to
// `maxStreams`, and `change()` announcing tools/list_changed. With `redisUrl`, the EventBus is Redis (@mcpkit/redis).
import { createHttpHandler } from '@mcpkit/http';
import { serveHttp } from '@mcpkit/http/node';
import { createServer, tool } from '@mcpkit/server';

/** Listens on 127.0.0.1 and resolves with `{ port, change(), close() }`. */
export async function start({ host = '127.0.0.1', port = 0, maxStreams = 20_000, redisUrl } = {}) {
  let redis;
  let events;
  if (redisUrl) {
    const { RedisConnection, RedisEventBus } = await import('@mcpkit/redis');
    redis = new RedisConnection({ url: redisUrl, log: () => {} });
    await redis.whenReady(5_000);
    events = new RedisEventBus(redis);
  }
  const server = echoServer(events);
  const http = await serveHttp(createHttpHandler(server, { limits: { maxListenStreams: maxStreams } }), {
    host,
    port,
    maxConnectionsPerClient: Number.POSITIVE_INFINITY,
  });
  return {
    port: Number(new URL(http.url).port),
    change: () => server.toolsChanged(),
    close: async () => {
      await server.close();
      await http.close();
      await redis?.close();
    },
  };
}

/** The `echo` server of tools.mjs, on the given EventBus (the in-memory default when none). */
function echoServer(events) {
  return createServer({
    info: { name: 'bench-mcpkit', version: '1.0.0' },
    mode: 'production',
    onWarning: () => {},
    ...(events ? { events } : {}),
    tools: [
      tool({
        name: 'echo',
        description: 'Echoes its text argument.',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        handler: ({ text }) => ({ content: [{ type: 'text', text }] }),
      }),
    ],
  });
}
