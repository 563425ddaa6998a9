// Child process: the HTTP load generator (autocannon), separate from the server under test.
// Sends the same valid 2026-07-28 `tools/call` POST on every connection, checks every response body
// (JSON or SSE; the echoed text and the request id must come back), and prints one JSON line.
//
// argv[2] is a JSON object: { url, connections, durationSec, warmupSec, body, headers, id, text, allowRefusals? }.
// With allowRefusals, a body that is an id-less JSON-RPC error (what a server's 503 "busy" carries) is counted as a
// refusal, not as a wrong body; the status codes tell whether each refusal was a 503.
import autocannon from 'autocannon';
import { isEchoResponse, responseFromHttpBody } from '../lib/wire.mjs';

const cfg = JSON.parse(process.argv[2]);
let firstMismatch = null;
let refusals = 0;
const isRefusal = (body) => {
  const msg = responseFromHttpBody(body);
  return msg != null && msg.id === null && typeof msg.error?.code === 'number';
};
const verifyBody = (body) => {
  const ok = isEchoResponse(responseFromHttpBody(body), cfg.id, cfg.text);
  if (!ok && cfg.allowRefusals && isRefusal(body)) {
    refusals++;
    return true;
  }
  if (!ok && firstMismatch === null) firstMismatch = String(body).slice(0, 300);
  return ok;
};

function load(durationSec) {
  return autocannon({
    url: cfg.url,
    method: 'POST',
    headers: cfg.headers,
    body: cfg.body,
    connections: cfg.connections,
    pipelining: 1,
    duration: durationSec,
    timeout: 10,
    verifyBody,
  });
}

if (cfg.warmupSec > 0) await load(cfg.warmupSec);
refusals = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const r = await load(cfg.durationSec);
const wall = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);

process.stdout.write(
  JSON.stringify({
    requests: r.requests.total,
    seconds: wall,
    reqPerSec: r.requests.total / wall,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    mismatches: r.mismatches,
    firstMismatch,
    refusals,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])),
    generatorCpu: (cpu.user + cpu.system) / 1e6 / wall,
  }) + '\n',
);
