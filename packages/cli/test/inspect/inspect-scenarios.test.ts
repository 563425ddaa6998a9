/**
 * The four seed scenarios replayed from the page, against the example server the CLI ships: the
 * same code and checks as `mcpkit demo`, each message in the wire panel (as the stdio line or the
 * HTTP exchange), the server's own memory after each step.
 * spec: 2026-07-28/pages/basic/patterns/mrtr.mdx; 2025-11-25/pages/basic/lifecycle.mdx;
 * 2026-07-28/pages/basic/versioning.mdx
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  detailText,
  exampleCommand,
  killInspectors,
  launchBrowser,
  screenshot,
  selectMessage,
  startInspector,
  waitText,
  type Inspector,
  type TestBrowser,
} from './harness.js';

describe('the seed scenarios, replayed from the page', () => {
  let browser: TestBrowser;
  let inspector: Inspector;
  beforeAll(async () => {
    [browser, inspector] = await Promise.all([launchBrowser(), startInspector(['--stdio', exampleCommand('dual', false)])]);
  });
  afterAll(async () => {
    await browser?.close();
    await inspector?.stop();
    killInspectors();
  });

  it('scenario 1 over stdio: every check passes, the requests carry _meta, the server remembers nothing', async () => {
    const page = await browser.page();
    await page.goto(inspector.url);
    await page.getByTestId('nav-scenarios').click();
    await page.getByTestId('run-0-stdio').click();
    const state = await waitText(page, 'scenario-state', /passed in \d+ ms|FAILED/);
    expect(state, (await page.getByTestId('scenario-transcript').textContent()) ?? '').toMatch(/passed/);
    expect(await page.getByTestId('scenario-fail').count()).toBe(0);
    await waitText(page, 'scenario-transcript', 'the retry has a new id');
    // The wire panel follows the run: its own messages, drawn as stdio lines.
    expect(await page.getByTestId('wire-scope').inputValue()).toMatch(/^run-\d+$/);
    await selectMessage(page, 'server/discover');
    expect(await detailText(page)).toMatch(
      /^\{"jsonrpc":"2\.0","id":\d+,"method":"server\/discover","params":\{"_meta":\{"io\.modelcontextprotocol\/protocolVersion":"2026-07-28"/,
    );
    await waitText(page, 'memory-report-count', 'nothing: 0 sessions');
    await screenshot(page, 'scenarios');
    await page.close();
  });

  it('scenario 2 over HTTP: the legacy session in the server’s memory, Mcp-Session-Id on the exchanges, DELETE at the end', async () => {
    const page = await browser.page();
    await page.goto(inspector.url);
    await page.getByTestId('nav-scenarios').click();
    await page.getByTestId('run-1-http').click();
    // This run's transcript (the previous run's is in the page's history too).
    const transcript = page.locator('[data-testid="scenario-transcript"]', { hasText: '— over http' });
    const finished = transcript.locator('[data-testid="scenario-state"]', { hasText: /passed in \d+ ms|FAILED/ });
    await finished.waitFor();
    expect(await finished.textContent(), (await transcript.textContent()) ?? '').toMatch(/passed/);
    expect(await page.getByTestId('scenario-fail').count()).toBe(0);
    await waitText(page, 'scenario-transcript', 'server → client request elicitation/create');
    // The last memory report: the DELETE ended the session.
    await waitText(page, 'memory-report-count', 'DELETE ended the session');
    await selectMessage(page, 'tools/call');
    const exchange = await detailText(page);
    expect(exchange).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/mcp\n/);
    expect(exchange).toMatch(/Mcp-Session-Id: \S+/);
    expect(exchange).not.toContain('Mcp-Method');
    await page.close();
  });
});
