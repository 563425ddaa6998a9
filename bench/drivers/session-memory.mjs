// Child process (run with --expose-gc): the heap an idle 2025-11-25 HTTP session costs an mcpkit dual-era server.
// Opens `first` sessions over 127.0.0.1 (initialize + notifications/initialized), measures the heap after full GCs,
// opens `more` sessions, measures again: the difference over `more` is the cost of one idle session, without the
// fixed costs (code, the fetch client's pools). Prints one JSON line.
//
// argv[2] is a JSON object: { first, more }.
import { serveHttp } from '@mcpkit/http/node';
import { dualEra, MemorySessionStore } from '@mcpkit/legacy';
import { createEchoServer } from '../impl/mcpkit/tools.mjs';

const cfg = JSON.parse(process.argv[2]);
// One client address opens them all here: the per-address cap is lifted so that every session stays.
const sessions = new MemorySessionStore({ maxSessions: 1e9, maxSessionsPerClient: 1e9 });
const dual = dualEra(createEchoServer(), { sessions, onError: () => {} });
const node = await serveHttp(dual.httpHandler(), { port: 0 });
const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const init = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } },
    clientInfo: { name: 'soak-client', version: '1.0.0' },
  },
});

async function open() {
  const res = await fetch(node.url, { method: 'POST', headers, body: init });
  const id = res.headers.get('mcp-session-id');
  await res.text();
  const session = { ...headers, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
  await (await fetch(node.url, { method: 'POST', headers: session, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text();
}

async function openMany(n) {
  for (let i = 0; i < n; i += 50) await Promise.all(Array.from({ length: Math.min(50, n - i) }, open));
}

async function heapAfterGc() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await new Promise((r) => setTimeout(r, 50));
  }
  return process.memoryUsage().heapUsed;
}

await openMany(cfg.first);
const before = await heapAfterGc();
await openMany(cfg.more);
const after = await heapAfterGc();
process.stdout.write(JSON.stringify({ sessions: sessions.size, bytesPerSession: (after - before) / cfg.more }) + '\n');
await node.close();
await dual.close();
