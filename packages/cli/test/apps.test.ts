// `mcpkit apps`: the app tools of the example server, and `apps open` serving a host page and its
// sandbox on two 127.0.0.1 ports, driven in headless Chromium (Debian's, through playwright-core).
// spec: extensions/apps/2026-01-26/apps.mdx (Sandbox proxy, Visibility)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, exampleStdio, json, killChildren, mcpkit } from './helpers.js';

afterAll(killChildren);

// Waits for an event with no bound but the test's own timeout: a slow machine is slow, not red.
const WAIT = { timeout: 540_000, interval: 50 };

describe('mcpkit apps', () => {
  it('lists the tools that render a view, with their visibility', async () => {
    const run = await mcpkit(['apps', 'list', '--json', '--stdio', exampleStdio('modern')]);
    expect(run.code).toBe(0);
    expect(json(run).tools).toEqual([
      { name: 'show_counter', view: 'ui://everything/counter', visibility: ['model', 'app'] },
      { name: 'counter_add', view: 'ui://everything/counter', visibility: ['app'] },
    ]);
  });

  it('lists them from a 2025-11-25-only server too: the extension is declared in initialize', async () => {
    const run = await mcpkit(['apps', 'list', '--json', '--stdio', exampleStdio('legacy')]);
    expect(run.code).toBe(0);
    expect(json(run).tools).toEqual([
      { name: 'show_counter', view: 'ui://everything/counter', visibility: ['model', 'app'] },
      { name: 'counter_add', view: 'ui://everything/counter', visibility: ['app'] },
    ]);
    // Without the declaration (a plain tools listing), the legacy session gets the text fallback.
    const plain = await mcpkit(['tools', 'list', '--json', '--stdio', exampleStdio('legacy')]);
    expect(plain.code).toBe(0);
    const names = (json(plain).tools as { name: string }[]).map((t) => t.name);
    expect(names).toContain('show_counter');
    expect(names).not.toContain('counter_add');
  });

  it('refuses to open a tool without a view', async () => {
    const run = await mcpkit(['apps', 'open', 'echo', '--stdio', exampleStdio('modern')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the server has no tool "echo" with a view (tools with views: show_counter, counter_add)');
  });

  it('opens a tool: prints the URL of a host page whose view calls the app-only tool through the CLI', { timeout: 240_000 }, async () => {
    const child: ChildProcess = spawn(process.execPath, [BIN, 'apps', 'open', 'show_counter', '--args', '{"start":3}', '--stdio', exampleStdio('modern')], {
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-cli-chromium-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.MCPKIT_CHROMIUM ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    context.setDefaultTimeout(0);
    try {
      await expect.poll(() => /^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+$/m.test(stdout), WAIT).toBe(true);
      const url = stdout.trim().split('\n')[0]!;
      const sandbox = /its sandbox is (http:\/\/127\.0\.0\.1:\d+\/sandbox\.html)/.exec(stderr)?.[1];
      expect(new URL(sandbox!).origin).not.toBe(new URL(url).origin);
      // Without the token the page is not served.
      expect((await fetch(new URL('/', url))).status).toBe(404);
      const page = await context.newPage();
      await page.goto(url);
      const view = page.frameLocator('#view iframe').frameLocator('iframe');
      await expect.poll(() => view.locator('#count').textContent(), WAIT).toBe('3');
      await expect.poll(() => view.locator('#note').textContent(), WAIT).toBe('rendered by mcpkit-cli');
      await view.locator('#add').click();
      await expect.poll(() => view.locator('#count').textContent(), WAIT).toBe('4');
      await view.locator('#mode').click();
      await expect.poll(() => page.locator('#log').textContent(), WAIT).toContain('display mode fullscreen');
      expect(await page.locator('#log').textContent()).toContain('tool result [{"type":"text","text":"The counter starts at 3."}]');
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  });
});
