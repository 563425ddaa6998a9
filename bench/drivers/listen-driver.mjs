// Child process: N `subscriptions/listen` streams on one side's server (or spread over 3 replicas sharing Redis).
// Starts the server(s) in drivers/listen-host.mjs, opens the streams over raw TCP (HTTP/1.1, one connection each,
// 200 connecting at a time) and waits for each acknowledgment; the server's heap after full GCs before and after gives
// the memory per stream. Then `events` times: tools/list_changed is announced (on replica 0) and every stream must
// receive it, tagged with its own subscriptionId; the latency to the last stream is the fan-out time. Prints one JSON line.
//
// argv[2] is a JSON object: { impl, n, events, replicas?, redisUrl?, hostNodeArgs? } (hostNodeArgs: e.g. --cpu-prof, to profile the server).
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startNodeService, stopChild } from '../lib/proc.mjs';
import { summarize } from '../lib/stats.mjs';
import { REQUEST_META } from '../lib/wire.mjs';

const cfg = JSON.parse(process.argv[2]);
const HOST = fileURLToPath(new URL('./listen-host.mjs', import.meta.url));
const WARM = 10;
const now = () => performance.timeOrigin + performance.now();

/** A server process with a line-based command channel. */
async function startHost() {
  const opts = { maxStreams: cfg.n + 100, ...(cfg.redisUrl ? { redisUrl: cfg.redisUrl } : {}) };
  const service = await startNodeService(HOST, [cfg.impl, JSON.stringify(opts)], { nodeArgs: ['--expose-gc', ...(cfg.hostNodeArgs ?? [])] });
  const lines = [];
  let wake = null;
  createInterface({ input: service.child.stdout }).on('line', (l) => {
    lines.push(JSON.parse(l));
    wake?.();
  });
  const ask = async (command) => {
    service.child.stdin.write(`${command}\n`);
    while (!lines.length) await new Promise((r) => (wake = r));
    wake = null;
    return lines.shift();
  };
  return { port: service.ready.port, ask, stop: () => (service.child.stdin.end(), stopChild(service.child)) };
}

const hosts = [];
for (let i = 0; i < (cfg.replicas ?? 1); i++) hosts.push(await startHost());

let errors = 0;
let firstError = null;
const fail = (why) => {
  errors++;
  firstError ??= why;
};
const streams = [];
let arrived = 0;
let onArrival = null;

/** Opens listen stream `id` on `port`; resolves once acknowledged. */
function openStream(port, id) {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'subscriptions/listen',
    params: { notifications: { toolsListChanged: true }, _meta: REQUEST_META },
  });
  const head =
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
    `MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: subscriptions/listen\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const s = { id, buf: '', acked: false, arrivals: [], socket: connect(port, '127.0.0.1') };
    s.socket.setEncoding('utf8');
    s.socket.on('connect', () => s.socket.write(head + body));
    s.socket.on('error', (e) => (s.acked ? fail(`stream ${id}: ${e.message}`) : reject(e)));
    s.socket.on('data', (d) => {
      s.buf += d;
      if (!s.acked) {
        if (!s.buf.startsWith('HTTP/1.1 200')) return reject(new Error(`listen ${id} refused: ${s.buf.slice(0, 300)}`));
        const at = s.buf.indexOf('notifications/subscriptions/acknowledged');
        if (at === -1) return;
        s.acked = true;
        s.buf = s.buf.slice(s.buf.indexOf('\n\n', at) + 2);
        streams.push(s);
        resolve(s);
      }
      let end;
      while ((end = s.buf.indexOf('\n\n')) !== -1) {
        const event = s.buf.slice(0, end);
        s.buf = s.buf.slice(end + 2);
        if (!event.includes('notifications/tools/list_changed')) continue;
        const sub = /"io\.modelcontextprotocol\/subscriptionId":\s*(\d+)/.exec(event);
        if (Number(sub?.[1]) !== id) fail(`stream ${id} got an event for ${sub?.[1]}: ${event.slice(0, 200)}`);
        s.arrivals.push(now());
        arrived++;
        onArrival?.();
      }
    });
  });
}

async function openMany(from, to) {
  for (let i = from; i < to; i += 200) {
    await Promise.all(Array.from({ length: Math.min(200, to - i) }, (_, k) => openStream(hosts[(i + k) % hosts.length].port, i + k)));
  }
}
const memory = async () => {
  let heap = 0;
  let rss = 0;
  for (const h of hosts) {
    const m = await h.ask('mem');
    heap += m.heap + m.external;
    rss += m.rss;
  }
  return { heap, rss };
};

const t0 = performance.now();
await openMany(0, WARM);
const m0 = await memory();
await openMany(WARM, cfg.n);
const openSec = (performance.now() - t0) / 1000;
const m1 = await memory();

// Fan-out: each event must reach every stream before the next one is announced.
const last = [];
const all = [];
for (let k = 0; k < cfg.events; k++) {
  const target = cfg.n * (k + 1);
  const { t } = await hosts[0].ask('change');
  const reached = new Promise((resolve) => {
    if (arrived >= target) return resolve(true);
    const timer = setTimeout(() => resolve(false), 30_000);
    onArrival = () => arrived >= target && (clearTimeout(timer), resolve(true));
  });
  if (!(await reached)) {
    fail(`event ${k}: ${target - arrived} of ${cfg.n} streams got nothing within 30 s`);
    break;
  }
  onArrival = null;
  let max = 0;
  for (const s of streams) {
    const dt = s.arrivals[k] - t;
    all.push(dt);
    if (dt > max) max = dt;
  }
  last.push(max);
  await new Promise((r) => setTimeout(r, 20));
}
const extra = streams.filter((s) => s.arrivals.length !== cfg.events).length;
if (extra && !errors) fail(`${extra} streams got more or fewer events than ${cfg.events}`);

for (const s of streams) s.socket.destroy();
await Promise.all(hosts.map((h) => h.stop()));
const lastS = summarize(last);
const allS = summarize(all);
process.stdout.write(
  JSON.stringify({
    n: cfg.n,
    replicas: hosts.length,
    openSec,
    bytesPerStream: (m1.heap - m0.heap) / (cfg.n - WARM),
    rssPerStream: (m1.rss - m0.rss) / (cfg.n - WARM),
    lastP50: lastS.p50,
    lastP99: lastS.p99,
    streamP50: allS.p50,
    streamP99: allS.p99,
    events: last.length,
    errors,
    firstError,
  }) + '\n',
);
