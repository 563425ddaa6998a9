import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CancelledError,
  Connection,
  MessageTooLargeError,
  TransportClosedError,
  type JsonRpcNotification,
} from '@mcpkit/jsonrpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessExitedError, StdioClientTransport, type StdioClientOptions } from '../src/index.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** Handles that must not outlive the tests: children, their pipes, our timers. */
const watched = ['ProcessWrap', 'PipeWrap', 'Timeout'];
const countHandles = () => {
  const counts: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) if (watched.includes(type)) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
};
let before: Record<string, number>;
beforeAll(() => {
  before = countHandles();
});
afterAll(async () => {
  // libuv releases a child's handle in the loop turn after its 'close' event: let that turn happen.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(countHandles()).toEqual(before);
});

/** A connection to a fixture run with node; MCP-style cancellation as the protocol layer would supply. */
function start(script: string, options: Partial<StdioClientOptions> = {}, args: string[] = []) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [fixture(script), ...args], ...options });
  const errors: Error[] = [];
  const connection = new Connection(transport, {
    maxInFlight: 64,
    onError: (e) => errors.push(e),
    onCancel: ({ id, error }): JsonRpcNotification => ({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id, reason: error.message },
    }),
  });
  return { transport, connection, errors };
}

describe('StdioClientTransport with a real server process', () => {
  it('answers thousands of pipelined requests, each with its own result', async () => {
    const { transport, connection } = start('server.mjs');
    await connection.start();
    const count = 3000;
    const results = await Promise.all(
      Array.from({ length: count }, (_, i) => connection.request('echo', { i, text: `é${i}😀` })),
    );
    results.forEach((result, i) => expect(result).toEqual({ echo: { i, text: `é${i}😀` } }));
    await connection.close();
    // spec: 2026-07-28/pages/basic/transports/stdio.mdx (Shutdown: the server exits once its stdin closes)
    expect(transport.exit).toMatchObject({ code: 0, signal: null });
  });

  it('answers concurrent requests in any order, and a cancelled one stops on the server', async () => {
    const { transport, connection } = start('server.mjs');
    await connection.start();
    const order: number[] = [];
    const slow = connection.request('sleep', { ms: 300 }).then(() => order.push(300));
    const fast = connection.request('sleep', { ms: 1 }).then(() => order.push(1));
    const controller = new AbortController();
    const cancelled = connection.request('sleep', { ms: 60_000, tag: 'long' }, { signal: controller.signal });
    await Promise.all([slow, fast]);
    expect(order).toEqual([1, 300]);
    controller.abort('no longer needed');
    await expect(cancelled).rejects.toBeInstanceOf(CancelledError);
    // The server saw notifications/cancelled and aborted the handler's signal.
    await connection.request('echo', {});
    await connection.close();
    expect(transport.stderrTail).toContain('sleep long aborted: Request sleep (id 3) was cancelled: no longer needed');
  });

  it('fails every request in flight at once when the server crashes, with exit code and stderr tail', async () => {
    const { transport, connection } = start('server.mjs');
    await connection.start();
    const inFlight = Array.from({ length: 10 }, () => connection.request('sleep', { ms: 60_000 }).catch((e: unknown) => e));
    const crash = connection.request('crash', { code: 3 }).catch((e: unknown) => e);
    const errors = await Promise.all([...inFlight, crash]);
    const first = errors[0] as ProcessExitedError;
    expect(first).toBeInstanceOf(ProcessExitedError);
    expect(first).toBeInstanceOf(TransportClosedError);
    expect(first).toMatchObject({ exitCode: 3, signal: null, remote: false });
    expect(first.message).toMatch(/^Server process exited with code 3; stderr tail:\nfatal: crashing on purpose/);
    for (const error of errors) expect(error).toBe(first);
    await expect(connection.request('echo')).rejects.toBe(first);
    expect(transport.exit).toMatchObject({ code: 3 });
    await connection.close();
  });

  it('escalates to SIGKILL when the server ignores stdin EOF and SIGTERM', async () => {
    const { transport, connection } = start('ignores-sigterm.mjs', { shutdownGraceMs: 100, killGraceMs: 100 });
    await connection.start();
    await expect(connection.request('anything')).resolves.toEqual({});
    await connection.close();
    expect(transport.exit).toMatchObject({ code: null, signal: 'SIGKILL' });
    expect(transport.stderrTail).toContain('stdin ended, staying alive');
    expect(transport.stderrTail).toContain('ignoring SIGTERM');
  });

  it('close() still delivers what was sent just before it (a cancellation, say) before stdin EOF', async () => {
    // spec: 2026-07-28/pages/basic/transports/stdio.mdx (Shutdown: the client closes the server's stdin)
    const transport = new StdioClientTransport({ command: process.execPath, args: [fixture('stdin-to-stderr.mjs')] });
    await transport.start();
    const sent = transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } });
    await transport.close();
    await expect(sent).resolves.toBeUndefined();
    expect(transport.exit).toMatchObject({ code: 0, signal: null });
    expect(transport.stderrTail).toBe('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}\n');
  });

  it('keeps working while the server floods stderr, which is never treated as an error', async () => {
    // spec: 2026-07-28/pages/basic/transports/stdio.mdx (stderr is logging; not an error signal)
    let forwarded = 0;
    const { transport, connection, errors } = start('server.mjs', {
      stderr: (text) => (forwarded += text.length),
      stderrTailChars: 500,
      // The server is still flushing 8 MiB of stderr when stdin closes; on a loaded machine that can take
      // longer than the default grace, after which SIGTERM (correctly) cuts the flood short.
      shutdownGraceMs: 60_000,
    });
    await connection.start();
    const flood = connection.request('stderr', { bytes: 8 * 1024 * 1024 });
    await expect(connection.request('echo', { still: 'alive' })).resolves.toEqual({ echo: { still: 'alive' } });
    const { written } = (await flood) as { written: number };
    await connection.close();
    expect(forwarded).toBe(written);
    expect(transport.stderrTail).toHaveLength(500);
    expect(transport.stderrTail).toMatch(/log line that is not an error \n$/);
    expect(errors).toEqual([]);
  });

  it('refuses a 50 MiB line from the server without buffering it, then carries on', async () => {
    const { connection, errors } = start('raw-line.mjs', {}, [String(50 * 1024 * 1024)]);
    await connection.start();
    await expect(connection.request('after')).resolves.toEqual({ after: true });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(MessageTooLargeError);
    expect(errors[0]!.message).toBe('Message exceeds the limit of 8388608 bytes and was skipped');
    await connection.close();
  });

  it('fails a request at once when its response exceeds maxLineBytes', async () => {
    const { connection } = start('server.mjs', { maxLineBytes: 1024 * 1024 });
    await connection.start();
    const error = await connection.request('huge', { bytes: 20 * 1024 * 1024 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MessageTooLargeError);
    await expect(connection.request('echo', { ok: 1 })).resolves.toEqual({ echo: { ok: 1 } });
    await connection.close();
  });

  it('rejects with a clear error when the command cannot be started', async () => {
    const transport = new StdioClientTransport({ command: 'mcpkit-no-such-command-x' });
    const connection = new Connection(transport);
    const error = (await connection.start().catch((e: unknown) => e)) as ProcessExitedError;
    expect(error).toBeInstanceOf(ProcessExitedError);
    expect(error.message).toMatch(/^Could not start server process "mcpkit-no-such-command-x": spawn .* ENOENT/);
    await expect(connection.request('x')).rejects.toBeInstanceOf(TransportClosedError);
    await connection.close();
  });

  it('close() in the same tick as start() spawns nothing and fails the start with TransportClosedError', async () => {
    const marker = join(tmpdir(), `mcpkit-stdio-never-${process.pid}-${Date.now()}`);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'spawned'); setInterval(() => {}, 1000)`],
    });
    const started = transport.start();
    await transport.close();
    await expect(started).rejects.toBeInstanceOf(TransportClosedError);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a child, had one started, would have written by now
    expect(existsSync(marker)).toBe(false);
  });

  it('passes args, env and cwd to the server process', async () => {
    const cwd = fileURLToPath(new URL('./fixtures/', import.meta.url));
    const env = { PATH: process.env.PATH, MCPKIT_FIXTURE_VAR: 'from the client' };
    const { connection } = start('server.mjs', { cwd, env }, ['--flag', 'two words']);
    await connection.start();
    await expect(connection.request('whoami')).resolves.toEqual({
      argv: ['--flag', 'two words'],
      cwd: cwd.replace(/\/$/, ''),
      env: 'from the client',
    });
    await connection.close();
  });
});

describe('serveStdio in a real process', () => {
  it('does not load child_process: a server pays at start only for what it uses', () => {
    const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
    const probe = `await import(${JSON.stringify(entry)}); console.log(process.moduleLoadList.some((m) => m.endsWith(' child_process')))`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('false');
  });

  it('exits by itself when its client disappears', async () => {
    const client = spawn(process.execPath, [fixture('client-then-vanish.mjs')], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, SHUTDOWN_MS: '200' },
    });
    const serverPid = await new Promise<number>((resolve, reject) => {
      client.stdout.setEncoding('utf8');
      client.stdout.once('data', (text: string) => resolve(Number(text.trim())));
      client.once('exit', () => reject(new Error('client exited before reporting')));
    });
    const clientGone = new Promise((resolve) => client.once('close', resolve));
    client.kill('SIGKILL');
    await clientGone;
    // The server sees EOF on stdin, aborts its 60 s request after SHUTDOWN_MS, and exits.
    // Poll with a generous deadline: the assertion is that it exits, not how fast.
    const deadline = Date.now() + 15_000;
    while (isAlive(serverPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const alive = isAlive(serverPid);
    if (alive) process.kill(serverPid, 'SIGKILL');
    expect(alive).toBe(false);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
