// Child process: sequential `tools/call`s of `blob` with results of `size` bytes, over stdio (this process spawns the
// server and frames lines itself) or HTTP (the server runs in drivers/http-server-host.mjs, this process uses fetch).
// Every result is parsed and checked in full (id, and exactly the expected text). Prints MB/s and the server's RSS.
//
// argv[2] is a JSON object: { transport: 'stdio' | 'http', server, size, targetBytes, maxMs }.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isBlob } from '../lib/blob.mjs';
import { memoryOf, startNodeService, stopChild } from '../lib/proc.mjs';
import { httpHeadersFor, responseFromHttpBody, toolCall } from '../lib/wire.mjs';

const cfg = JSON.parse(process.argv[2]);
const HOST = fileURLToPath(new URL('./http-server-host.mjs', import.meta.url));
let nextId = 1;

/** One request/response exchange per call: resolves with the response's text. */
let exchange;
let pid;
let stop;
if (cfg.transport === 'stdio') {
  const child = spawn(process.execPath, [cfg.server], { stdio: ['pipe', 'pipe', 'inherit'] });
  pid = child.pid;
  let chunks = [];
  let waiting = null;
  child.stdout.on('data', (chunk) => {
    const nl = chunk.indexOf(10);
    if (nl === -1) return void chunks.push(chunk);
    chunks.push(chunk.subarray(0, nl));
    const line = Buffer.concat(chunks).toString('utf8');
    chunks = nl + 1 < chunk.length ? [chunk.subarray(nl + 1)] : [];
    const w = waiting;
    waiting = null;
    w?.(line);
  });
  exchange = (text) =>
    new Promise((resolve) => {
      waiting = resolve;
      child.stdin.write(`${text}\n`);
    });
  stop = () => {
    child.stdin.end();
    return stopChild(child);
  };
} else {
  const service = await startNodeService(HOST, [cfg.server]);
  pid = service.ready.pid;
  const url = `http://127.0.0.1:${service.ready.port}/mcp`;
  const headers = httpHeadersFor(toolCall(0, 'blob', {}));
  exchange = async (text) => {
    const res = await fetch(url, { method: 'POST', headers, body: text });
    const body = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${body.slice(0, 200)}`);
    return body;
  };
  stop = () => stopChild(service.child);
}

let errors = 0;
let firstError = null;
async function call(size) {
  const req = toolCall(nextId++, 'blob', { size });
  const text = await exchange(JSON.stringify(req));
  const msg = cfg.transport === 'stdio' ? JSON.parse(text) : responseFromHttpBody(text);
  if (msg?.id !== req.id || !isBlob(msg.result?.content?.[0]?.text, size)) {
    errors++;
    firstError ??= `bad result for size ${size}: ${text.slice(0, 200)}`;
  }
  return text.length;
}

// Idle: after a few small calls (code loaded, JIT warm). Then the warm-up at this size, then the timed calls.
for (let i = 0; i < 20; i++) await call(100);
const idleRss = memoryOf(pid).rss;
const calls = Math.max(3, Math.min(5_000, Math.ceil(cfg.targetBytes / cfg.size)));
for (let i = 0; i < Math.min(20, Math.max(1, calls >> 3)); i++) await call(cfg.size);
let done = 0;
let wire = 0;
const t0 = performance.now();
while (done < calls) {
  wire += await call(cfg.size);
  done++;
  if (done >= 3 && performance.now() - t0 > cfg.maxMs) break;
}
const ms = performance.now() - t0;
const { hwm } = memoryOf(pid);
await stop();

process.stdout.write(
  JSON.stringify({
    size: cfg.size,
    calls: done,
    mbPerSec: (cfg.size * done) / 1e6 / (ms / 1000),
    usPerCall: (ms * 1000) / done,
    wireBytesPerCall: wire / done,
    idleRss,
    peakRss: hwm,
    rssGrowthPerPayload: (hwm - idleRss) / cfg.size,
    errors,
    firstError,
  }) + '\n',
);
