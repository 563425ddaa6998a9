// Child process: connects a client module to a stdio server, runs sequential and concurrent echo calls,
// checks every result, and prints one JSON line with calls/s and latency percentiles.
//
// argv[2] is a JSON object: { client, command, args, env?, calls, inflight, warmup }.
import { readdirSync, readFileSync } from 'node:fs';
import { cpuSecondsOf } from '../lib/proc.mjs';
import { summarize } from '../lib/stats.mjs';
import { isEchoResult } from '../lib/wire.mjs';

const cfg = JSON.parse(process.argv[2]);
const { connect } = await import(cfg.client);
const conn = await connect({ command: cfg.command, args: cfg.args, env: cfg.env ? { ...process.env, ...cfg.env } : undefined });

/** Pids of this process's children (the server), from /proc. */
function childPids() {
  const pids = [];
  for (const task of readdirSync('/proc/self/task')) {
    try {
      pids.push(...readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      /* a thread that ended meanwhile */
    }
  }
  return pids;
}
// Found after the warm-up: a client may spawn its server lazily, on the first request.
let serverPids = [];
const serverCpu = () => serverPids.reduce((a, pid) => a + (cpuSecondsOf(pid) ?? 0), 0);

/** Runs `phase` and adds the CPU time both processes spent in it. */
async function withCpu(phase) {
  const c0 = process.cpuUsage();
  const s0 = serverCpu();
  const r = await phase();
  const c = process.cpuUsage(c0);
  r.clientCpuSec = (c.user + c.system) / 1e6;
  r.serverCpuSec = serverCpu() - s0;
  return r;
}

let errors = 0;
let firstError;
async function one(i, latencies) {
  const text = `echo-${i}`;
  const t0 = performance.now();
  try {
    const result = await conn.call('echo', { text });
    latencies[i] = performance.now() - t0;
    if (!isEchoResult(result, text)) {
      errors++;
      firstError ??= `wrong result for ${text}: ${JSON.stringify(result).slice(0, 200)}`;
    }
  } catch (e) {
    latencies[i] = performance.now() - t0;
    errors++;
    firstError ??= String(e?.message ?? e);
  }
}

async function sequential(n) {
  const latencies = new Float64Array(n);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await one(i, latencies);
  return { elapsed: performance.now() - t0, latencies };
}

async function concurrent(n, width) {
  const latencies = new Float64Array(n);
  let next = 0;
  const t0 = performance.now();
  const lane = async () => {
    while (next < n) await one(next++, latencies);
  };
  await Promise.all(Array.from({ length: Math.min(width, n) }, lane));
  return { elapsed: performance.now() - t0, latencies };
}

function report({ elapsed, latencies, clientCpuSec, serverCpuSec }, errorsBefore) {
  const s = summarize(latencies);
  return {
    clientCpuUsPerCall: (clientCpuSec * 1e6) / latencies.length,
    serverCpuUsPerCall: (serverCpuSec * 1e6) / latencies.length,
    calls: latencies.length,
    callsPerSec: latencies.length / (elapsed / 1000),
    p50Us: s.p50 * 1000,
    p99Us: s.p99 * 1000,
    errors: errors - errorsBefore,
  };
}

// Warm-up: the JIT, the pipe buffers and any lazy initialisation on both ends.
await sequential(cfg.warmup);
await concurrent(cfg.warmup, cfg.inflight);
const warmupErrors = errors;
serverPids = childPids();

let mark = errors;
const seq = report(await withCpu(() => sequential(cfg.calls)), mark);
mark = errors;
const inflight = report(await withCpu(() => concurrent(cfg.calls, cfg.inflight)), mark);
await conn.close();

process.stdout.write(JSON.stringify({ seq, inflight, warmupErrors, serverPids, firstError: firstError ?? null }) + '\n');
