import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { BIN } from '../helpers.js';

/**
 * What the inspector's tests share: `mcpkit inspect` run as a child process (the built CLI, as a
 * user runs it), the page's URL read from its stdout, and Debian's Chromium driven by
 * playwright-core with the flags of the runtime matrix (tools/runtimes/browser.matrix.ts), on a
 * fresh profile. One browser per test file; every child is killed when its test ends.
 */

/** The launch flags that work on this kind of machine (no sandbox, GPU, QUIC or background network). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (tools/setup/system-deps.sh installs it). */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * How long one wait for the page (or for a child's output) may take before it fails naming what it
 * waited for: 2 minutes, or MCPKIT_INSPECT_STEP_WAIT_MS. The test files' timeouts are longer.
 */
export const STEP_WAIT_MS = Number(process.env.MCPKIT_INSPECT_STEP_WAIT_MS) || 120_000;

/** A running browser on a fresh profile. */
export interface TestBrowser {
  page(): Promise<Page>;
  close(): Promise<void>;
}

/** Launches headless Chromium on a fresh profile. */
export async function launchBrowser(): Promise<TestBrowser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: sh tools/setup/system-deps.sh installs Debian's chromium`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-inspect-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
  });
  // The tests wait for what the page shows. Each wait is bounded well below the test's own timeout
  // so that a step that never happens fails with playwright's message naming it (the locator and its
  // call log), not with vitest's bare "timed out". It is not a speed assertion: a slow machine only
  // makes the steps slower, and STEP_WAIT_MS leaves them minutes each.
  context.setDefaultTimeout(STEP_WAIT_MS);
  return {
    page: () => context.newPage(),
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A running `mcpkit inspect`. */
export interface Inspector {
  /** The printed URL, secret included. */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  readonly secret: string;
  /** Everything it wrote on stderr so far. */
  stderr(): string;
  /** Resolves once stderr matches. */
  waitForStderr(pattern: RegExp): Promise<string>;
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Kills every inspector still running (afterAll). */
export function killInspectors(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** The CLI package's folder: the inspector runs there, so that a server command may name `dist/bin.js`. */
const PACKAGE_DIR = path.dirname(path.dirname(BIN));

/** Starts `mcpkit inspect ...args` (in the package's folder) and waits for its URL. */
export function startInspector(args: readonly string[]): Promise<Inspector> {
  const child = spawn(process.execPath, [BIN, 'inspect', ...args], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
    for (const wake of [...waiters]) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const waitForStderr = (pattern: RegExp): Promise<string> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`mcpkit inspect's stderr did not match ${pattern} within ${STEP_WAIT_MS} ms; it was:\n${stderr}`));
      }, STEP_WAIT_MS);
      const check = (): void => {
        if (!pattern.test(stderr)) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(stderr);
      };
      waiters.add(check);
      check();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcpkit inspect printed no URL within ${STEP_WAIT_MS} ms; its stdout:\n${stdout}\nits stderr:\n${stderr}`));
    }, STEP_WAIT_MS);
    const onData = (): void => {
      const match = /^(http:\/\/127\.0\.0\.1:(\d+))\/\?secret=([\w-]+)$/m.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve({
        url: match[0],
        origin: match[1]!,
        port: Number(match[2]),
        secret: match[3]!,
        stderr: () => stderr,
        waitForStderr,
        async stop() {
          child.kill('SIGTERM');
          const code = await exited;
          running.delete(child);
          return code;
        },
      });
    };
    child.stdout!.on('data', onData);
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`mcpkit inspect exited (${code}) before printing its URL:\n${stderr}`));
    });
  });
}

/**
 * The `--stdio` text of the example server (its memory reported on stderr). For the screenshots
 * it is `node dist/bin.js …` (relative to the inspector's folder, `node` from PATH): the page's
 * top bar shows the command, and the docs should not show the paths of the machine that made them.
 */
export function exampleCommand(era: 'dual' | 'modern' | 'legacy' = 'dual', reportMemory = true): string {
  const bin = process.env.MCPKIT_INSPECT_SCREENSHOTS ? 'node dist/bin.js' : `"${process.execPath}" "${BIN}"`;
  return `${bin} serve-example --transport stdio --era ${era}${reportMemory ? ' --report-memory' : ''}`;
}

/** Writes a screenshot under docs/ when MCPKIT_INSPECT_SCREENSHOTS names a folder (a no-op otherwise). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.MCPKIT_INSPECT_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * What a failed step leaves for its reader: the page's visible text (the verdict, the status, the
 * warnings) and the inspector's stderr, each cut to its last few thousand characters.
 */
export async function whatTheInspectorShowed(page: Page, inspector: Inspector): Promise<string> {
  const text = await page
    .locator('body')
    .textContent({ timeout: 5_000 })
    .catch((error: Error) => `(the page could not be read: ${error.message})`);
  return `the page showed:\n${(text ?? '').slice(-4000)}\nthe inspector's stderr:\n${inspector.stderr().slice(-4000)}`;
}

/** Waits until the element with `data-testid=testid` shows `text`; resolves with its text. */
export async function waitText(page: Page, testid: string, text: string | RegExp): Promise<string> {
  const locator = page.locator(`[data-testid="${testid}"]`, { hasText: text }).first();
  await locator.waitFor();
  return (await locator.textContent()) ?? '';
}

/** Opens a view and chooses one item of its list. */
export async function choose(page: Page, view: string, kind: string, key: string): Promise<void> {
  await page.getByTestId(`nav-${view}`).click();
  await page.locator(`[data-testid="item-${kind}"][data-key="${key}"]`).click();
}

/** The input of form field `name` inside the element `within` (a CSS selector). */
export function field(page: Page, within: string, name: string) {
  return page.locator(`${within} [data-field="${name}"] input, ${within} [data-field="${name}"] select, ${within} [data-field="${name}"] textarea`).first();
}

/** Selects the `index`-th wire row of a method (0: the first) and resolves with the detail's text. */
export async function selectMessage(page: Page, method: string, index = 0): Promise<void> {
  await page.locator(`[data-testid="wire-row"][data-method="${method}"]`).nth(index).click();
  await page.getByTestId('detail-text').first().waitFor();
}

/** The text of every block of the wire detail, joined. */
export async function detailText(page: Page): Promise<string> {
  return (await page.getByTestId('detail-text').allTextContents()).join('\n');
}
