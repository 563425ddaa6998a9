// Idle listen streams are records, not suspended async work (issue 29): @mcpkit/server behind
// createHttpHandler on serveHttp, driven by raw sockets (one connection per stream).
// spec: 2026-07-28/pages/basic/patterns/subscriptions.mdx
import { createHook } from 'node:async_hooks';
import { createServer, resource, tool, type McpServer } from '@mcpkit/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpHandler } from '../src/index.js';
import { serveHttp, type HttpServer } from '../src/node/index.js';
import { META } from './helpers.js';
import { openListen, openMany, openRaw, postHead, statusOf, untilReal, type RawClient } from './raw-sockets.js';

const ID = 'io.modelcontextprotocol/subscriptionId';
const ACK = 'notifications/subscriptions/acknowledged';

function makeServer(): McpServer {
  return createServer({
    info: { name: 'listen-e2e', version: '1.0.0' },
    mode: 'production',
    onWarning: () => {},
    tools: [tool({ name: 'a', handler: () => ({ content: [] }) })],
    resources: [resource({ uri: 'file:///r', name: 'r', read: () => ({ contents: [{ text: '' }] }) })],
  });
}

const opened: Array<{ server: McpServer; http: HttpServer; clients: RawClient[] }> = [];
afterEach(async () => {
  for (const { server, http, clients } of opened.splice(0)) {
    for (const client of clients) client.socket.destroy();
    await server.close();
    await http.close();
  }
});

async function start(limits: Record<string, number> = {}) {
  const server = makeServer();
  const handler = createHttpHandler(server, { limits: { maxListenStreams: 1000, ...limits } });
  const http = await serveHttp(handler, { maxConnectionsPerClient: Number.POSITIVE_INFINITY });
  const entry = { server, handler, http, clients: [] as RawClient[], port: Number(new URL(http.url).port) };
  opened.push(entry);
  return entry;
}

const acked = (client: RawClient) => client.received().includes(ACK);
const count = (text: string, needle: string) => text.split(needle).length - 1;

/** Opens `n` listen streams and waits until every one is acknowledged. */
async function listenMany(entry: { port: number; clients: RawClient[] }, n: number, prefix: string): Promise<RawClient[]> {
  const clients = await openMany(n, (i) => openListen(entry.port, `${prefix}${i}`));
  entry.clients.push(...clients);
  await untilReal(() => clients.every(acked));
  return clients;
}

/**
 * What the process holds that is still waiting, created while `work` runs and after it: promises
 * not resolved, timers and immediates not destroyed, AbortControllers made.
 */
function watchPending() {
  const promises = new Set<number>();
  const timers = new Set<number>();
  let controllers = 0;
  const hook = createHook({
    init(asyncId, type) {
      if (type === 'PROMISE') promises.add(asyncId);
      else if (type === 'Timeout' || type === 'Immediate') timers.add(asyncId);
    },
    promiseResolve(asyncId) {
      promises.delete(asyncId);
    },
    destroy(asyncId) {
      timers.delete(asyncId);
    },
  });
  const Original = globalThis.AbortController;
  globalThis.AbortController = class extends Original {
    constructor() {
      super();
      controllers++;
    }
  };
  hook.enable();
  return {
    snapshot: () => ({ promises: promises.size, timers: timers.size, controllers }),
    stop() {
      hook.disable();
      globalThis.AbortController = Original;
    },
  };
}

describe('an idle listen stream over HTTP', () => {
  it('holds no pending promise, timer or AbortSignal of its own: doubling the streams adds none', async () => {
    const entry = await start();
    await listenMany(entry, 5, 'warm'); // first use: lazy modules, the bus subscription, the ticker
    const watch = watchPending();
    let tagged: RawClient[];
    try {
      tagged = await listenMany(entry, 40, 'a');
      await new Promise((r) => setImmediate(r));
      const first = watch.snapshot();
      await listenMany(entry, 40, 'b');
      await new Promise((r) => setImmediate(r));
      const second = watch.snapshot();
      // A per-stream await (the handler waiting for the stream's end, a dispatch waiting for the
      // handler) would leave at least one pending promise per stream: 40 here.
      expect(second.promises - first.promises).toBeLessThan(5);
      expect(second.timers - first.timers).toBeLessThan(5);
      expect(second.controllers).toBe(0);
    } finally {
      watch.stop();
    }
    // And every stream still hears a change, tagged with its own id.
    await entry.server.toolsChanged();
    await untilReal(() => entry.clients.every((c) => c.received().includes('notifications/tools/list_changed')));
    tagged.forEach((client, i) => {
      const changed = client.received().slice(client.received().indexOf('notifications/tools/list_changed'));
      expect(changed).toContain(`"${ID}":"a${i}"`);
    });
  });

  it('gets keep-alive comments while quiet (the shared ticker visits it)', async () => {
    const entry = await start({ keepAliveMs: 20 });
    const [client] = await listenMany(entry, 1, 'k');
    await untilReal(() => client!.received().includes(': keep-alive'));
  });

  it('frees its slot of maxListenStreams when the client disconnects, and leaves the fan-out', async () => {
    const entry = await start({ maxListenStreams: 1 });
    const [first] = await listenMany(entry, 1, 'one');
    // The one slot is taken: a second listen is refused with 503.
    const refused = await openListen(entry.port, 'refused');
    entry.clients.push(refused);
    await untilReal(() => statusOf(refused) !== undefined);
    expect(statusOf(refused)).toBe(503);
    first!.socket.destroy();
    await untilReal(() => first!.closed());
    // The slot comes back once the server saw the disconnect.
    let second: RawClient | undefined;
    for (let attempt = 0; ; attempt++) {
      second = await openListen(entry.port, `two${attempt}`);
      entry.clients.push(second);
      await untilReal(() => statusOf(second!) !== undefined);
      if (statusOf(second) === 200) break;
      second.socket.destroy();
      expect(attempt).toBeLessThan(1000);
    }
    await untilReal(() => acked(second!));
    await entry.server.toolsChanged();
    await untilReal(() => second!.received().includes('notifications/tools/list_changed'));
  });

  it('gets the final complete result, tagged with its id, when the server closes', async () => {
    const entry = await start();
    const clients = await listenMany(entry, 3, 's');
    await entry.server.close();
    // Each response ends (the chunked terminator) after the final result.
    await untilReal(() => clients.every((c) => c.received().endsWith('0\r\n\r\n')));
    clients.forEach((client, i) => {
      const text = client.received();
      expect(text).toContain('"resultType":"complete"');
      expect(text).toContain(`"${ID}":"s${i}"`);
      expect(text).toContain(`"id":"s${i}","result"`);
    });
  });

  it('ends when the HTTP server closes', async () => {
    const entry = await start();
    const clients = await listenMany(entry, 3, 'h');
    const closing = entry.http.close();
    await untilReal(() => clients.every((c) => c.closed()));
    await closing;
  });

  it('ends when the endpoint closes (handler.close()), and a listen after that is refused', async () => {
    const entry = await start();
    const clients = await listenMany(entry, 3, 'e');
    await entry.handler.close();
    await untilReal(() => clients.every((c) => c.closed()));
    const late = await openListen(entry.port, 'late');
    entry.clients.push(late);
    await untilReal(() => statusOf(late) !== undefined);
    expect(statusOf(late)).toBe(503);
    expect(late.received()).toContain('The endpoint is closing');
  });

  it('does not let a client that stops reading hold back the others, and cuts it off', async () => {
    const entry = await start({ stallTimeoutMs: 100 });
    const listenBody = (id: string) => {
      const body = {
        jsonrpc: '2.0' as const,
        id,
        method: 'subscriptions/listen',
        params: { notifications: { resourceSubscriptions: ['file:///'] }, _meta: META },
      };
      const text = JSON.stringify(body);
      return postHead(body, Buffer.byteLength(text)) + text;
    };
    const slow = await openRaw(entry.port);
    slow.socket.write(listenBody('slow'));
    entry.clients.push(slow);
    await untilReal(() => acked(slow));
    slow.socket.pause(); // reads nothing more: the kernel's buffers fill, then node's
    const fast = await openRaw(entry.port);
    const needle = 'notifications/resources/updated';
    let tail = '';
    let arrived = 0;
    fast.socket.on('data', (chunk: string) => {
      const text = tail + chunk;
      arrived += count(text, needle);
      tail = text.slice(-(needle.length - 1));
    });
    fast.socket.write(listenBody('fast'));
    entry.clients.push(fast);
    await untilReal(() => acked(fast));
    const connections = () => new Promise<number>((resolve) => entry.http.server.getConnections((_error, n) => resolve(n)));
    // Distinct URIs are not coalesced: each is an event of about 2 KB.
    const long = 'x'.repeat(2000);
    let sent = 0;
    while ((await connections()) === 2) {
      expect(sent).toBeLessThan(100_000);
      for (let i = 0; i < 100; i++) await entry.server.resourceUpdated(`file:///${long}/${sent++}`);
      // The reading client is never held back by the other: it gets every event of the batch.
      await untilReal(() => arrived === sent);
    }
    // The server dropped the stream that stopped reading (stall timeout); the other one is still served.
    await entry.server.resourceUpdated('file:///after');
    await untilReal(() => arrived === sent + 1);
  });
});
