// Child process: in-process dispatch cost of a 100-tool server — time per request and heap allocated per request.
//
// argv[2] is a JSON object:
//   { impl, mode: "direct" | "fetch", method: "tools/list" | "tools/call", measure: "time" | "alloc" | "both", ops, warmup, allocOps }.
// "time" runs with node's default flags. "alloc" runs with --expose-gc and a large fixed young generation (see
// scenarios/dispatch.mjs): allocation is the growth of the used heap over a batch during which no GC ran (checked with
// a GC observer; retried with a smaller batch otherwise). "both" does both in one process (quick runs only: the
// timing then runs under the allocation flags).
import { PerformanceObserver } from 'node:perf_hooks';
import { httpHeadersFor, toolCall, toolsList } from '../lib/wire.mjs';

const cfg = JSON.parse(process.argv[2]);
const mod = await import(cfg.impl);
const isCall = cfg.method === 'tools/call';
const makeRequest = (id) => (isCall ? toolCall(id, 'tool_57', { a: 20, b: 22 }) : toolsList(id));
const headers = httpHeadersFor(makeRequest(0));

/** One request string in, one response string out, through the side's dispatcher or its fetch handler. */
let send;
let close;
if (cfg.mode === 'fetch') {
  const h = await mod.createFetchHandler();
  close = h.close;
  send = async (text) => {
    const res = await h.fetch(new Request('http://127.0.0.1/mcp', { method: 'POST', headers, body: text }));
    return res.text();
  };
} else {
  const d = await mod.createDispatcher();
  close = d.close;
  send = (text) => d.handle(text);
}

/** Full check of one response: the right id, and 100 tools in order, or the sum 42. */
function check(responseText, id) {
  const msg = JSON.parse(responseText.trimStart().startsWith('{') ? responseText : responseText.replace(/^[\s\S]*?data: ?/, ''));
  if (msg.id !== id || !msg.result) throw new Error(`bad response for ${id}: ${responseText.slice(0, 300)}`);
  if (isCall) {
    if (msg.result.content?.[0]?.text !== '42') throw new Error(`wrong tools/call result: ${responseText.slice(0, 300)}`);
  } else {
    const names = msg.result.tools?.map((t) => t.name);
    if (names?.length !== 100 || names.some((n, i) => n !== `tool_${i}`)) throw new Error(`wrong tools/list: ${responseText.slice(0, 300)}`);
  }
}

let nextId = 1;
const prebuild = (n) =>
  Array.from({ length: n }, () => {
    const id = nextId++;
    return { id, text: JSON.stringify(makeRequest(id)) };
  });

// Warm-up, checking every response in full: `warmup` requests or `maxMs`, whichever comes first.
const warmStart = performance.now();
for (const { id, text } of prebuild(cfg.warmup)) {
  check(await send(text), id);
  if (performance.now() - warmStart > (cfg.maxMs ?? Infinity)) break;
}

// Timed: every response checked for its id (cheap), and in full every 64th.
let errors = 0;
const timing = cfg.measure === 'time' || cfg.measure === 'both';
const timed = prebuild(timing ? cfg.ops : 0);
const t0 = performance.now();
let done = 0;
for (let i = 0; i < timed.length; i++) {
  const { id, text } = timed[i];
  const out = await send(text);
  if ((i & 63) === 0) {
    try {
      check(out, id);
    } catch {
      errors++;
    }
  } else if (!out.includes(`"id":${id}`)) errors++;
  done++;
  // Time-boxed: a slow side stops after maxMs (but never before 50 requests).
  if (done >= 50 && performance.now() - t0 > (cfg.maxMs ?? Infinity)) break;
}
const elapsedMs = performance.now() - t0;

// Allocation: heap growth over a GC-free batch.
let gcs = 0;
const obs = new PerformanceObserver((list) => (gcs += list.getEntries().length));
obs.observe({ entryTypes: ['gc'] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
let bytesPerOp = Number.NaN;
let allocOps = 0;
/** Heap growth over `n` requests, or null when a GC ran meanwhile (then the growth means nothing). */
async function heapGrowth(n) {
  const batch = prebuild(n);
  globalThis.gc();
  await settle();
  const before = gcs;
  const h0 = process.memoryUsage().heapUsed;
  for (const { text } of batch) await send(text);
  const h1 = process.memoryUsage().heapUsed;
  await settle();
  return gcs === before ? h1 - h0 : null;
}
if (cfg.measure === 'alloc' || cfg.measure === 'both') {
  // A small probe batch sizes the real one to fill about a third of the 128 MB young generation.
  const probe = await heapGrowth(4);
  let n = probe ? Math.max(8, Math.min(cfg.allocOps, Math.floor(40e6 / Math.max(1, probe / 4)))) : 8;
  for (let attempt = 0; attempt < 5 && n >= 4; attempt++) {
    const grown = await heapGrowth(n);
    if (grown !== null) {
      bytesPerOp = grown / n;
      allocOps = n;
      break;
    }
    n = Math.floor(n / 2);
  }
}
obs.disconnect();
await close?.();

process.stdout.write(
  JSON.stringify({
    ...(timing ? { ops: done, usPerOp: (elapsedMs * 1000) / done, opsPerSec: done / (elapsedMs / 1000) } : {}),
    ...(cfg.measure !== 'time' ? { bytesPerOp, allocOps: Number.isFinite(bytesPerOp) ? allocOps : 0 } : {}),
    errors,
  }) + '\n',
);
