// Child process: a long steady HTTP load (autocannon) on one server, in chunks of `step` requests; after each
// chunk it reads the server's RSS from /proc and records it. Every response body is checked. Prints one JSON line.
//
// argv[2] is a JSON object: { url, pid, total, step, connections, text, legacy }. With `legacy`, it first opens a
// 2025-11-25 session (initialize + notifications/initialized) and sends the calls in that session, without _meta.
import autocannon from 'autocannon';
import { memoryOf } from '../lib/proc.mjs';
import { echoCall, httpHeadersFor, isEchoResponse, responseFromHttpBody } from '../lib/wire.mjs';

const cfg = JSON.parse(process.argv[2]);
const ID = 1;

async function openLegacySession() {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const init = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'soak', version: '1' } },
  };
  const res = await fetch(cfg.url, { method: 'POST', headers, body: JSON.stringify(init) });
  const sessionId = res.headers.get('mcp-session-id');
  await res.text();
  if (!res.ok || !sessionId) throw new Error(`initialize failed: HTTP ${res.status}`);
  const session = { ...headers, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
  await (await fetch(cfg.url, { method: 'POST', headers: session, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text();
  const body = { jsonrpc: '2.0', id: ID, method: 'tools/call', params: { name: 'echo', arguments: { text: cfg.text } } };
  return { headers: session, body: JSON.stringify(body) };
}

const modern = echoCall(ID, cfg.text);
const { headers, body } = cfg.legacy ? await openLegacySession() : { headers: httpHeadersFor(modern), body: JSON.stringify(modern) };

let firstMismatch = null;
const verifyBody = (text) => {
  const ok = isEchoResponse(responseFromHttpBody(text), ID, cfg.text);
  if (!ok && firstMismatch === null) firstMismatch = String(text).slice(0, 300);
  return ok;
};

const totals = { requests: 0, errors: 0, timeouts: 0, non2xx: 0, mismatches: 0 };
const samples = [{ done: 0, rss: memoryOf(cfg.pid).rss }];
const t0 = performance.now();
while (totals.requests < cfg.total) {
  const amount = Math.min(cfg.step, cfg.total - totals.requests);
  const r = await autocannon({ url: cfg.url, method: 'POST', headers, body, connections: cfg.connections, pipelining: 1, amount, timeout: 10, verifyBody });
  totals.requests += r.requests.total;
  totals.errors += r.errors;
  totals.timeouts += r.timeouts;
  totals.non2xx += r.non2xx;
  totals.mismatches += r.mismatches;
  samples.push({ done: totals.requests, rss: memoryOf(cfg.pid).rss });
  if (r.requests.total === 0) break;
}
const seconds = (performance.now() - t0) / 1000;
process.stdout.write(JSON.stringify({ ...totals, seconds, reqPerSec: totals.requests / seconds, samples, firstMismatch }) + '\n');
