/**
 * `mcpkit inspect --stdio` against the example server the CLI ships, in a real headless Chromium:
 * what a user sees and does in the page, for a modern and a legacy server.
 * spec: 2026-07-28/pages/basic/versioning.mdx (the era probe), 2026-07-28/pages/basic/patterns/mrtr.mdx
 * (input_required, a retry with a new id and requestState echoed), 2025-11-25/pages/basic/lifecycle.mdx
 * (initialize, then notifications/initialized; the session), 2026-07-28/pages/basic/transports/stdio.mdx
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  choose,
  detailText,
  exampleCommand,
  field,
  killInspectors,
  launchBrowser,
  screenshot,
  selectMessage,
  startInspector,
  waitText,
  type TestBrowser,
} from './harness.js';

const require = createRequire(import.meta.url);

describe('mcpkit inspect --stdio, the example server, in Chromium', () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    killInspectors();
  });

  it('modern: the verdict, a tool called with a form, an MRTR round answered in the page, a listen notification, the stdio/HTTP switch, nothing in memory', async () => {
    const inspector = await startInspector(['--stdio', exampleCommand('dual')]);
    const page = await browser.page();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(inspector.url);

    // The decision: the probe, what came back, the rule that applied.
    await waitText(page, 'verdict-era', 'modern 2026-07-28');
    expect(await waitText(page, 'probe-answer', 'DiscoverResult')).toContain('supportedVersions 2026-07-28');
    expect(await waitText(page, 'verdict-reason', 'Why')).toContain('DiscoverResult');
    await waitText(page, 'protocol-version', '2026-07-28');
    await waitText(page, 'instructions', 'demonstration server');
    // Server memory: nothing, in our words and in the server's (it reports after each request).
    await waitText(page, 'memory-client', 'Nothing.');
    await waitText(page, 'memory-report-count', 'nothing: 0 sessions');
    await screenshot(page, 'overview-modern');

    // A tool called with a form generated from its inputSchema; the required field is checked first.
    await choose(page, 'tools', 'tools', 'echo');
    await page.getByTestId('call-tool').click();
    await waitText(page, 'tool-detail', '"text" is required');
    await field(page, '[data-testid="tool-detail"]', 'text').fill('hello from the page');
    await page.getByTestId('call-tool').click();
    await waitText(page, 'call-result', 'hello from the page');
    await waitText(page, 'call-state', 'complete');

    // The same message as the stdio line, then as the HTTP exchange (with the headers it would carry).
    await selectMessage(page, 'tools/call');
    expect(await waitText(page, 'detail-caption', 'stdin')).toContain('as it crossed the wire');
    const line = await detailText(page);
    expect(line).toMatch(/^\{"jsonrpc":"2\.0","id":\d+,"method":"tools\/call","params":\{.*"name":"echo","arguments":\{"text":"hello from the page"\}\}\}⏎$/);
    await page.getByTestId('detail-show-http').click();
    await waitText(page, 'detail-caption', 'as the same message travels over Streamable HTTP');
    const http = await detailText(page);
    expect(http).toContain('POST /mcp');
    expect(http).toContain('Mcp-Method: tools/call');
    expect(http).toContain('Mcp-Name: echo');
    expect(http).toContain('MCP-Protocol-Version: 2026-07-28');
    expect(http).toMatch(
      /HTTP\/1\.1 200 OK\nContent-Type: application\/json\n\n\{"jsonrpc":"2\.0","id":\d+,"result":\{"resultType":"complete","content":\[\{"type":"text","text":"hello from the page"\}\]/,
    );
    await screenshot(page, 'wire-as-http');
    // The switch in the top bar flips it back.
    await page.getByTestId('show-stdio').click();
    await waitText(page, 'detail-caption', 'stdin');

    // MRTR: input_required, the form answered in the page, the retry as a new request echoing requestState.
    await choose(page, 'tools', 'tools', 'test_input_required_result_request_state');
    await page.getByTestId('call-tool').click();
    await waitText(page, 'mrtr-round', 'round 1');
    expect(await waitText(page, 'mrtr-round', 'confirm')).toContain('requestState');
    await waitText(page, 'input-message', 'Please confirm');
    await screenshot(page, 'mrtr-round');
    await field(page, '[data-testid="input-elicitation-form"]', 'ok').check();
    await page.getByTestId('input-accept').click();
    await waitText(page, 'call-result', 'state-ok: confirmed=true');
    expect(await waitText(page, 'call-steps', 'the retry')).toMatch(/requestState echoed \(\d+ characters, unchanged\)/);
    // On the wire: two tools/call requests of that call, the second with a new id and the state.
    await selectMessage(page, 'tools/call', 2);
    const retry = JSON.parse((await detailText(page)).replace(/⏎$/, ''));
    await selectMessage(page, 'tools/call', 1);
    const first = JSON.parse((await detailText(page)).replace(/⏎$/, ''));
    expect(retry.id).not.toBe(first.id);
    expect(typeof retry.params.requestState).toBe('string');
    expect(retry.params.inputResponses.confirm).toEqual({ action: 'accept', content: { ok: true } });

    // A listen stream: a tool list change appears live.
    await page.getByTestId('nav-listen').click();
    await page.getByTestId('listen-prompts').uncheck();
    await page.getByTestId('listen-resources').uncheck();
    await page.getByTestId('listen-open').click();
    await waitText(page, 'listen-ack', 'toolsListChanged');
    await choose(page, 'tools', 'tools', 'test_trigger_tool_change');
    await page.getByTestId('call-tool').click();
    await waitText(page, 'call-result', 'dynamic_tool added');
    await page.getByTestId('nav-listen').click();
    await waitText(page, 'listen-notification', 'notifications/tools/list_changed');
    await screenshot(page, 'listen');
    // The tools view read its list again when the notification came.
    await page.getByTestId('nav-tools').click();
    await page.locator('[data-testid="item-tools"][data-key="dynamic_tool"]').waitFor();

    expect(errors).toEqual([]);
    await page.close();
    expect(await inspector.stop()).toBe(0);
  });

  it('legacy: the probe falls back, the session in memory (ours and the server’s), a server-initiated elicitation answered in the page', async () => {
    const inspector = await startInspector(['--stdio', exampleCommand('legacy')]);
    const page = await browser.page();
    await page.goto(inspector.url);

    await waitText(page, 'verdict-era', 'legacy');
    // The legacy-only server answers the modern probe with an error that is not -32022.
    expect(await waitText(page, 'probe-answer', 'error')).not.toContain('-32022');
    await waitText(page, 'verdict', 'initialize → ');
    await waitText(page, 'protocol-version', '2025-11-25');

    // The session: what this client put in it, and what the server says it holds.
    const ours = await waitText(page, 'memory-client', 'initialized');
    expect(ours).toContain('A legacy session');
    expect(ours).toContain('the stdio connection itself');
    expect(ours).toContain('2025-11-25');
    expect(ours).toContain('yes (notifications/initialized sent)');
    expect(ours).toContain('mcpkit');
    const theirs = await waitText(page, 'memory-report', '1 session(s)');
    expect(theirs).toMatch(/protocol 2025-11-25, client mcpkit/);
    await screenshot(page, 'memory-legacy');

    // In this era the server asks with a request of its own, in the middle of the call.
    await choose(page, 'tools', 'tools', 'test_input_required_result_elicitation');
    await page.getByTestId('call-tool').click();
    await waitText(page, 'server-request', 'elicitation/create');
    expect(await waitText(page, 'input-elicitation-form', 'server-initiated request')).toContain('elicitation/create');
    await field(page, '[data-testid="input-elicitation-form"]', 'name').fill('Ada');
    await page.getByTestId('input-accept').click();
    await waitText(page, 'call-result', 'Hello, Ada!');
    await screenshot(page, 'legacy-server-request');
    // On the wire: the server's request came in, and the client's response went out.
    await selectMessage(page, 'elicitation/create');
    expect(await detailText(page)).toMatch(/"method":"elicitation\/create"/);

    await page.close();
    expect(await inspector.stop()).toBe(0);
  });
  it('progress, logs and cancellation of a call, from the page', async () => {
    const inspector = await startInspector(['--stdio', exampleCommand('modern', false)]);
    const page = await browser.page();
    await page.goto(inspector.url);
    await waitText(page, 'verdict-era', 'modern');
    // spec: 2026-07-28/pages/basic/patterns/progress.mdx — notifications/progress for the request's progressToken
    await choose(page, 'tools', 'tools', 'test_tool_with_progress');
    await page.getByTestId('call-tool').click();
    await waitText(page, 'call-result', 'Progress test completed');
    await waitText(page, 'call-progress', '100 / 100');
    // spec: 2026-07-28/pages/server/utilities/logging.mdx — logs sent to a request that set a logLevel
    await choose(page, 'tools', 'tools', 'test_tool_with_logging');
    await page.getByTestId('call-tool').click();
    await waitText(page, 'call-result', 'Logging test completed');
    const logs = await waitText(page, 'call-logs', 'Tool execution completed');
    expect(logs).toContain('Tool execution started');
    // spec: 2026-07-28/pages/basic/patterns/cancellation.mdx — cancelled while the server waits for an answer: the form is withdrawn, the call ends as cancelled
    await choose(page, 'tools', 'tools', 'test_input_required_result_elicitation');
    await page.getByTestId('call-tool').click();
    await page.getByTestId('input-elicitation-form').waitFor();
    await page.getByTestId('call-cancel').click();
    await waitText(page, 'call-state', 'cancelled');
    await waitText(page, 'input-settled', 'withdrawn');
    await page.close();
    expect(await inspector.stop()).toBe(0);
  });

  it('a third-party server: @modelcontextprotocol/server-everything over stdio', async () => {
    const script = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
    const inspector = await startInspector(['--stdio', `"${process.execPath}" "${script}" stdio`]);
    const page = await browser.page();
    await page.goto(inspector.url);
    await waitText(page, 'verdict-era', 'legacy');
    await waitText(page, 'server-card', 'protocol version');
    await waitText(page, 'memory-client', 'the stdio connection itself');
    await choose(page, 'tools', 'tools', 'echo');
    await field(page, '[data-testid="tool-detail"]', 'message').fill('over stdio');
    await page.getByTestId('call-tool').click();
    await waitText(page, 'call-result', 'Echo: over stdio');
    // Its resources come in pages: every page is read, and the view says how many.
    await page.getByTestId('nav-resources').click();
    await waitText(page, 'pages-resources', /item\(s\)/);
    await page.close();
    expect(await inspector.stop()).toBe(0);
  });
});
