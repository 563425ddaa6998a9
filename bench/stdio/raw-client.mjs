// The raw client: spawns a server, writes request lines, splits response lines with Buffer#indexOf,
// and correlates them by id in a Map. No timeouts, no cancellation, no validation: the floor.
import { spawn } from 'node:child_process';

/** Starts `command args` and returns `{ request(method, params), close() }`. */
export function connectRaw(command, args) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map();
  let nextId = 1;
  let pending = [];
  let pendingBytes = 0;
  const settle = (line) => {
    const response = JSON.parse(line);
    const resolve = waiting.get(response.id);
    waiting.delete(response.id);
    resolve?.(response.result);
  };
  child.stdout.on('data', (chunk) => {
    let start = 0;
    let nl;
    while ((nl = chunk.indexOf(10, start)) !== -1) {
      if (pendingBytes > 0) {
        pending.push(chunk.subarray(start, nl));
        settle(Buffer.concat(pending).toString('utf8'));
        pending = [];
        pendingBytes = 0;
      } else {
        settle(chunk.toString('utf8', start, nl));
      }
      start = nl + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
    }
  });
  return {
    pid: child.pid,
    request(method, params) {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      });
    },
    close() {
      return new Promise((resolve) => {
        child.once('close', resolve);
        child.stdin.end();
      });
    },
  };
}
