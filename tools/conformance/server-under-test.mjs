// Starting and stopping the server the server legs test.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { killGroup, liveGroups } from './suite.mjs';

/** A free TCP port on 127.0.0.1 (asked from the OS, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts `command` (run by `sh -c` in its own process group; `{port}` is replaced by the port,
 * which is also in $PORT) and waits until 127.0.0.1:port accepts connections. Its output goes to
 * `logFile`. `stop()` ends the group: SIGTERM, then SIGKILL after two seconds.
 * @param {{ command: string, cwd: string, logFile: string, startupMs: number }} opts
 * @returns {Promise<{ url: string, port: number, stop: () => Promise<void> }>}
 */
export async function startServer({ command, cwd, logFile, startupMs }) {
  const port = await freePort();
  const line = command.replaceAll('{port}', String(port));
  const log = openSync(logFile, 'a');
  const child = spawn('/bin/sh', ['-c', line], { cwd, detached: true, stdio: ['ignore', log, log], env: { ...process.env, PORT: String(port) } });
  closeSync(log);
  liveGroups.add(child.pid);
  let exited = null;
  const done = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) {
      killGroup(child.pid, 'SIGTERM');
      await Promise.race([done, sleep(2000)]);
    }
    killGroup(child.pid, 'SIGKILL');
    liveGroups.delete(child.pid);
  };
  const deadline = Date.now() + startupMs;
  while (Date.now() < deadline) {
    if (exited) break;
    if (await accepts(port)) return { url: `http://127.0.0.1:${port}/mcp`, port, stop };
    await sleep(100);
  }
  await stop();
  const why = exited ? `exited (${exited.signal ?? `code ${exited.code}`})` : `did not accept connections on 127.0.0.1:${port} within ${startupMs} ms`;
  const out = tail(logFile);
  throw new Error(`the server under test ${why}: ${line}${out ? `\n--- its output (${logFile}) ---\n${out}` : ''}`);
}
