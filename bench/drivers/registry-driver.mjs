// Child process (run with --expose-gc and a fixed 128 MB young generation): one side's server with N tools, in-process.
// Start: time from nothing to the first `tools/list` page answered, and the heap the server holds after full GCs.
// Then: `tools/list` through all pages (every page checked: names in order, the last page without a cursor) and
// `tools/call` of tools spread over the registry (each sum checked), time per request, and heap allocated per
// request over a batch during which no GC ran (as drivers/dispatch-driver.mjs does).
//
// argv[2] is a JSON object: { impl, n, ops, maxMs }.
import { PerformanceObserver } from 'node:perf_hooks';
import { toolCall, toolsList } from '../lib/wire.mjs';

const cfg = JSON.parse(process.argv[2]);
const { createRegistryDispatcher } = await import(cfg.impl);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
async function heapAfterGc() {
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await settle();
  }
  return process.memoryUsage().heapUsed;
}

let nextId = 1;
const listText = (cursor) => {
  const req = toolsList(nextId++);
  if (cursor !== undefined) req.params.cursor = cursor;
  return { id: req.id, text: JSON.stringify(req) };
};

const heap0 = await heapAfterGc();
const rss0 = process.memoryUsage().rss;
const t0 = performance.now();
const d = await createRegistryDispatcher(cfg.n);
const first = listText();
JSON.parse(await d.handle(first.text));
const startMs = performance.now() - t0;
const serverHeap = (await heapAfterGc()) - heap0;
const serverRss = process.memoryUsage().rss - rss0;

let errors = 0;
let firstError = null;
const fail = (why) => {
  errors++;
  firstError ??= why;
};

/** Lists every page; checks order and completeness. Resolves with the number of pages. */
async function listAll(check) {
  let cursor;
  let seen = 0;
  let pages = 0;
  do {
    const { id, text } = listText(cursor);
    const out = JSON.parse(await d.handle(text));
    pages++;
    if (out.id !== id || !Array.isArray(out.result?.tools)) {
      fail(`bad tools/list page: ${JSON.stringify(out).slice(0, 200)}`);
      return pages;
    }
    if (check) for (const t of out.result.tools) if (t.name !== `tool_${seen++}`) return (fail(`tools/list out of order at ${seen - 1}: ${t.name}`), pages);
    if (!check) seen += out.result.tools.length;
    cursor = out.result.nextCursor;
  } while (cursor !== undefined && pages <= cfg.n);
  if (seen !== cfg.n) fail(`tools/list listed ${seen} of ${cfg.n} tools`);
  return pages;
}

let callNo = 0;
async function callOne(check) {
  const i = (callNo++ * 7919) % cfg.n;
  const req = toolCall(nextId++, `tool_${i}`, { a: i, b: 42 });
  const out = JSON.parse(await d.handle(JSON.stringify(req)));
  if (out.id !== req.id || (check && out.result?.content?.[0]?.text !== String(i + 42)))
    fail(`bad tools/call of tool_${i}: ${JSON.stringify(out).slice(0, 200)}`);
}

// Warm-up, fully checked.
const warmStart = performance.now();
let pagesPerList = 0;
for (let k = 0; k < 20 && performance.now() - warmStart < cfg.maxMs / 2; k++) pagesPerList = await listAll(true);
for (let k = 0; k < 2000 && performance.now() - warmStart < cfg.maxMs; k++) await callOne(true);

// Timed: whole listings (every page checked in full on every 8th listing), then calls (every one checked).
let lists = 0;
let pagesTimed = 0;
let tl = performance.now();
while (lists < cfg.ops && (lists < 3 || performance.now() - tl < cfg.maxMs)) {
  pagesTimed += await listAll(lists % 8 === 0);
  lists++;
}
const listMs = performance.now() - tl;
let calls = 0;
tl = performance.now();
while (calls < cfg.ops * 50 && (calls < 50 || performance.now() - tl < cfg.maxMs)) {
  await callOne(true);
  calls++;
}
const callMs = performance.now() - tl;

// Allocation per request over a GC-free batch: one listing's pages, and calls.
let gcs = 0;
const obs = new PerformanceObserver((list) => (gcs += list.getEntries().length));
obs.observe({ entryTypes: ['gc'] });
async function growth(run, n) {
  globalThis.gc();
  await settle();
  const before = gcs;
  const h0 = process.memoryUsage().heapUsed;
  let units = 0;
  for (let k = 0; k < n; k++) units += await run();
  const h1 = process.memoryUsage().heapUsed;
  await settle();
  return gcs === before ? (h1 - h0) / units : Number.NaN;
}
let listHeap = Number.NaN;
let callHeap = Number.NaN;
for (let n = Math.max(1, Math.ceil(5000 / cfg.n)); n >= 1 && !Number.isFinite(listHeap); n = Math.floor(n / 2))
  listHeap = await growth(() => listAll(false), n);
for (let n = 2000; n >= 8 && !Number.isFinite(callHeap); n = Math.floor(n / 2)) callHeap = await growth(() => callOne(false).then(() => 1), n);
obs.disconnect();
await d.close?.();

process.stdout.write(
  JSON.stringify({
    n: cfg.n,
    startMs,
    serverHeap,
    serverRss,
    pagesPerList,
    usPerPage: (listMs * 1000) / pagesTimed,
    usPerList: (listMs * 1000) / lists,
    usPerCall: (callMs * 1000) / calls,
    listHeapPerPage: listHeap,
    callHeap,
    lists,
    calls,
    errors,
    firstError,
  }) + '\n',
);
