import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CancelledError, Connection, MessageTooLargeError, TransportClosedError, type JsonRpcNotification } from '@mcpkit/jsonrpc';
import { afterAll, afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ProcessExitedError, StdioClientTransport, type StdioClientOptions } from '../src/index.js';

// Every child the transport spawns goes through this spy: a test can tell whether one was spawned,
// and at the end every one of them must be gone (no server left behind by any test).
const spawned = vi.hoisted(() => [] as ChildProcess[]);
vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:child_process')>();
  return {
    ...real,
    spawn: (...args: Parameters<typeof real.spawn>) => {
      const child = real.spawn(...args);
      spawned.push(child);
      return child;
    },
  };
});

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
/** Waits (turns of the event loop, no clock) until `condition()` holds. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => {
  expect(spawned.filter((child) => child.exitCode === null && child.signalCode === null).map((child) => child.pid)).toEqual([]);
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
    const results = await Promise.all(Array.from({ length: count }, (_, i) => connection.request('echo', { i, text: `é${i}😀` })));
    results.forEach((result, i) => expect(result).toEqual({ echo: { i, text: `é${i}😀` } }));
    await connection.close();
    // spec: 2026-07-28/pages/basic/transports/stdio.mdx (Shutdown: the server exits once its stdin closes)
    expect(transport.exit).toMatchObject({ code: 0, signal: null });
  });

  it('answers concurrent requests in any order, and a cancelled one stops on the server', async () => {
    const { transport, connection } = start('server.mjs');
    await connection.start();
    const order: string[] = [];
    const held = connection.request('hold', { tag: 'first' }).then(() => order.push('held'));
    const controller = new AbortController();
    const cancelled = expect(connection.request('sleep', { ms: 60_000, tag: 'long' }, { signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
    // The later request is answered while the first one is still held by the server...
    await connection.request('echo', {}).then(() => order.push('echo'));
    expect(order).toEqual(['echo']);
    // ...which answers the first once told to.
    await expect(connection.request('release', { tag: 'first' })).resolves.toEqual({ released: true });
    await held;
    expect(order).toEqual(['echo', 'held']);
    controller.abort('no longer needed');
    await cancelled;
    // The server saw notifications/cancelled and aborted the handler's signal.
    await connection.request('echo', {});
    await connection.close();
    expect(transport.stderrTail).toContain('sleep long aborted: Request sleep (id 2) was cancelled: no longer needed');
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
    // The graces run on a fake clock; the child gets each signal for real, and says so before the next step.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const closed = connection.close();
    await until(() => transport.stderrTail.includes('stdin ended, staying alive'));
    await vi.advanceTimersByTimeAsync(100); // shutdownGraceMs: SIGTERM
    await until(() => transport.stderrTail.includes('ignoring SIGTERM'));
    expect(transport.exit).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100); // killGraceMs: SIGKILL
    await closed;
    expect(transport.exit).toMatchObject({ code: null, signal: 'SIGKILL' });
    expect(transport.stderrTail).toContain('stdin ended, staying alive');
    expect(transport.stderrTail).toContain('ignoring SIGTERM');
  });

  it('close() still delivers what was sent just before it (a cancellation, say) before stdin EOF', async () => {
    // spec: 2026-07-28/pages/basic/transports/stdio.mdx (Shutdown: the client closes the server's stdin)
    // A long grace: the child exits on EOF by itself, however loaded the machine (the test timeout bounds the wait).
    const transport = new StdioClientTransport({ command: process.execPath, args: [fixture('stdin-to-stderr.mjs')], shutdownGraceMs: 60_000 });
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
    });
    await connection.start();
    const flood = connection.request('stderr', { bytes: 8 * 1024 * 1024 });
    await expect(connection.request('echo', { still: 'alive' })).resolves.toEqual({ echo: { still: 'alive' } });
    const { written } = (await flood) as { written: number };
    // The server may still be flushing its stderr when stdin closes: however long that takes, the
    // shutdown grace (on a fake clock here) does not run out and SIGTERM does not cut the flood short.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
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
    const error = await connection.request('huge', { bytes: 4 * 1024 * 1024 }).catch((e: unknown) => e);
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
    const transport = new StdioClientTransport({ command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] });
    const before = spawned.length;
    // start() settles after its one chance to spawn (right after child_process is loaded).
    const started = expect(transport.start()).rejects.toBeInstanceOf(TransportClosedError);
    await transport.close();
    await started;
    expect(spawned.length).toBe(before);
    expect(transport.pid).toBeUndefined();
  });

  it.each(['close', 'crash'])('after a %s, nothing the transport made keeps the client process alive', async (ending) => {
    // Graces of ten minutes: a timer, pipe or child left behind would hold the client process far
    // beyond the test's timeout; with nothing left, it exits as soon as its script is done.
    const client = spawn(process.execPath, [fixture('use-then-idle.mjs'), ending], { stdio: ['ignore', 'pipe', 'inherit'] });
    onTestFinished(() => void client.kill('SIGKILL'));
    let out = '';
    client.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
    const code = await new Promise((resolve) => client.once('close', resolve));
    expect({ code, out }).toEqual({ code: 0, out: ending === 'crash' ? 'ProcessExitedError\ndone\n' : 'done\n' });
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
    onTestFinished(() => {
      if (isAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
    });
    // The server sees EOF on stdin, aborts its 60 s request after SHUTDOWN_MS, and exits: the assertion
    // is that it exits (the test's timeout bounds the wait), not how fast.
    while (isAlive(serverPid)) await new Promise((r) => setTimeout(r, 50));
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
