/**
 * A stdio server whose client closes stdin while a `subscriptions/listen` stream is open exits at
 * once: the stream ends, only requests still at work get the grace period (60 s here, twice the
 * test's timeout, so a stream that held the exit again fails this test by timing out).
 * spec: 2026-07-28/pages/basic/transports/stdio.mdx (Shutdown); basic/patterns/subscriptions.mdx
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./fixtures/listen-stdio-server.mjs', import.meta.url));
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'listen-exit-test', version: '1.0.0' },
};
const kill: Array<() => void> = [];
afterEach(() => kill.splice(0).forEach((k) => k()));

// The test's own timeout (30 s, half the grace period) is the only bound: no clock is read here.
it('exits on end of input with a listen stream open and a 60 s grace period', { timeout: 180_000 }, async () => {
  const child = spawn(process.execPath, [FIXTURE], { stdio: ['pipe', 'pipe', 'inherit'] });
  kill.push(() => child.kill('SIGKILL'));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines: Array<Record<string, unknown>> = [];
  let buffered = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const part of parts) if (part.trim() !== '') lines.push(JSON.parse(part) as Record<string, unknown>);
  });
  const listen = { jsonrpc: '2.0', id: 'listen-1', method: 'subscriptions/listen', params: { notifications: { toolsListChanged: true }, _meta: META } };
  child.stdin!.write(`${JSON.stringify(listen)}\n`);
  await expect.poll(() => lines.some((m) => m.method === 'notifications/subscriptions/acknowledged'), { timeout: 540_000 }).toBe(true);
  child.stdin!.end();
  expect(await exited).toBe(0);
  // The client that left gets nothing more for the stream: no result after the acknowledgment.
  expect(lines.filter((m) => m.id === 'listen-1')).toEqual([]);
});
