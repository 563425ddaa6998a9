// Child process (run with --expose-gc): idle 2025-11-25 sessions on one side's HTTP server, in this process, over
// 127.0.0.1. Opens sessions (initialize + notifications/initialized, 50 at a time) up to each point of the curve; at
// each point: the heap after full GCs (minus the heap with 10 sessions, over the sessions added), and the latency of
// sequential `tools/call`s of `echo` inside one of the sessions (every answer checked). Prints one JSON line.
//
// argv[2] is a JSON object: { impl, points: number[], calls, maxSec? }. Past maxSec (default: none) no further point is
// started: the points reached are printed, with `stoppedAt` naming the first point left out.
import { isEchoResponse, responseFromHttpBody } from '../lib/wire.mjs';
import { summarize } from '../lib/stats.mjs';

const cfg = JSON.parse(process.argv[2]);
const { start } = await import(cfg.impl);
const server = await start({ host: '127.0.0.1', port: 0 });
const url = server.url;
const LEGACY = '2025-11-25';
const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const init = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'bench-sessions', version: '1.0.0' } },
});

const ids = [];
let errors = 0;
let firstError = null;
const fail = (why) => {
  errors++;
  firstError ??= why;
};

let retries = 0;
/**
 * fetch, retried when a reused keep-alive connection was reset or closed before any answer: under heavy load the server's
 * idle timeout (node's 5 s) can close a connection the client is just reusing, a client-side race, not a server error.
 */
async function post(init) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(url, { method: 'POST', ...init });
    } catch (e) {
      if (attempt >= 3 || !['ECONNRESET', 'UND_ERR_SOCKET'].includes(e?.cause?.code)) throw e;
      retries++;
    }
  }
}

async function open() {
  const res = await post({ headers, body: init });
  const id = res.headers.get('mcp-session-id');
  const body = await res.text();
  if (!res.ok || !id || !responseFromHttpBody(body)?.result?.protocolVersion) return fail(`initialize: HTTP ${res.status} ${body.slice(0, 200)}`);
  const session = { ...headers, 'mcp-session-id': id, 'mcp-protocol-version': LEGACY };
  const ack = await post({ headers: session, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
  await ack.text();
  if (ack.status !== 202) return fail(`notifications/initialized: HTTP ${ack.status}`);
  ids.push(id);
}

/** Opens sessions up to n; false when the hard time limit (2 × maxSec) came first. */
async function openUpTo(n) {
  while (ids.length < n && errors < 10) {
    if (cfg.maxSec && (performance.now() - t00) / 1000 > 2 * cfg.maxSec) return false;
    await Promise.all(Array.from({ length: Math.min(50, n - ids.length) }, open));
  }
  return true;
}

async function heapAfterGc() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await new Promise((r) => setTimeout(r, 50));
  }
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

let callId = 1;
/** Latencies (µs) of `calls` sequential echo calls inside session `sid`. */
async function callsIn(sid, calls) {
  const session = { ...headers, 'mcp-session-id': sid, 'mcp-protocol-version': LEGACY };
  const out = [];
  for (let i = 0; i < calls; i++) {
    const id = callId++;
    const text = `in session ${i}`;
    const t0 = performance.now();
    const res = await post({
      headers: session,
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { text } } }),
    });
    const body = await res.text();
    out.push((performance.now() - t0) * 1000);
    if (!isEchoResponse(responseFromHttpBody(body), id, text)) fail(`tools/call in a session: HTTP ${res.status} ${body.slice(0, 200)}`);
  }
  return out;
}

const t00 = performance.now();
await openUpTo(10);
await callsIn(ids[0], cfg.calls); // warm-up
const base = await heapAfterGc();
const points = [];
let stoppedAt = null;
for (const n of cfg.points) {
  if (cfg.maxSec && (performance.now() - t00) / 1000 > cfg.maxSec) {
    stoppedAt = n;
    break;
  }
  const t0 = performance.now();
  if (!(await openUpTo(n))) {
    stoppedAt = n;
    break;
  }
  const openMs = performance.now() - t0;
  const heap = await heapAfterGc();
  // A session in the middle of the store, not the first or the newest.
  const lat = summarize(await callsIn(ids[Math.floor(ids.length / 2)], cfg.calls));
  points.push({ n, sessions: server.sessions(), bytesPerSession: (heap - base) / (ids.length - 10), callP50Us: lat.p50, callP99Us: lat.p99, openMs });
  if (errors) break;
}
await server.close();
process.stdout.write(`${JSON.stringify({ points, retries, stoppedAt, errors, firstError })}\n`);
