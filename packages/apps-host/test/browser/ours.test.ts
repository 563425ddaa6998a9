// Our server + our web host + our view, in headless Chromium over HTTP on three 127.0.0.1 origins.
// spec: extensions/apps/2026-01-26/apps.mdx (Sandbox proxy, Lifecycle, Visibility, Display Modes,
// Container Dimensions, Host Behavior: CSP)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { startWorld, type World } from './world.js';

type HostTest = {
  hostLog: Record<string, unknown>[];
  wire: Message[];
  modelTools(mcpUrl: string): Promise<{ model: string[]; app: string[] }>;
  open(mcpUrl: string, sandboxUrl: string, name: string, args: Record<string, unknown>): Promise<string>;
  frameBox(): { height: number; width: number; position: string };
  setTheme(theme: 'light' | 'dark'): Promise<void>;
  teardown(): Promise<boolean>;
  intrude(): void;
};
declare const hostTest: HostTest;
type Message = { id?: number | string; method?: string; params?: unknown; result?: unknown; error?: unknown };

// The reference JSON Schema of the view <-> host messages (vendor/spec/extensions/apps/SOURCE.md).
const schema = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../../vendor/spec/extensions/apps/schema.json'), 'utf8'));
// Each definition is a schema of its own (its refs point into its own $defs).
const ajv = new Ajv2020({ strict: false, allErrors: true });
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
const NOTIFICATIONS: Record<string, string> = {
  'ui/initialize': 'McpUiInitializeRequest',
  'ui/notifications/initialized': 'McpUiInitializedNotification',
  'ui/notifications/tool-input': 'McpUiToolInputNotification',
  'ui/notifications/tool-result': 'McpUiToolResultNotification',
  'ui/notifications/size-changed': 'McpUiSizeChangedNotification',
  'ui/notifications/host-context-changed': 'McpUiHostContextChangedNotification',
  'ui/notifications/sandbox-proxy-ready': 'McpUiSandboxProxyReadyNotification',
  'ui/request-display-mode': 'McpUiRequestDisplayModeRequest',
  'ui/open-link': 'McpUiOpenLinkRequest',
  'ui/message': 'McpUiMessageRequest',
};
const RESULTS: Record<string, string> = {
  'ui/initialize': 'McpUiInitializeResult',
  'ui/request-display-mode': 'McpUiRequestDisplayModeResult',
  'ui/open-link': 'McpUiOpenLinkResult',
  'ui/message': 'McpUiMessageResult',
};
/**
 * The reference schema's containerDimensions (an allOf of two anyOf whose branches each forbid the
 * other's keys) accepts no object with both a height and a width bound, which the spec text asks
 * for ("Specify either width or maxWidth, and either height or maxHeight"): that member is checked
 * against the text instead, and left out of the schema check.
 */
function withoutDimensions(result: unknown): unknown {
  const context = (result as { hostContext?: Record<string, unknown> }).hostContext;
  if (!context?.containerDimensions) return result;
  const dims = context.containerDimensions as Record<string, unknown>;
  const one = (a: string, b: string) => (typeof dims[a] === 'number') !== (typeof dims[b] === 'number');
  if (!one('width', 'maxWidth') || !one('height', 'maxHeight')) throw new Error(`containerDimensions ${JSON.stringify(dims)} breaks the spec text`);
  const { containerDimensions: _dims, ...rest } = context;
  return { ...(result as object), hostContext: rest };
}

/** Checks each message with a method (and each result of such a request) against its definition; returns the problems. */
function offSchema(sent: Message[], answers: Message[]): string[] {
  const problems: string[] = [];
  const check = (def: string, value: unknown, what: string) => {
    let validate = compiled.get(def);
    if (!validate) compiled.set(def, (validate = ajv.compile(schema.$defs[def])));
    if (!validate(value)) problems.push(`${what}: ${ajv.errorsText(validate.errors)}`);
  };
  for (const m of [...sent, ...answers]) {
    if (m.method && NOTIFICATIONS[m.method]) check(NOTIFICATIONS[m.method]!, { method: m.method, params: m.params }, m.method);
    if (m.method && RESULTS[m.method] && m.id !== undefined) {
      const answer = (sent.includes(m) ? answers : sent).find((r) => r.id === m.id && r.method === undefined);
      if (answer && 'result' in answer) check(RESULTS[m.method]!, withoutDimensions(answer.result), `result of ${m.method}`);
    }
  }
  return problems;
}

export const SHOTS = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-apps-shots-'));

let world: World;
let chromium: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let view: FrameLocator;

const text = (id: string) => view.locator(`#${id}`);
const click = (id: string) => view.locator(`#${id}`).click();
const log = () => page.evaluate(() => hostTest.hostLog);
/** Waits until the host log has an entry matching `match` (the test's timeout is the only bound). */
async function logged(match: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  const handle = await page.waitForFunction((source) => hostTest.hostLog.find(new Function('e', `return (${source})(e)`) as never), match.toString());
  return (await handle.jsonValue()) as Record<string, unknown>;
}

beforeAll(async () => {
  world = await startWorld();
  chromium = await launchChromium();
  page = await chromium.context.newPage();
  await page.goto(world.hostUrl);
  await page.waitForFunction(() => typeof (globalThis as { hostTest?: unknown }).hostTest === 'object');
  view = page.frameLocator('#views iframe').frameLocator('iframe');
});
afterAll(async () => {
  await chromium?.close();
  await world?.close();
});

describe('a tool call rendered by our host, its view written with our view client', () => {
  it('renders the view behind the sandbox proxy, with the host context, then the tool input and result', async () => {
    const src = await page.evaluate(([mcp, sandbox]) => hostTest.open(mcp!, sandbox!, 'show_sales', { region: 'EMEA' }), [world.mcpUrl, world.sandboxUrl]);
    // spec: "Sandbox proxy" 1 — the sandbox is on another origin than the host page.
    expect(new URL(src).origin).toBe(world.origins.sandbox);
    expect(world.origins.sandbox).not.toBe(world.origins.host);
    await expect.poll(() => text('status').textContent()).toBe('connected');
    expect(await text('host').textContent()).toBe('mcpkit-test-host');
    expect(await text('tool').textContent()).toBe('show_sales');
    expect(await text('theme').textContent()).toBe('light');
    expect(await text('mode').textContent()).toBe('inline');
    expect(await text('locale').textContent()).toBe('en-GB Europe/London');
    await expect.poll(() => text('input').textContent()).toBe('{"region":"EMEA"}');
    await expect.poll(() => text('result').textContent()).toBe('Sales in EMEA: 42');
    const frames = page.frames();
    const inner = frames.find((f) => f.parentFrame()?.parentFrame() === page.mainFrame());
    // A srcdoc frame with allow-same-origin has the sandbox's origin (its URL, about:srcdoc, has none).
    expect(await inner!.evaluate(() => globalThis.origin)).toBe(world.origins.sandbox);
    expect(await page.locator('#views iframe').getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    await page.screenshot({ path: path.join(SHOTS, '1-rendered.png') });
  });

  it('proxies an app-only tool call and a resource read to the server', async () => {
    await click('refresh');
    await expect.poll(() => text('refresh-out').textContent()).toBe('refreshed 1');
    expect(world.refreshes()).toBe(1);
    await click('read');
    await expect.poll(() => text('read-out').textContent()).toBe('["EMEA","APAC","AMER"]');
  });

  it('refuses the view a tool whose visibility lacks "app"; the model list leaves out app-only tools', async () => {
    await click('model-only');
    await expect.poll(() => text('model-only-out').textContent()).toBe('error: Tool model_only_sales is not callable by views (its visibility lacks "app")');
    const lists = await page.evaluate((mcp) => hostTest.modelTools(mcp), world.mcpUrl);
    expect(lists.model.sort()).toEqual(['echo', 'model_only_sales', 'show_sales', 'show_sales_reference']);
    expect(lists.app.sort()).toEqual(['echo', 'refresh_sales', 'show_sales', 'show_sales_reference']);
  });

  it('resizes the frame to the size the view reports, within the container', async () => {
    const before = await page.evaluate(() => hostTest.frameBox().height);
    await click('grow');
    await expect.poll(() => page.evaluate(() => hostTest.frameBox().height)).toBeGreaterThan(before + 100);
    const size = await logged((e) => e.type === 'size' && (e.height as number) > 300);
    expect(size.frameHeight).toBeLessThanOrEqual(600);
    await page.screenshot({ path: path.join(SHOTS, '2-grown.png') });
  });

  it('changes the display mode the view asks for, when both sides have it', async () => {
    await click('fullscreen');
    await expect.poll(() => text('fullscreen-out').textContent()).toBe('fullscreen');
    await expect.poll(() => text('mode').textContent()).toBe('fullscreen');
    expect(await page.evaluate(() => hostTest.frameBox())).toMatchObject({ position: 'fixed', width: 800, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, '3-fullscreen.png') });
    // pip: neither the host offers it nor the view declared it, so the mode stays.
    await click('pip');
    await expect.poll(() => text('pip-out').textContent()).toBe('fullscreen');
    await click('inline');
    await expect.poll(() => text('inline-out').textContent()).toBe('inline');
    expect((await page.evaluate(() => hostTest.frameBox())).position).toBe('static');
    expect((await log()).filter((e) => e.type === 'mode').map((e) => e.mode)).toEqual(['fullscreen', 'inline']);
  });

  it('tells the view when the host context changes', async () => {
    await page.evaluate(() => hostTest.setTheme('dark'));
    await expect.poll(() => text('theme').textContent()).toBe('dark');
    await page.screenshot({ path: path.join(SHOTS, '4-dark.png') });
  });

  it('lets the view reach the origin its CSP declares and blocks any other', async () => {
    await click('fetch-declared');
    await expect.poll(() => text('fetch-declared-out').textContent()).toBe('ok pong');
    await click('fetch-undeclared');
    await expect.poll(() => text('fetch-undeclared-out').textContent()).toMatch(/^error: /);
    await expect.poll(() => text('violations').textContent()).toContain(`connect-src ${world.origins.host}/api/ping`);
  });

  it('hands links and messages to the host callbacks', async () => {
    await click('link');
    await expect.poll(() => text('link-out').textContent()).toBe('opened');
    await click('message');
    await expect.poll(() => text('message-out').textContent()).toBe('sent');
    const entries = await log();
    expect(entries).toContainEqual({ type: 'link', url: 'https://example.com/docs' });
    expect(entries).toContainEqual({ type: 'message', message: { role: 'user', content: [{ type: 'text', text: 'hello from the view' }] } });
  });

  it('ignores a message from a frame other than the view', async () => {
    const before = world.refreshes();
    await page.evaluate(() => hostTest.intrude());
    const ignored = await logged((e) => e.type === 'ignored');
    expect(ignored.reason).toBe('the message comes from another frame');
    expect(world.refreshes()).toBe(before);
  });

  it('sends and takes only messages of the shapes the reference schema defines', async () => {
    const fromView = await page.evaluate(() => hostTest.wire);
    const inner = page.frames().find((f) => f.parentFrame()?.parentFrame() === page.mainFrame())!;
    const toView = (await inner.evaluate(() => (globalThis as unknown as { received: Message[] }).received)) as Message[];
    const methods = new Set([...fromView, ...toView].map((m) => m.method).filter(Boolean));
    for (const method of [
      'ui/initialize',
      'ui/notifications/initialized',
      'ui/notifications/tool-input',
      'ui/notifications/tool-result',
      'ui/notifications/size-changed',
      'ui/request-display-mode',
      'ui/notifications/host-context-changed',
    ]) {
      expect(methods).toContain(method);
    }
    expect(offSchema(fromView, toView)).toEqual([]);
  });

  it('tears the view down: the view hears ui/resource-teardown, the frame goes', async () => {
    expect(await page.evaluate(() => hostTest.teardown())).toBe(true);
    expect(await log()).toContainEqual({ type: 'log', level: 'info', data: 'torn down' });
  });
});

describe('the sandbox never shares the host origin', () => {
  it('renderView refuses a sandbox on the page origin', async () => {
    const error = await page.evaluate(
      ([mcp, url]) =>
        hostTest.open(mcp!, url!, 'show_sales', {}).then(
          () => 'rendered',
          (e: Error) => e.message,
        ),
      [world.mcpUrl, `${world.hostUrl}sandbox.html`],
    );
    expect(error).toMatch(/must be on another origin than the page/);
  });

  it('the proxy page stays inert when it is not framed by the host origin', async () => {
    const tab = await chromium.context.newPage();
    await tab.goto(world.sandboxUrl);
    expect(await tab.locator('body').getAttribute('data-refused')).toBe('true');
    await tab.close();
  });
});
