// usage: node _i15load.mjs port total connections
import autocannon from 'autocannon';
import { echoCall, httpHeadersFor } from './lib/wire.mjs';
const [port, total, conns, pid] = process.argv.slice(2).map(Number);
const req = echoCall(1, 'hello');
const rss = () => { try { const s = require('fs') } catch {} };
import { readFileSync } from 'node:fs';
const mem = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const step = 50000;
let done = 0; const t0 = Date.now();
console.log(`start rss ${mem().toFixed(1)}`);
while (done < total) {
  const r = await autocannon({ url: `http://127.0.0.1:${port}/mcp`, method: 'POST', headers: httpHeadersFor(req), body: JSON.stringify(req), connections: conns, amount: step });
  done += step;
  console.log(`${done} rss ${mem().toFixed(1)} MiB non2xx ${r.non2xx} err ${r.errors} rps ${Math.round(r.requests.average)}`);
}
