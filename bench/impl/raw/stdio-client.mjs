// The raw stdio client: spawns the server, writes one JSON line per request, matches responses by id.
// Used as the raw limit's client and as a neutral driver of any SDK's server ("server only" rows).
import { spawn } from 'node:child_process';
import { REQUEST_META } from '../../lib/wire.mjs';

export const era = '2026-07-28 (hand-built requests)';

/** Spawns `command args` and returns call(name, args) → result, close(). Rejects calls on JSON-RPC errors. */
export async function connect({ command, args = [], env }) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'], env: env ?? process.env });
  const waiting = new Map();
  let nextId = 1;
  let pending = '';
  let closed = false;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    pending += chunk;
    let nl;
    while ((nl = pending.indexOf('\n')) !== -1) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (line.length === 0) continue;
      const msg = JSON.parse(line);
      const w = waiting.get(msg.id);
      if (!w) continue; // a notification, or an answer to nothing we asked
      waiting.delete(msg.id);
      if (msg.error) w.reject(Object.assign(new Error(msg.error.message), { code: msg.error.code, data: msg.error.data }));
      else w.resolve(msg.result);
    }
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  exited.then(({ code, signal }) => {
    closed = true;
    for (const w of waiting.values()) w.reject(new Error(`server exited (${code ?? signal})`));
    waiting.clear();
  });
  await new Promise((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return {
    pid: child.pid,
    call(name, args) {
      if (closed) return Promise.reject(new Error('server exited'));
      const id = nextId++;
      const line = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: REQUEST_META } });
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.stdin.write(line + '\n');
      });
    },
    async close() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGTERM'), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}
