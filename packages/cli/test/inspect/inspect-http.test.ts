/**
 * `mcpkit inspect --url` against the example server over Streamable HTTP on 127.0.0.1 (both eras on
 * one endpoint), and against @modelcontextprotocol/server-everything, in a real headless Chromium:
 * every exchange as it crossed the wire, with its headers and status codes.
 * spec: 2026-07-28/pages/basic/transports/streamable-http.mdx (Mcp-Method, Mcp-Name, one POST per
 * message); 2025-11-25/pages/basic/transports.mdx (Mcp-Session-Id minted at initialize, DELETE ends
 * the session)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killChildren, startExample, type HttpExample } from '../helpers.js';
import { startServerEverything } from '../server-everything.js';
import {
  choose,
  detailText,
  field,
  killInspectors,
  launchBrowser,
  screenshot,
  selectMessage,
  startInspector,
  STEP_WAIT_MS,
  waitText,
  whatTheInspectorShowed,
  type TestBrowser,
} from './harness.js';

describe('mcpkit inspect --url, in Chromium', () => {
  let browser: TestBrowser;
  let example: HttpExample;
  beforeAll(async () => {
    [browser, example] = await Promise.all([launchBrowser(), startExample('dual')]);
  });
  afterAll(async () => {
    await browser?.close();
    await example?.stop();
    killInspectors();
    killChildren();
  });

  it('modern: the real exchange of a message (headers, status) and its stdio line, a tool called with a form, an MRTR round, a listen notification', async () => {
    const inspector = await startInspector(['--url', example.endpoint]);
    const page = await browser.page();
    await page.goto(inspector.url);
    await waitText(page, 'verdict-era', 'modern 2026-07-28');
    expect(await waitText(page, 'probe-answer', 'DiscoverResult')).toContain('HTTP 200');
    await waitText(page, 'memory-client', 'Nothing.');

    await choose(page, 'tools', 'tools', 'add');
    await field(page, '[data-testid="tool-detail"]', 'a').fill('2');
    await field(page, '[data-testid="tool-detail"]', 'b').fill('40');
    await page.getByTestId('call-tool').click();
    expect(await waitText(page, 'call-result', 'structuredContent')).toContain('42');

    // The POST as it was sent and answered: the MCP headers mirror the body; the status is the server's.
    await selectMessage(page, 'tools/call');
    await waitText(page, 'detail-caption', 'as it crossed the wire: one POST and its reply');
    const http = await detailText(page);
    expect(http).toContain(`POST ${example.endpoint}`);
    expect(http).toContain('Mcp-Method: tools/call');
    expect(http).toContain('Mcp-Name: add');
    expect(http).toContain('MCP-Protocol-Version: 2026-07-28');
    expect(http).toMatch(/HTTP\/1\.1 200 OK\nContent-Type: (application\/json|text\/event-stream)/);
    expect(http).not.toContain('Mcp-Session-Id');
    await screenshot(page, 'wire-http-exchange');
    await page.getByTestId('detail-show-stdio').click();
    await waitText(page, 'detail-caption', 'as a stdio line (it really went over HTTP)');
    expect(await detailText(page)).toMatch(/^\{"jsonrpc":"2\.0","id":\d+,"method":"tools\/call",.*"name":"add","arguments":\{"a":2,"b":40\}\}\}⏎$/);

    // MRTR over HTTP: the server asks for a name; the page answers; the retry completes.
    await choose(page, 'tools', 'tools', 'test_input_required_result_elicitation');
    await page.getByTestId('call-tool').click();
    await waitText(page, 'mrtr-round', 'user_name');
    await field(page, '[data-testid="input-elicitation-form"]', 'name').fill('Grace');
    await page.getByTestId('input-accept').click();
    await waitText(page, 'call-result', 'Hello, Grace!');

    // A listen stream over HTTP: a prompt list change arrives live.
    await page.getByTestId('nav-listen').click();
    await page.getByTestId('listen-tools').uncheck();
    await page.getByTestId('listen-resources').uncheck();
    await page.getByTestId('listen-open').click();
    await waitText(page, 'listen-ack', 'promptsListChanged');
    await choose(page, 'tools', 'tools', 'test_trigger_prompt_change');
    await page.getByTestId('call-tool').click();
    await waitText(page, 'call-result', 'dynamic_prompt added');
    await page.getByTestId('nav-listen').click();
    await waitText(page, 'listen-notification', 'notifications/prompts/list_changed');

    await page.close();
    expect(await inspector.stop()).toBe(0);
  });

  it('legacy (--era legacy): no probe, the Mcp-Session-Id the server minted held in memory, a server request answered, DELETE on reconnect', async () => {
    const inspector = await startInspector(['--url', example.endpoint, '--era', 'legacy']);
    const page = await browser.page();
    await page.goto(inspector.url);
    await waitText(page, 'verdict-era', 'legacy');
    await waitText(page, 'verdict', 'No probe');
    const id = (await waitText(page, 'memory-session-id', /\S/)).trim();
    // The id is the one in the reply to initialize.
    await selectMessage(page, 'initialize');
    expect(await detailText(page)).toContain(`Mcp-Session-Id: ${id}`);
    // Every later POST carries it.
    await selectMessage(page, 'notifications/initialized');
    // The reply head may arrive after the message is drawn: wait for it.
    await waitText(page, 'detail-text', '202 Accepted');
    const initialized = await detailText(page);
    expect(initialized).toContain(`Mcp-Session-Id: ${id}`);
    expect(initialized).toMatch(/HTTP\/1\.1 202 Accepted/);
    expect(initialized).not.toContain('Mcp-Method');

    await choose(page, 'tools', 'tools', 'test_input_required_result_elicitation');
    await page.getByTestId('call-tool').click();
    await waitText(page, 'server-request', 'elicitation/create');
    await field(page, '[data-testid="input-elicitation-form"]', 'name').fill('Lin');
    await page.getByTestId('input-accept').click();
    await waitText(page, 'call-result', 'Hello, Lin!');

    // Reconnecting ends the session with a DELETE (on the wire) and opens a new one.
    await page.getByTestId('reconnect').click();
    await page.locator('[data-testid="wire-row"]', { hasText: 'DELETE' }).first().click();
    expect(await detailText(page)).toMatch(new RegExp(`DELETE ${example.endpoint}[\\s\\S]*Mcp-Session-Id: ${id}[\\s\\S]*HTTP/1\\.1 (200|204)`));
    await page.waitForFunction(
      (old) =>
        /\S/.test(document.querySelector('[data-testid="memory-session-id"]')?.textContent ?? '') &&
        document.querySelector('[data-testid="memory-session-id"]')?.textContent !== old,
      id,
    );
    await waitText(page, 'memory-client', 'yes (notifications/initialized sent)');

    await page.close();
    expect(await inspector.stop()).toBe(0);
  });

  it('a third-party server: @modelcontextprotocol/server-everything over Streamable HTTP', async () => {
    const peer = await startServerEverything('streamableHttp', STEP_WAIT_MS);
    const inspector = await startInspector(['--url', `http://127.0.0.1:${peer.port}/mcp`, '--no-auth']);
    const page = await browser.page();
    try {
      await page.goto(inspector.url);
      await waitText(page, 'verdict-era', 'legacy');
      await waitText(page, 'memory-session-id', /\S/);
      await choose(page, 'tools', 'tools', 'echo');
      await field(page, '[data-testid="tool-detail"]', 'message').fill('from the inspector');
      await page.getByTestId('call-tool').click();
      await waitText(page, 'call-result', 'Echo: from the inspector');
      await page.getByTestId('nav-prompts').click();
      await page.locator('[data-testid="item-prompts"]').first().waitFor();
      await page.close();
      expect(await inspector.stop()).toBe(0);
    } catch (error) {
      // What the page, the inspector and the server showed: a step that never happened says why.
      throw new Error(
        `${(error as Error).message}\n${await whatTheInspectorShowed(page, inspector)}\nserver-everything's stderr:\n${peer.stderr().slice(-4000)}`,
        { cause: error },
      );
    } finally {
      await peer.stop();
    }
  });
});
