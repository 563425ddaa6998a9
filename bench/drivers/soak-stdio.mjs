// Child process: spawns one stdio server and keeps `inflight` modern `tools/call`s of `echo` in flight until
// `total` were answered; every `step` answers it reads the server's RSS from /proc. Every response is checked
// (its own id, the echoed text). Prints one JSON line.
//
// argv[2] is a JSON object: { command, args, total, step, inflight }.
import { spawn } from 'node:child_process';
import { memoryOf } from '../lib/proc.mjs';
import { echoCall, isEchoResponse } from '../lib/wire.mjs';

const cfg = JSON.parse(process.argv[2]);
const child = spawn(cfg.command, cfg.args, { stdio: ['pipe', 'pipe', 'inherit'] });
const exited = new Promise((resolve) => child.once('close', resolve));

let sent = 0;
let answered = 0;
let mismatches = 0;
let firstMismatch = null;
const samples = [{ done: 0, rss: null }];
let finish;
const done = new Promise((resolve) => (finish = resolve));

const send = () => {
  const id = ++sent;
  child.stdin.write(`${JSON.stringify(echoCall(id, `soak-${id % 1000}`))}\n`);
};

let pending = '';
child.stdout.setEncoding('utf8').on('data', (chunk) => {
  pending += chunk;
  let nl;
  while ((nl = pending.indexOf('\n')) !== -1) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    let response;
    try {
      response = JSON.parse(line);
    } catch {
      response = undefined;
    }
    // A notification (none expected) is not an answer.
    if (response && response.id === undefined && response.method !== undefined) continue;
    answered++;
    if (!isEchoResponse(response, response?.id, `soak-${Number(response?.id) % 1000}`)) {
      mismatches++;
      firstMismatch ??= line.slice(0, 300);
    }
    if (answered % cfg.step === 0) samples.push({ done: answered, rss: memoryOf(child.pid).rss });
    if (answered >= cfg.total) finish();
    else if (sent < cfg.total) send();
  }
});

const t0 = performance.now();
samples[0].rss = memoryOf(child.pid).rss;
for (let i = 0; i < Math.min(cfg.inflight, cfg.total); i++) send();
await Promise.race([done, exited]);
const seconds = (performance.now() - t0) / 1000;
child.stdin.end();
await exited;
process.stdout.write(JSON.stringify({ requests: answered, seconds, reqPerSec: answered / seconds, mismatches, firstMismatch, samples }) + '\n');
