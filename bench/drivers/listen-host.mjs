// Child process (run with --expose-gc): one side's listen server (impl/<side>/listen-server.mjs). Prints {"port", "pid"}
// when listening, then obeys stdin lines: `mem` → full GCs, then {"heap", "external", "rss"}; `change` → {"t"} (the
// wall time in ms, as performance.timeOrigin + now) just before announcing tools/list_changed. stdin end or SIGTERM: close.
import { createInterface } from 'node:readline';

const [impl, opts] = [process.argv[2], JSON.parse(process.argv[3] ?? '{}')];
const { start } = await import(impl);
const server = await start({ host: '127.0.0.1', port: 0, ...opts });
const say = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
say({ port: server.port, pid: process.pid });

async function memory() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await new Promise((r) => setTimeout(r, 30));
  }
  const m = process.memoryUsage();
  return { heap: m.heapUsed, external: m.external, rss: m.rss };
}

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  const force = setTimeout(() => process.exit(0), 3000);
  await server.close?.();
  clearTimeout(force);
  process.exit(0);
}
createInterface({ input: process.stdin })
  .on('line', async (line) => {
    if (line === 'mem') say(await memory());
    else if (line === 'change') {
      say({ t: performance.timeOrigin + performance.now() });
      await server.change();
    }
  })
  .on('close', shutdown);
process.on('SIGTERM', shutdown);
