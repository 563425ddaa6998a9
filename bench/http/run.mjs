// HTTP benchmark: `tools/call` req/s and p50/p99 latency under 50 concurrent keep-alive connections,
// mcpkit against the official SDK v2 stateless server and a raw node:http JSON echo, in one run,
// reported as ratios. Each server runs alone in its own process; autocannon runs in this one.
//
//   node bench/http/run.mjs [--quick] [--reps=N]   prints a table
//   import { runHttpBench } from './http/run.mjs'   for the harness
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { KINDS } from './servers.mjs';

const SERVERS = fileURLToPath(new URL('./servers.mjs', import.meta.url));
const TEXT = 'hello over http';
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const REQUEST = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: TEXT }, _meta: META } };
const BODY = JSON.stringify(REQUEST);
const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'echo',
};

/** Starts `kind` in a child process; resolves once it listens, with a way to read its CPU time. */
function startChild(kind) {
  const child = spawn(process.execPath, [SERVERS, kind], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = [];
  let buffered = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} server exited early (code ${code})`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      let newline;
      while ((newline = buffered.indexOf('\n')) !== -1) {
        const msg = JSON.parse(buffered.slice(0, newline));
        buffered = buffered.slice(newline + 1);
        if (msg.port !== undefined) {
          child.removeAllListeners('exit');
          resolve({ child, port: msg.port, cpuMicros: () => new Promise((r) => (waiting.push(r), child.stdin.write('cpu\n'))) });
        } else {
          waiting.shift()?.(msg.cpuMicros);
        }
      }
    });
  });
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.stdin.end();
  });
}

/** The body must be the echo response to our request, whether it came as JSON or as SSE. */
function isEcho(body) {
  const text = String(body).trimStart();
  const json = text.startsWith('{')
    ? text
    : text
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .pop();
  try {
    const msg = JSON.parse(json);
    return msg.id === REQUEST.id && msg.result?.content?.[0]?.text === TEXT;
  } catch {
    return false;
  }
}

function load(url, seconds, connections) {
  return autocannon({ url, method: 'POST', headers: HEADERS, body: BODY, connections, pipelining: 1, duration: seconds, timeout: 10 });
}

async function measure(kind, { seconds, warmup, connections }) {
  const { child, port, cpuMicros } = await startChild(kind);
  try {
    const url = `http://127.0.0.1:${port}/mcp`;
    const smoke = await fetch(url, { method: 'POST', headers: HEADERS, body: BODY });
    const body = await smoke.text();
    if (!smoke.ok || !isEcho(body)) throw new Error(`${kind}: smoke request failed: HTTP ${smoke.status} ${body.slice(0, 200)}`);
    await load(url, warmup, connections);
    const cpu0 = await cpuMicros();
    const r = await load(url, seconds, connections);
    const cpu = (await cpuMicros()) - cpu0;
    return {
      kind,
      reqPerSec: r.requests.total / r.duration,
      // Server CPU per request: robust to a busy machine, where req/s also measures the neighbours.
      cpuMicrosPerRequest: cpu / r.requests.total,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      failures: r.errors + r.timeouts + r.non2xx,
    };
  } finally {
    await stopChild(child);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Runs every server kind in turn, `reps` times (alternating kinds, so a busy moment of the machine
 * does not land on one side only), and resolves with one row per kind (medians) plus the ratios of
 * each kind to raw's and to the official SDK's.
 */
export async function runHttpBench({ quick = false, reps = quick ? 1 : 3, connections = 50, log = () => {} } = {}) {
  const timing = { seconds: quick ? 3 : 10, warmup: quick ? 1 : 3, connections };
  const samples = Object.fromEntries(KINDS.map((k) => [k, []]));
  for (let rep = 0; rep < reps; rep++) {
    for (const kind of KINDS) {
      log(`http: ${kind} (${rep + 1}/${reps})…`);
      samples[kind].push(await measure(kind, timing));
    }
  }
  const rows = KINDS.map((kind) => {
    const runs = samples[kind];
    return {
      kind,
      reqPerSec: median(runs.map((r) => r.reqPerSec)),
      p50Ms: median(runs.map((r) => r.p50Ms)),
      p99Ms: median(runs.map((r) => r.p99Ms)),
      cpuMicrosPerRequest: median(runs.map((r) => r.cpuMicrosPerRequest)),
      failures: runs.reduce((n, r) => n + r.failures, 0),
    };
  });
  const rps = Object.fromEntries(rows.map((r) => [r.kind, r.reqPerSec]));
  const cpu = Object.fromEntries(rows.map((r) => [r.kind, r.cpuMicrosPerRequest]));
  for (const row of rows) {
    row.vsRaw = row.reqPerSec / rps.raw;
    row.vsOfficial = row.reqPerSec / rps.official;
    row.cpuVsRaw = row.cpuMicrosPerRequest / cpu.raw;
  }
  return { connections, seconds: timing.seconds, reps, rows };
}

/** The result as a Markdown table. */
export function formatHttpBench({ connections, seconds, reps, rows }) {
  const lines = [
    `HTTP tools/call, ${connections} connections, ${seconds} s per server, median of ${reps} (${process.version}, ${process.platform})`,
    '',
    '| server | req/s | p50 ms | p99 ms | req/s × raw | req/s × official | server CPU µs/req | CPU × raw | failed |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.kind} | ${Math.round(r.reqPerSec)} | ${r.p50Ms} | ${r.p99Ms} | ${r.vsRaw.toFixed(2)} | ${r.vsOfficial.toFixed(2)} | ${Math.round(r.cpuMicrosPerRequest)} | ${r.cpuVsRaw.toFixed(2)} | ${r.failures} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const repsArg = process.argv.find((a) => a.startsWith('--reps='));
  const result = await runHttpBench({
    quick: process.argv.includes('--quick'),
    ...(repsArg ? { reps: Number(repsArg.slice(7)) } : {}),
    log: (m) => process.stderr.write(`${m}\n`),
  });
  process.stdout.write(`${formatHttpBench(result)}\n`);
}
