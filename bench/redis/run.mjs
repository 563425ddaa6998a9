// Scale-out benchmark: HTTP req/s of examples/everything served by one replica vs three replicas
// behind a round-robin proxy, sharing one redis-server (@mcpkit/redis), plus the in-memory single
// process as the baseline. Two requests: a modern tools/call (stateless, Redis not on its path) and
// a tools/call inside a legacy 2025-11-25 session (each one reads its session from the store).
// On a 2-core machine the replicas, the proxy, Redis and the load generator share the cores, so
// the ratios show what spreading costs, not a speed-up.
//
//   node bench/redis/run.mjs [--quick] [--reps=N]   prints a table
//   import { runRedisBench } from './redis/run.mjs'  for the harness
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const REPLICA = fileURLToPath(new URL('../../packages/redis/test/fixtures/replica.mjs', import.meta.url));
const PROXY = fileURLToPath(new URL('./proxy.mjs', import.meta.url));
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system, µs) the processes `pids` used so far (Linux /proc). */
function cpuMicros(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1e6) / CLOCK_TICKS;
}
const TEXT = 'hello replicas';
const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const BASE_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const STATE_KEY = `bench:${Buffer.alloc(32, 7).toString('base64url')}`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startRedis() {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) throw new Error('redis-server is not installed. Install it with: apt-get install -y redis-server');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-bench-redis-'));
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; ; i++) {
    const ok = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('error', () => resolve(false));
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (d) => (socket.destroy(), resolve(d.toString().startsWith('+PONG'))));
    });
    if (ok) break;
    if (i > 200) throw new Error('redis-server did not start');
    await new Promise((r) => setTimeout(r, 25));
  }
  return { url: `redis://127.0.0.1:${port}`, pid: child.pid, stop: () => stopChild(child).then(() => rmSync(dir, { recursive: true, force: true })) };
}

/** Runs `script` with `args` and `env` until it prints its {"endpoint", "pid"} line. */
function startNode(script, args, env = {}) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      buffered += chunk;
      if (!buffered.includes('\n')) return;
      child.removeAllListeners('exit');
      const { endpoint, pid } = JSON.parse(buffered.split('\n')[0]);
      resolve({ endpoint, pid, stop: () => stopChild(child) });
    });
  });
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => (clearTimeout(timer), resolve()));
    if (child.stdin) child.stdin.end();
    else child.kill('SIGTERM');
  });
}

/** Opens `count` legacy sessions through `endpoint`; resolves their ids. */
async function legacySessions(endpoint, count) {
  const ids = [];
  for (let i = 0; i < count; i++) {
    const init = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    };
    const response = await fetch(endpoint, { method: 'POST', headers: BASE_HEADERS, body: JSON.stringify(init) });
    const id = response.headers.get('mcp-session-id');
    await response.text();
    if (!id) throw new Error(`initialize through ${endpoint} failed: HTTP ${response.status}`);
    const headers = { ...BASE_HEADERS, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
    await (await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text();
    ids.push(id);
  }
  return ids;
}

/** The autocannon request of `kind`: every request a fresh id; legacy ones spread over the sessions. */
function requestOf(kind, sessions) {
  let n = 0;
  return {
    method: 'POST',
    setupRequest: (req) => {
      const id = ++n;
      if (kind === 'modern') {
        const body = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { text: TEXT }, _meta: MODERN_META } };
        return {
          ...req,
          headers: { ...BASE_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'echo' },
          body: JSON.stringify(body),
        };
      }
      const body = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { text: TEXT } } };
      return {
        ...req,
        headers: { ...BASE_HEADERS, 'mcp-session-id': sessions[id % sessions.length], 'mcp-protocol-version': '2025-11-25' },
        body: JSON.stringify(body),
      };
    },
  };
}

/** One request of `kind`, checked: the answer must be the echo (JSON or SSE). */
async function smoke(endpoint, kind, sessions) {
  const built = requestOf(kind, sessions).setupRequest({});
  const response = await fetch(endpoint, { method: 'POST', headers: built.headers, body: built.body });
  const text = (await response.text()).trim();
  const json = text.startsWith('{')
    ? text
    : text
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .filter(Boolean)
        .pop();
  if (JSON.parse(json ?? '{}').result?.content?.[0]?.text !== TEXT) throw new Error(`${kind} through ${endpoint}: not an echo: ${text.slice(0, 200)}`);
}

async function measure({ endpoint, sessions, pids }, kind, { seconds, warmup, connections }) {
  await smoke(endpoint, kind, sessions);
  const run = (duration) => autocannon({ url: endpoint, connections, pipelining: 1, duration, timeout: 10, requests: [requestOf(kind, sessions)] });
  await run(warmup);
  const cpu0 = cpuMicros(pids);
  const r = await run(seconds);
  const cpu = cpuMicros(pids) - cpu0;
  return {
    reqPerSec: r.requests.total / r.duration,
    // CPU of every server-side process (replicas, proxy, Redis) per request: steadier than req/s on a busy machine.
    cpuMicrosPerRequest: cpu / Math.max(1, r.requests.total),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    failures: r.errors + r.timeouts + r.non2xx,
    // Which answers failed: e.g. { 503: 3 } (a Redis command past its timeout) or { errors: 1 }.
    failed: failedBreakdown(r),
  };
}

function failedBreakdown(r) {
  const out = {};
  for (const [status, { count }] of Object.entries(r.statusCodeStats ?? {})) if (!status.startsWith('2')) out[status] = count;
  if (r.errors) out.errors = r.errors;
  if (r.timeouts) out.timeouts = r.timeouts;
  return out;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Starts redis-server, three Redis-backed replicas, one in-memory replica (the baseline) and two
 * proxies (over one replica, over three), then measures each (setup, request kind) pair `reps`
 * times, alternating so a busy moment of the machine does not land on one setup only. Resolves one
 * row per pair (medians) with its ratios to one Redis-backed replica without proxy.
 */
export async function runRedisBench({ quick = false, reps = quick ? 1 : 3, connections = 50, log = () => {} } = {}) {
  const timing = { seconds: quick ? 3 : 8, warmup: quick ? 1 : 2, connections };
  const stops = [];
  try {
    const redis = await startRedis();
    stops.push(redis.stop);
    const env = { REDIS_URL: redis.url, MCPKIT_STATE_KEYS: STATE_KEY, NODE_ENV: 'production' };
    const memory = await startNode(REPLICA, [], { REPLICA_STORE: 'memory', MCPKIT_STATE_KEYS: STATE_KEY, NODE_ENV: 'production' });
    stops.push(memory.stop);
    const replicas = await Promise.all([0, 1, 2].map(() => startNode(REPLICA, [], env)));
    stops.push(...replicas.map((r) => r.stop));
    const proxyOne = await startNode(PROXY, [replicas[0].endpoint]);
    stops.push(proxyOne.stop);
    const proxyThree = await startNode(
      PROXY,
      replicas.map((r) => r.endpoint),
    );
    stops.push(proxyThree.stop);
    const setups = [
      { setup: 'in-memory, 1 replica', endpoint: memory.endpoint, pids: [memory.pid] },
      { setup: 'Redis, 1 replica', endpoint: replicas[0].endpoint, pids: [replicas[0].pid, redis.pid] },
      { setup: 'Redis, 1 replica + proxy', endpoint: proxyOne.endpoint, pids: [replicas[0].pid, proxyOne.pid, redis.pid] },
      { setup: 'Redis, 3 replicas + proxy', endpoint: proxyThree.endpoint, pids: [...replicas.map((r) => r.pid), proxyThree.pid, redis.pid] },
    ];
    for (const s of setups) s.sessions = await legacySessions(s.endpoint, 20);
    const samples = new Map();
    for (let rep = 0; rep < reps; rep++) {
      for (const kind of ['modern', 'legacy']) {
        for (const s of setups) {
          log(`redis: ${s.setup}, ${kind} (${rep + 1}/${reps})…`);
          const key = `${s.setup}|${kind}`;
          if (!samples.has(key)) samples.set(key, []);
          samples.get(key).push(await measure(s, kind, timing));
        }
      }
    }
    const rows = [];
    for (const kind of ['modern', 'legacy']) {
      const baseRuns = samples.get(`Redis, 1 replica|${kind}`);
      const base = median(baseRuns.map((r) => r.reqPerSec));
      const baseCpu = median(baseRuns.map((r) => r.cpuMicrosPerRequest));
      for (const s of setups) {
        const runs = samples.get(`${s.setup}|${kind}`);
        const reqPerSec = median(runs.map((r) => r.reqPerSec));
        rows.push({
          request: kind === 'modern' ? 'tools/call (2026-07-28)' : 'tools/call in a 2025-11-25 session',
          setup: s.setup,
          reqPerSec,
          p50Ms: median(runs.map((r) => r.p50Ms)),
          p99Ms: median(runs.map((r) => r.p99Ms)),
          vsOneReplica: reqPerSec / base,
          cpuMicrosPerRequest: median(runs.map((r) => r.cpuMicrosPerRequest)),
          cpuVsOneReplica: median(runs.map((r) => r.cpuMicrosPerRequest)) / baseCpu,
          failures: runs.reduce((n, r) => n + r.failures, 0),
          failed: runs.reduce((all, r) => {
            for (const [what, count] of Object.entries(r.failed)) all[what] = (all[what] ?? 0) + count;
            return all;
          }, {}),
        });
      }
    }
    return { connections, seconds: timing.seconds, reps, rows, markdown: formatRedisBench({ connections, seconds: timing.seconds, reps, rows }) };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}

/** `0`, or the count with what failed: `3 (503 ×3)`. */
function failedText({ failures, failed }) {
  const parts = Object.entries(failed ?? {}).map(([what, count]) => `${what} ×${count}`);
  return parts.length ? `${failures} (${parts.join(', ')})` : String(failures);
}

/** The result as a Markdown table. */
export function formatRedisBench({ connections, seconds, reps, rows }) {
  const lines = [
    `Scale-out over Redis: ${connections} connections, ${seconds} s per setup, median of ${reps} (${process.version}, ${process.platform}, shared cores: ratios show overhead, not speed-up)`,
    '',
    '| request | setup | req/s | p50 ms | p99 ms | req/s × 1 replica (Redis) | server CPU µs/req | CPU × 1 replica (Redis) | failed |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.request} | ${r.setup} | ${Math.round(r.reqPerSec)} | ${r.p50Ms} | ${r.p99Ms} | ${r.vsOneReplica.toFixed(2)} | ${Math.round(r.cpuMicrosPerRequest)} | ${r.cpuVsOneReplica.toFixed(2)} | ${failedText(r)} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const repsArg = process.argv.find((a) => a.startsWith('--reps='));
  const result = await runRedisBench({
    quick: process.argv.includes('--quick'),
    ...(repsArg ? { reps: Number(repsArg.slice(7)) } : {}),
    log: (m) => process.stderr.write(`${m}\n`),
  });
  process.stdout.write(`${result.markdown}\n`);
}
