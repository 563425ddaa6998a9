// The runtime matrix, servers and clients: the http README's fetch server and dualEra under workerd
// (an esbuild bundle run by `workerd serve`), Bun and Deno, each called by our client from a Node
// process; our HTTP and stdio clients under Bun and Deno, against a Node server and a stdio server
// under the same runtime. Every check runs across a real process boundary on 127.0.0.1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaries, DENO_RUN } from './binaries.js';
import { freePort, run, runClient, startServer, stopAll, type CheckLine } from './processes.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const clients = path.join(fixtures, 'clients.mjs');
const temps: string[] = [];
afterAll(async () => {
  await stopAll();
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

/** What each check of clients.mjs must report. */
const EXPECTED: Record<string, RegExp> = {
  'http modern': /^modern echo: hi \| counted 2 \[1,2\]$/,
  'http input request (sealed state)': /^Hello, Ada! \(state kept\)$/,
  'http legacy': /^legacy echo: old \| counted 2 \[1,2\] \| Hello, Ada! \(state kept\)$/,
  stdio: /^modern echo: pipe$/,
  'stdio start failure': /^ProcessExitedError: Could not start server process "mcpkit-no-such-command"/,
  'stdio timeout': /^TimeoutError: /,
};
const HTTP_CHECKS = ['http modern', 'http input request (sealed state)', 'http legacy'];
const ALL_CHECKS = Object.keys(EXPECTED);

/** One `it` per check, reading the lines a client run produced. */
function expectChecks(names: string[], result: () => { checks: Map<string, CheckLine>; output: string }) {
  for (const name of names) {
    it(name, () => {
      const line = result().checks.get(name);
      expect(line, `no "${name}" line in:\n${result().output}`).toBeDefined();
      expect(line!.ok, line!.detail).toBe(true);
      expect(line!.detail).toMatch(EXPECTED[name]!);
    });
  }
}

describe.each([
  { runtime: 'workerd', start: startWorkerd },
  { runtime: 'bun', start: () => startServer(binaries.bun(), ['bun-server.mjs'], fixtures) },
  { runtime: 'deno', start: () => startServer(binaries.deno(), [...DENO_RUN, 'deno-server.mjs'], fixtures) },
])('server under $runtime, our Node client', ({ start }) => {
  let result: Awaited<ReturnType<typeof runClient>>;
  beforeAll(async () => {
    const { url } = await start();
    result = await runClient(process.execPath, [clients, url, 'null'], fixtures);
  });
  expectChecks(HTTP_CHECKS, () => result);
});

describe.each([
  { runtime: 'bun', command: () => binaries.bun(), args: [] as string[] },
  { runtime: 'deno', command: () => binaries.deno(), args: DENO_RUN },
])('our clients under $runtime (HTTP to a Node server, stdio to a $runtime server)', ({ command, args }) => {
  let result: Awaited<ReturnType<typeof runClient>>;
  beforeAll(async () => {
    const { url } = await startServer(process.execPath, ['node-server.mjs'], fixtures);
    const bin = command();
    const spawnWith = { command: bin, stdio: [...args, 'stdio-server.mjs'], silent: [...args, 'silent-server.mjs'] };
    result = await runClient(bin, [...args, clients, url, JSON.stringify(spawnWith)], fixtures);
  });
  expectChecks(ALL_CHECKS, () => result);
});

/** Bundles fixtures/app.mjs for workerd with esbuild and serves it with `workerd serve`. */
async function startWorkerd(): Promise<{ url: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-workerd-'));
  temps.push(dir);
  const bundle = path.join(dir, 'bundle.js');
  const built = await run(
    binaries.esbuild(),
    [
      path.join(fixtures, 'app.mjs'),
      '--bundle',
      '--format=esm',
      '--platform=browser',
      '--conditions=workerd,worker,browser',
      `--outfile=${bundle}`,
      '--log-level=error',
    ],
    { cwd: fixtures },
  );
  if (built.code !== 0 || !fs.existsSync(bundle))
    throw new Error(`esbuild failed (a node: module or @mcpkit/stdio reachable from a Workers entry?) (${built.code}):\n${built.output}`);
  const port = await freePort();
  const config = fs.readFileSync(path.join(fixtures, 'worker-config.capnp.tpl'), 'utf8').replace('PORT', String(port)).replace('BUNDLE', path.basename(bundle)); // capnp embeds are relative to the config file;
  fs.writeFileSync(path.join(dir, 'config.capnp'), config);
  const started = startServer(binaries.workerd(), ['serve', path.join(dir, 'config.capnp'), '--verbose'], dir);
  // workerd prints nothing when it listens: poll the port until it answers (or workerd exits).
  const url = `http://127.0.0.1:${port}/`;
  const failed = started.then(
    () => undefined,
    (error: Error) => error,
  );
  for (;;) {
    const early = await Promise.race([failed, new Promise<undefined>((r) => setTimeout(() => r(undefined), 100))]);
    if (early) throw early;
    const answered = await fetch(url, { method: 'OPTIONS' }).then(
      () => true,
      () => false,
    );
    if (answered) return { url };
  }
}
