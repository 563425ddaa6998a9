/**
 * MCP Apps views in `mcpkit inspect`, in a real headless Chromium: the example server's
 * `show_counter` called from the page, its view rendered by @mcpkit/apps-host behind the sandbox
 * proxy (another origin, the view's CSP, the ui/initialize handshake), the view's own call of the
 * app-only `counter_add` made by the CLI process (on the wire panel), and a view's call of a tool
 * that is not the views' refused.
 * spec: extensions/apps/2026-01-26/apps.mdx ("Sandbox proxy", "Visibility", "Lifecycle")
 */
import { fileURLToPath } from 'node:url';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  choose,
  detailText,
  exampleCommand,
  field,
  killInspectors,
  launchBrowser,
  screenshot,
  startInspector,
  waitText,
  type Inspector,
  type TestBrowser,
} from './harness.js';

const VISIBILITY_SERVER = fileURLToPath(new URL('../fixtures/apps-visibility-server.mjs', import.meta.url));

/** The view's frame: the inner frame of the sandbox proxy, which the tools view's Apps host made. */
function viewFrame(page: Page) {
  return page.frameLocator('[data-testid="app-frame"] iframe').frameLocator('iframe');
}

/** The view's document (the inner frame of the sandbox; call once it is there). */
function viewDocument(page: Page): Frame {
  const frame = page.frames().find((f) => f.parentFrame() !== null && f.parentFrame()!.parentFrame() === page.mainFrame());
  if (!frame) throw new Error('the view frame is not there');
  return frame;
}

/** Calls show_counter from the page (starting at `start`) and waits for the view to say it is initialized. */
async function showCounter(page: Page, start: number): Promise<void> {
  await choose(page, 'tools', 'tools', 'show_counter');
  await field(page, '[data-testid="tool-detail"]', 'start').fill(String(start));
  await page.getByTestId('call-tool').click();
  // The text fallback is still there, above the view.
  await waitText(page, 'call-result', `The counter starts at ${start}.`);
  await waitText(page, 'app-status', 'initialized');
}

/** A JSON-RPC request sent from the view's document to its host, as a view would; resolves with the answer. */
function fromView(
  frame: Frame,
  id: string,
  method: string,
  params: Record<string, unknown>,
): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  return frame.evaluate(
    ({ id, method, params }) =>
      new Promise((resolve) => {
        addEventListener('message', (event) => {
          if (event.source === parent && event.data?.id === id) resolve(event.data);
        });
        parent.postMessage({ jsonrpc: '2.0', id, method, params }, '*');
      }),
    { id, method, params },
  );
}

describe('mcpkit inspect renders MCP Apps views (the example server, in Chromium)', () => {
  let browser: TestBrowser;
  let inspector: Inspector | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await inspector?.stop();
    await browser?.close();
    killInspectors();
  });

  it('show_counter: the view renders in a sandbox of another origin, its +1 calls counter_add through the inspector (on the wire) and shows the new count', async () => {
    inspector = await startInspector(['--stdio', exampleCommand('dual', false)]);
    const page = await browser.page();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const response = await page.goto(inspector.url);
    await waitText(page, 'verdict-era', 'modern');
    await waitText(page, 'protocol-version', '2026-07-28');

    // The list shows which tools have a view, and which only views may call.
    await page.getByTestId('nav-tools').click();
    expect(await waitText(page, 'catalog-tools', 'show_counter')).toContain('counter_add');
    await expect(page.locator('[data-testid="item-tools"][data-key="counter_add"] .tag').textContent()).resolves.toBe('app only');

    await showCounter(page, 5);
    const view = viewFrame(page);
    await view.locator('#count', { hasText: '5' }).waitFor();
    await view.locator('#note', { hasText: 'rendered by mcpkit inspect' }).waitFor();

    // spec: "Sandbox proxy" 1–2 — the sandbox is another origin (another 127.0.0.1 port), framed with
    // allow-scripts allow-same-origin; the page's policy frames that origin and no other.
    const outer = page.locator('[data-testid="app-frame"] iframe');
    const sandboxUrl = new URL(String(await outer.getAttribute('src')));
    expect(sandboxUrl.origin).not.toBe(inspector.origin);
    expect(sandboxUrl.hostname).toBe('127.0.0.1');
    expect(sandboxUrl.searchParams.get('secret')).not.toBe(inspector.secret);
    expect(await outer.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    const policy = String(response?.headers()['content-security-policy']);
    expect(policy).toContain(`frame-src ${sandboxUrl.origin};`);
    // spec: "Sandbox proxy" 5 — the view's document starts with the policy built from its ui.csp (none declared: the strict one).
    const sandboxBody = page.frameLocator('[data-testid="app-frame"] iframe').locator('body');
    expect(await sandboxBody.getAttribute('data-csp')).toMatch(/^default-src 'none'; script-src 'self' 'unsafe-inline'; .*connect-src 'none'/);

    // The view's resources/read of its HTML went through the inspector: it is on the wire.
    await page.locator('[data-testid="wire-row"][data-method="resources/read"]', { hasText: 'ui://everything/counter' }).first().waitFor();

    // A click in the view: it calls counter_add (app-only), the CLI makes the call, the view shows the answer.
    await view.locator('#add').click();
    await view.locator('#count', { hasText: '6' }).waitFor();
    const row = page.locator('[data-testid="wire-row"][data-method="tools/call"]', { hasText: 'counter_add' });
    await row.first().waitFor();
    await row.first().click();
    expect(await detailText(page)).toMatch(/"method":"tools\/call","params":\{.*"name":"counter_add","arguments":\{"count":5,"by":1\}/);
    await waitText(page, 'app-log', 'tools/call counter_add: through the inspector');
    await view.locator('#add').click();
    await view.locator('#count', { hasText: '7' }).waitFor();
    // The picture: the text fallback, then the view and its host log, with the view's call selected on the wire.
    await page.getByTestId('app-log').evaluate((log) => log.scrollIntoView({ block: 'end' }));
    await screenshot(page, 'apps-view');

    expect(errors).toEqual([]);
    await page.close();
  });

  it('a view may call only the tools whose visibility includes "app": a model-only tool and an unknown one are refused, and never reach the server', async () => {
    const server = await startInspector(['--stdio', `"${process.execPath}" "${VISIBILITY_SERVER}"`, '--era', 'modern']);
    try {
      const page = await browser.page();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(server.url);
      await waitText(page, 'verdict-era', 'modern');
      await waitText(page, 'protocol-version', '2026-07-28');
      await choose(page, 'tools', 'tools', 'show_note');
      await page.getByTestId('call-tool').click();
      await waitText(page, 'call-result', 'A note.');
      await waitText(page, 'app-status', 'initialized');
      await viewFrame(page).locator('#note', { hasText: 'initialized by mcpkit inspect' }).waitFor();
      const frame = viewDocument(page);

      // spec: "Visibility" — the host MUST reject a view's tools/call for a tool whose visibility lacks "app".
      const refused = await fromView(frame, 'probe-model-only', 'tools/call', { name: 'wipe_notes', arguments: {} });
      expect(refused.error?.code).toBe(-32602);
      expect(refused.error?.message).toContain('Tool wipe_notes is not callable by views');
      const unknown = await fromView(frame, 'probe-unknown', 'tools/call', { name: 'no_such_tool', arguments: {} });
      expect(unknown.error?.code).toBe(-32602);
      expect(unknown.error?.message).toContain('Unknown tool: no_such_tool');
      // An app-only tool from the same document goes through the inspector; once its call is on the
      // wire, the refused ones would be there before it, had they been sent.
      const allowed = await fromView(frame, 'probe-app', 'tools/call', { name: 'note_touch', arguments: {} });
      expect(allowed.result).toMatchObject({ structuredContent: { touched: true } });
      await page.locator('[data-testid="wire-row"][data-method="tools/call"]', { hasText: 'note_touch' }).first().waitFor();
      const calls = await page.locator('[data-testid="wire-row"][data-method="tools/call"]').allTextContents();
      expect(calls.filter((text) => /wipe_notes|no_such_tool/.test(text))).toEqual([]);
      // The page itself (the user) may still call the model-only tool: the rule is the views'.
      await choose(page, 'tools', 'tools', 'wipe_notes');
      await page.getByTestId('call-tool').click();
      await waitText(page, 'call-result', 'wiped');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await server.stop();
    }
  });

  it('a legacy session: the extension is declared in initialize, so a 2025-11-25 server lists its app-only tool and renders the view', async () => {
    const server = await startInspector(['--stdio', `"${process.execPath}" "${VISIBILITY_SERVER}"`, '--era', 'legacy']);
    try {
      const page = await browser.page();
      await page.goto(server.url);
      await waitText(page, 'verdict-era', 'legacy');
      // The session is up once initialize was answered (the verdict comes first: --era legacy needs no probe).
      await waitText(page, 'protocol-version', '2025-11-25');
      await choose(page, 'tools', 'tools', 'show_note');
      await page.getByTestId('call-tool').click();
      await waitText(page, 'call-result', 'A note.');
      await waitText(page, 'call-state', 'complete');
      await waitText(page, 'app-status', 'initialized');
      await viewFrame(page).locator('#note', { hasText: 'initialized by mcpkit inspect' }).waitFor();
      const names = await page.locator('[data-testid="item-tools"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-key')));
      expect(names.sort()).toEqual(['note_touch', 'show_note', 'wipe_notes']);
      await page.close();
    } finally {
      await server.stop();
    }
  });
});
