/**
 * The inspector's parts that need no browser: the page's size budget and its policy, the request
 * guard, the event log's replay, the server-memory tracker, the answers the page may give, and
 * the URI templates the page expands.
 * spec: 2025-11-25/pages/basic/lifecycle.mdx (what a session holds), 2026-07-28/pages/client/elicitation.mdx
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';
import { EventLog } from '../../src/inspect/event-log.js';
import { checkAnswer } from '../../src/inspect/input-broker.js';
import { MemoryTracker } from '../../src/inspect/memory-tracker.js';
import { composePage, pagePolicy } from '../../src/inspect/page-assets.js';
import { expandTemplate, templateVariables } from '../../src/inspect/page/uri-template.js';
import type { InputAsk, MemoryView, WireItem } from '../../src/inspect/protocol.js';
import { checkRequest, makeSecret, sameSecret } from '../../src/inspect/request-guard.js';

const built = (file: string) => readFileSync(new URL(`../../dist/inspect-page/${file}`, import.meta.url), 'utf8');

describe('the command line', () => {
  it('inspect takes a target, --era, --timeout, --port and the sign-in options, and nothing else', () => {
    const parsed = parseCommandLine(['inspect', '--stdio', 'node server.js', '--port', '0', '--era', 'legacy']);
    expect(parsed).toMatchObject({
      kind: 'inspect',
      command: { name: 'inspect', port: 0 },
      settings: { era: 'legacy', target: { kind: 'stdio', command: 'node', args: ['server.js'] } },
    });
    expect(parseCommandLine(['inspect', '--url', 'http://127.0.0.1:3000/mcp', '--token', 't'])).toMatchObject({
      command: { port: 0 },
      settings: { auth: { mode: 'token' } },
    });
    expect(() => parseCommandLine(['inspect'])).toThrow('`inspect` needs a server');
    expect(() => parseCommandLine(['inspect', '--stdio', 'x', '--trace'])).toThrow('`inspect` does not take --trace');
    expect(() => parseCommandLine(['inspect', '--stdio', 'x', '--port', '70000'])).toThrow('--port');
    expect(() => parseCommandLine(['inspect', 'extra', '--stdio', 'x'])).toThrow('unexpected arguments');
  });
});

describe('the page', () => {
  it('is small: the built document is under 40 KB gzipped (script, style and markup in one response)', () => {
    const page = composePage(built('app.js'), built('app.css'));
    expect(page.gzip.length).toBeLessThan(40 * 1024);
    expect(gunzipSync(page.gzip).equals(page.html)).toBe(true);
  });

  it('keeps the Apps host out of the inlined page: a second script, loaded on first use, allowed by its path only, with frames from the sandbox origin only', () => {
    // The host's own protocol strings are in its asset, not in the page.
    expect(built('apps-host.js')).toContain('ui/notifications/sandbox-resource-ready');
    expect(built('app.js')).not.toContain('ui/notifications/sandbox-resource-ready');
    const base = composePage('x()', 'b{}').csp;
    const served = pagePolicy(base, 'http://127.0.0.1:4000', 'http://127.0.0.1:4001');
    expect(served).toMatch(/script-src 'sha256-[^']+' http:\/\/127\.0\.0\.1:4000\/assets\/apps-host\.js; style-src/);
    expect(served).toContain("; frame-src http://127.0.0.1:4001; frame-ancestors 'none'");
    expect(base).not.toContain('frame-src');
  });

  it('allows exactly its own script and style, by hash, and an inlined end tag cannot close the script early', () => {
    const page = composePage('console.log("</script><b>")', 'b{color:red}');
    const html = page.html.toString('utf8');
    expect(html).toContain('console.log("<\\/script><b>")');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(page.csp).toMatch(/script-src 'sha256-[^']+'; style-src 'sha256-[^']+'/);
    expect(page.csp).not.toContain('unsafe');
  });
});

describe('the request guard', () => {
  const secret = makeSecret();
  const ok = { host: '127.0.0.1:4000', 'mcpkit-inspect-secret': secret };

  it('makes a fresh 256-bit secret per run', () => {
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(makeSecret()).not.toBe(secret);
    expect(sameSecret(secret, secret)).toBe(true);
    expect(sameSecret(`${secret}a`, secret)).toBe(false);
    expect(sameSecret('', secret)).toBe(false);
  });

  it('lets its own page through and nothing else', () => {
    expect(checkRequest({ headers: ok, querySecret: null }, 'api', 4000, secret)).toBeUndefined();
    expect(
      checkRequest({ headers: { ...ok, origin: 'http://127.0.0.1:4000', 'sec-fetch-site': 'same-origin' }, querySecret: null }, 'api', 4000, secret),
    ).toBeUndefined();
    expect(checkRequest({ headers: { host: 'localhost:4000', 'sec-fetch-site': 'none' }, querySecret: secret }, 'page', 4000, secret)).toBeUndefined();
    const refused = [
      checkRequest({ headers: { host: '127.0.0.1:4000' }, querySecret: null }, 'api', 4000, secret),
      checkRequest({ headers: { ...ok, host: 'rebound.example:4000' }, querySecret: null }, 'api', 4000, secret),
      checkRequest({ headers: { ...ok, origin: 'http://127.0.0.1:4001' }, querySecret: null }, 'api', 4000, secret),
      checkRequest({ headers: { ...ok, 'sec-fetch-site': 'same-site' }, querySecret: null }, 'api', 4000, secret),
      // A navigation typed by the user may open the page, never the API.
      checkRequest({ headers: { ...ok, 'sec-fetch-site': 'none' }, querySecret: null }, 'api', 4000, secret),
      // The secret goes in the URL for the page only: the API wants the header.
      checkRequest({ headers: { host: '127.0.0.1:4000' }, querySecret: secret }, 'api', 4000, secret),
    ];
    expect(refused.map((r) => r?.status)).toEqual([403, 403, 403, 403, 403, 403]);
  });
});

describe('the event log', () => {
  it('replays from any point and says when the oldest events were dropped', () => {
    let now = 0;
    const log = new EventLog(() => now++, 10);
    const seen: number[] = [];
    log.subscribe((event) => seen.push(event.seq));
    for (let i = 0; i < 12; i++) log.emit('live', { type: 'stderr', text: String(i) });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(log.size).toBe(10);
    expect(log.since(10).map((e) => e.seq)).toEqual([11, 12]);
    const from0 = log.since(0);
    expect(from0[0]).toMatchObject({ type: 'trimmed', dropped: 2 });
    expect(from0.slice(1).map((e) => e.seq)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(log.since(2)[0]!.seq).toBe(3);
  });
});

describe('the server-memory tracker', () => {
  const send = (message: object): WireItem => ({ dir: 'send', message: { jsonrpc: '2.0', ...message } as never, transport: 'http', era: 'legacy' });
  const receive = (message: object): WireItem => ({ dir: 'receive', message: { jsonrpc: '2.0', ...message } as never, transport: 'http', era: 'legacy' });
  const exchange = (method: string, headers: [string, string][] = []) => ({
    method,
    url: 'http://x/mcp',
    requestHeaders: [],
    status: 200,
    statusText: 'OK',
    responseHeaders: headers,
  });

  it('a legacy session holds what the client told it, from initialize to DELETE', () => {
    const views: MemoryView[] = [];
    const memory = new MemoryTracker('http', (view) => views.push(view));
    memory.setEra('legacy');
    const initialize = {
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: { roots: {} }, clientInfo: { name: 'me', version: '1' } },
    };
    memory.wire(send(initialize));
    memory.exchange(exchange('POST', [['Mcp-Session-Id', 'abc']]), initialize as never);
    memory.wire(receive({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }));
    memory.wire(send({ method: 'notifications/initialized' }));
    memory.wire(send({ id: 2, method: 'logging/setLevel', params: { level: 'debug' } }));
    memory.wire(send({ id: 3, method: 'resources/subscribe', params: { uri: 'test://a' } }));
    memory.wire(send({ id: 4, method: 'resources/subscribe', params: { uri: 'test://b' } }));
    memory.wire(send({ id: 5, method: 'resources/unsubscribe', params: { uri: 'test://a' } }));
    expect(memory.view().session).toEqual({
      id: 'abc',
      protocolVersion: '2025-11-25',
      clientInfo: { name: 'me', version: '1' },
      clientCapabilities: { roots: {} },
      initialized: true,
      logLevel: 'debug',
      subscriptions: ['test://b'],
    });
    memory.exchange(exchange('DELETE'), undefined);
    expect(memory.view().session?.ended).toBe('deleted');
    expect(views.length).toBeGreaterThan(5);
  });

  it('a modern server holds nothing, and the server’s own report is read from its stderr', () => {
    const memory = new MemoryTracker('stdio', () => undefined);
    memory.setEra('modern');
    memory.wire(send({ id: 1, method: 'initialize', params: {} }));
    memory.stderr('starting\nmcpkit-memory {"after":3,"server":"dual","ses');
    expect(memory.view().report).toBeUndefined();
    memory.stderr('sions":[]}\n');
    expect(memory.view()).toEqual({ era: 'modern', transport: 'stdio', report: { after: 3, sessions: [] } });
  });
});

describe('the answers the page gives', () => {
  const ask = (kind: InputAsk['kind'], params: Record<string, unknown>): InputAsk => ({
    id: 'input-1',
    kind,
    params,
    key: 'k',
    round: 1,
    method: 'tools/call',
    era: 'modern',
  });
  const form = ask('elicitation-form', { message: 'name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });

  it('an elicitation answer must fit the requested schema; declining needs no content', () => {
    expect(checkAnswer(form, { action: 'accept', content: { name: 'Ada' } })).toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(checkAnswer(form, { action: 'decline', content: { name: 1 } })).toEqual({ action: 'decline' });
    expect(() => checkAnswer(form, { action: 'accept', content: {} })).toThrow('"name" is required');
    expect(() => checkAnswer(form, { action: 'accept', content: { name: 'Ada', extra: 1 } })).toThrow('not a field of the form');
    expect(() => checkAnswer(form, { action: 'maybe' })).toThrow('action must be accept, decline or cancel');
  });

  it('a sampling answer becomes an assistant message; roots must be file:// URIs', () => {
    expect(checkAnswer(ask('sampling', {}), { text: 'Paris', model: 'me' })).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Paris' },
      model: 'me',
      stopReason: 'endTurn',
    });
    expect(
      checkAnswer(ask('roots', {}), {
        roots: [
          { uri: 'file:///tmp', name: 'tmp' },
          { uri: 'file:///x', name: '' },
        ],
      }),
    ).toEqual({ roots: [{ uri: 'file:///tmp', name: 'tmp' }, { uri: 'file:///x' }] });
    expect(() => checkAnswer(ask('roots', {}), { roots: [{ uri: 'https://x' }] })).toThrow('root 1 needs a file:// uri');
  });
});

describe('URI templates (RFC 6570) as the page expands them', () => {
  it('lists variables and expands the operators resource templates use', () => {
    expect(templateVariables('test://template/{id}/data{?page,size}')).toEqual(['id', 'page', 'size']);
    expect(expandTemplate('test://template/{id}/data', { id: 'a b/c' })).toBe('test://template/a%20b%2Fc/data');
    expect(expandTemplate('file:///{+path}', { path: 'a b/c' })).toBe('file:///a%20b/c');
    expect(expandTemplate('x://y{?page,size}', { page: '2' })).toBe('x://y?page=2');
    expect(expandTemplate('x://y{/a,b}', { a: '1', b: '2' })).toBe('x://y/1/2');
  });
});
