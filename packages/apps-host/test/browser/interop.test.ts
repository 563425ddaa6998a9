// Interop with the reference package @modelcontextprotocol/ext-apps, in headless Chromium over HTTP:
// our host rendering a view built with its App class, and its AppBridge (behind our sandbox proxy)
// hosting our server's view written with our view client.
// spec: extensions/apps/2026-01-26/apps.mdx (Communication Protocol, Lifecycle, Visibility)
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { startWorld, type World } from './world.js';

type HostTest = {
  hostLog: Record<string, unknown>[];
  open(mcpUrl: string, sandboxUrl: string, name: string, args: Record<string, unknown>): Promise<string>;
  openWithReference(mcpUrl: string, sandboxUrl: string, name: string, args: Record<string, unknown>): Promise<void>;
  frameBox(): { height: number; width: number; position: string };
  teardown(): Promise<boolean>;
};
declare const hostTest: HostTest;

let world: World;
let chromium: Awaited<ReturnType<typeof launchChromium>>;

async function hostPage(): Promise<{ page: Page; view: FrameLocator }> {
  const page = await chromium.context.newPage();
  await page.goto(world.hostUrl);
  await page.waitForFunction(() => typeof (globalThis as { hostTest?: unknown }).hostTest === 'object');
  return { page, view: page.frameLocator('#views iframe').frameLocator('iframe') };
}

beforeAll(async () => {
  world = await startWorld();
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
  await world?.close();
});

describe('our host renders a view built with the reference App class', () => {
  it('initializes it, delivers input and result, and serves its calls', async () => {
    const { page, view } = await hostPage();
    const text = (id: string) => view.locator(`#${id}`).textContent();
    await page.evaluate(([mcp, sandbox]) => hostTest.open(mcp!, sandbox!, 'show_sales_reference', { region: 'APAC' }), [world.mcpUrl, world.sandboxUrl]);
    await expect.poll(() => text('status')).toBe('connected');
    expect(await text('host')).toBe('mcpkit-test-host');
    expect(await text('theme')).toBe('light');
    await expect.poll(() => text('input')).toBe('{"region":"APAC"}');
    await expect.poll(() => text('result')).toBe('Reference sales in APAC: 7');
    const before = world.refreshes();
    await view.locator('#refresh').click();
    await expect.poll(() => text('refresh-out')).toBe(`refreshed ${before + 1}`);
    await view.locator('#read').click();
    await expect.poll(() => text('read-out')).toBe('["EMEA","APAC","AMER"]');
    await view.locator('#model-only').click();
    await expect.poll(() => text('model-only-out')).toMatch(/not callable by views/);
    // The reference App reports its size on its own (ResizeObserver): the frame follows it.
    const height = (await page.evaluate(() => hostTest.frameBox())).height;
    await view.locator('#grow').click();
    await expect.poll(() => page.evaluate(() => hostTest.frameBox().height)).toBeGreaterThan(height + 100);
    await view.locator('#fullscreen').click();
    await expect.poll(() => text('fullscreen-out')).toBe('fullscreen');
    expect((await page.evaluate(() => hostTest.frameBox())).position).toBe('fixed');
    expect(await page.evaluate(() => hostTest.teardown())).toBe(true);
    await page.close();
  });
});

describe('the reference AppBridge hosts our view', () => {
  it('our view initializes with it, gets input and result, and calls its server through it', async () => {
    const { page, view } = await hostPage();
    const text = (id: string) => view.locator(`#${id}`).textContent();
    await page.evaluate(([mcp, sandbox]) => hostTest.openWithReference(mcp!, sandbox!, 'show_sales', { region: 'AMER' }), [world.mcpUrl, world.sandboxUrl]);
    await expect.poll(() => text('status')).toBe('connected');
    expect(await text('host')).toBe('reference-host');
    expect(await text('theme')).toBe('dark');
    expect(await text('mode')).toBe('inline');
    await expect.poll(() => text('input')).toBe('{"region":"AMER"}');
    await expect.poll(() => text('result')).toBe('Sales in AMER: 42');
    const before = world.refreshes();
    await view.locator('#refresh').click();
    await expect.poll(() => text('refresh-out')).toBe(`refreshed ${before + 1}`);
    await view.locator('#read').click();
    await expect.poll(() => text('read-out')).toBe('["EMEA","APAC","AMER"]');
    await view.locator('#fullscreen').click();
    await expect.poll(() => text('fullscreen-out')).toBe('fullscreen');
    await view.locator('#grow').click();
    await expect.poll(async () => (await page.evaluate(() => hostTest.hostLog)).some((e) => e.type === 'size' && (e.height as number) > 300)).toBe(true);
    expect((await page.evaluate(() => hostTest.hostLog)).filter((e) => e.type === 'mode')).toEqual([{ type: 'mode', mode: 'fullscreen' }]);
    await page.close();
  });
});
