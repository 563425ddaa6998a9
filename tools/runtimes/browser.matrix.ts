// The runtime matrix, browser: our HTTP client (ModernClient over HttpClientTransport, bundled by
// esbuild for the browser) in headless Chromium (Debian's, driven by playwright-core), on a page
// served from one origin, calling the matrix server on another origin through CORS.
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaries } from './binaries.js';
import { run, startServer, stopAll } from './processes.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
/** The launch flags that work on this kind of machine (no sandbox, GPU, QUIC or background network). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

describe('our HTTP client in headless Chromium, cross-origin through CORS', () => {
  let dir: string;
  let page: Server;
  let browser: Browser | undefined;
  let pageUrl: string;
  let serverUrl: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-browser-'));
    const built = await run(
      binaries.esbuild(),
      [
        path.join(fixtures, 'browser-client.mjs'),
        '--bundle',
        '--format=esm',
        '--platform=browser',
        `--outfile=${path.join(dir, 'client.js')}`,
        '--log-level=error',
      ],
      { cwd: fixtures },
    );
    if (built.code !== 0) throw new Error(`esbuild could not bundle the client for the browser:\n${built.output}`);
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><meta charset="utf-8"><title>matrix</title><script type="module" src="/client.js"></script>',
    );
    page = createServer((req, res) => {
      const file = req.url === '/client.js' ? 'client.js' : 'index.html';
      res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html' });
      res.end(fs.readFileSync(path.join(dir, file)));
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
    // Another port is another origin: the page's requests to it are CORS requests.
    serverUrl = `${(await startServer(process.execPath, ['node-server.mjs'], fixtures)).url}mcp`;
    browser = await chromium.launch({ executablePath: binaries.chromium(), headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => page?.close(resolve));
    await stopAll();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('calls tools, streams progress and answers an input request', async () => {
    const tab = await browser!.newPage();
    const console: string[] = [];
    tab.on('console', (message) => console.push(message.text()));
    await tab.goto(pageUrl);
    await tab.waitForFunction(() => typeof (globalThis as { runMatrix?: unknown }).runMatrix === 'function');
    const result = await tab.evaluate(
      (url) => (globalThis as unknown as { runMatrix(url: string): Promise<{ ok: boolean; detail: string }> }).runMatrix(url),
      serverUrl,
    );
    expect(result.ok, `${result.detail}\n${console.join('\n')}`).toBe(true);
    expect(result.detail).toBe('echo: from the browser | counted 3 [1,2,3] | Hello, Ada! (state kept)');
    expect(new URL(pageUrl).origin).not.toBe(new URL(serverUrl).origin);
  });
});
