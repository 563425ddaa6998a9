/**
 * Who can use `mcpkit inspect`: only its own page, opened from the URL it printed. A request
 * without the run's secret, from another origin (another port of 127.0.0.1 included), or naming
 * another host (DNS rebinding) is refused, and the page of another origin cannot drive the API
 * even when it knows the secret (the header needs a CORS preflight, which is never granted).
 * Requests are made raw (node:http, to set Host and Origin as an attacker would) and from a real
 * page in Chromium served on a second port of 127.0.0.1.
 */
import { createHash } from 'node:crypto';
import { request as httpRequest, createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleCommand, killInspectors, launchBrowser, startInspector, type Inspector, type TestBrowser } from './harness.js';

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One raw request to 127.0.0.1:port, with exactly the headers given (Host included). */
function raw(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, setHost: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The inspector's events from the start, read until `marker` shows (everything before it has arrived by then). */
function eventsUntil(inspector: Inspector, marker: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = { host: `127.0.0.1:${inspector.port}`, 'mcpkit-inspect-secret': inspector.secret };
    const req = httpRequest({ host: '127.0.0.1', port: inspector.port, path: '/api/events', headers, setHost: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        if (!text.includes(marker)) return;
        req.destroy();
        resolve(text);
      });
    });
    req.on('error', (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}

describe('mcpkit inspect refuses what is not its own page', () => {
  let inspector: Inspector;
  let host: string;
  let api: (path: string, headers: Record<string, string>, body?: string) => Promise<Answer>;
  beforeAll(async () => {
    inspector = await startInspector(['--stdio', exampleCommand('dual', false)]);
    host = `127.0.0.1:${inspector.port}`;
    api = (path, headers, body = '{"kind":"tools"}') => raw(inspector.port, 'POST', path, { host, 'content-type': 'application/json', ...headers }, body);
    await inspector.waitForStderr(/connected: modern/);
  });
  afterAll(async () => {
    await inspector?.stop();
    killInspectors();
  });

  it('the page needs the secret in its URL, and comes with a policy that loads and sends nothing elsewhere', async () => {
    expect((await raw(inspector.port, 'GET', '/', { host })).status).toBe(403);
    expect((await raw(inspector.port, 'GET', '/?secret=wrong', { host })).status).toBe(403);
    const page = await raw(inspector.port, 'GET', `/?secret=${inspector.secret}`, { host });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>mcpkit inspect</title>');
    // No CDN, nothing to fetch: the script and the style are inlined, and allowed by hash only.
    expect(page.body).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    // The one other script is the Apps host, by its path on this origin (and its SRI hash, below).
    expect(csp).toMatch(new RegExp(`script-src 'sha256-[A-Za-z0-9+/=]+' http://127\\.0\\.0\\.1:${inspector.port}/assets/apps-host\\.js(;|$)`));
    // The one frame it may have: the Apps sandbox proxy, on another port.
    expect(csp).toMatch(/frame-src http:\/\/127\.0\.0\.1:(\d+);/);
    expect(csp.match(/frame-src http:\/\/127\.0\.0\.1:(\d+);/)![1]).not.toBe(String(inspector.port));
    expect(csp).toMatch(/connect-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    // Other paths are refused before anything else without the secret, too.
    expect((await raw(inspector.port, 'GET', '/favicon.ico', { host })).status).toBe(403);
  });

  it('the Apps host script and the sandbox proxy: the script needs the secret; the sandbox is another port with a secret of its own, a frame only, never from another origin or a rebound name', async () => {
    const secret = { 'mcpkit-inspect-secret': inspector.secret };
    const info = await api('/api/apps-host', secret, '{}');
    expect(info.status).toBe(200);
    const { script, integrity, sandboxUrl } = JSON.parse(info.body) as { script: string; integrity: string; sandboxUrl: string };
    // The script: on the page's origin, behind the secret, and what its SRI hash says.
    expect((await raw(inspector.port, 'GET', '/assets/apps-host.js', { host })).status).toBe(403);
    const js = await raw(inspector.port, 'GET', script, { host, 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'script' });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(integrity).toBe(`sha384-${createHash('sha384').update(js.body).digest('base64')}`);
    // The sandbox: another port, a secret that is not the page's (the views it frames can read its URL).
    const url = new URL(sandboxUrl);
    const port = Number(url.port);
    expect(port).not.toBe(inspector.port);
    const sandboxSecret = url.searchParams.get('secret')!;
    expect(sandboxSecret).not.toBe(inspector.secret);
    const path = `${url.pathname}${url.search}`;
    const frame = { host: `127.0.0.1:${port}`, 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'iframe' };
    const ok = await raw(port, 'GET', path, frame);
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('<title>MCP Apps sandbox</title>');
    expect(ok.body).toContain(JSON.stringify(`http://${host}`));
    // spec: extensions/apps/2026-01-26/apps.mdx "Sandbox proxy" — no policy of its own (the view's frame
    // would inherit it); framed, so no X-Frame-Options.
    expect(ok.headers['content-security-policy']).toBeUndefined();
    expect(ok.headers['x-frame-options']).toBeUndefined();
    const refusedWith = async (headers: Record<string, string>, at = path): Promise<number> => (await raw(port, 'GET', at, headers)).status;
    expect(await refusedWith(frame, url.pathname)).toBe(403);
    expect(await refusedWith(frame, `${url.pathname}?secret=${inspector.secret}&host=${encodeURIComponent(`http://${host}`)}`)).toBe(403);
    expect(await refusedWith({ ...frame, host: `evil.example:${port}` })).toBe(403);
    expect(await refusedWith({ ...frame, origin: 'http://evil.example' })).toBe(403);
    expect(await refusedWith({ ...frame, 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await refusedWith({ ...frame, 'sec-fetch-site': 'none' })).toBe(403);
    expect(await refusedWith({ ...frame, 'sec-fetch-dest': 'document' })).toBe(403);
    // It proxies for this inspector's page only.
    expect(await refusedWith(frame, `${url.pathname}?secret=${sandboxSecret}&host=${encodeURIComponent('http://evil.example')}`)).toBe(400);
    // The sandbox's secret opens nothing on the page's port.
    expect((await raw(inspector.port, 'GET', `/?secret=${sandboxSecret}`, { host })).status).toBe(403);
  });

  it('an API request without the secret, or with a wrong one, is refused; with it, answered', async () => {
    expect((await api('/api/list', {})).status).toBe(403);
    expect((await api('/api/list', { 'mcpkit-inspect-secret': `${inspector.secret}x` })).status).toBe(403);
    expect((await raw(inspector.port, 'GET', '/api/events', { host })).status).toBe(403);
    const ok = await api('/api/list', { 'mcpkit-inspect-secret': inspector.secret });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).pages[0].items.some((tool: { name: string }) => tool.name === 'echo')).toBe(true);
  });

  it('a foreign Origin is refused even with the secret: another site, another port of 127.0.0.1, a sandboxed frame', async () => {
    const secret = { 'mcpkit-inspect-secret': inspector.secret };
    for (const origin of ['http://evil.example', `http://127.0.0.1:${inspector.port + 1}`, 'null', `https://127.0.0.1:${inspector.port}`]) {
      const answer = await api('/api/list', { ...secret, origin });
      expect(answer.status, origin).toBe(403);
      expect(answer.body).toContain('may not use this inspector');
    }
    expect((await api('/api/list', { ...secret, origin: `http://${host}` })).status).toBe(200);
    // What a browser says of a request from another site or another port.
    for (const site of ['cross-site', 'same-site']) expect((await api('/api/list', { ...secret, 'sec-fetch-site': site })).status).toBe(403);
    // A CORS preflight is never granted.
    const preflight = await raw(inspector.port, 'OPTIONS', '/api/call', {
      host,
      origin: 'http://evil.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,mcpkit-inspect-secret',
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('a rebinding Host is refused even with the secret (a site whose name resolves to 127.0.0.1)', async () => {
    const secret = { 'mcpkit-inspect-secret': inspector.secret };
    for (const name of [`evil.example:${inspector.port}`, `127.0.0.1.nip.io:${inspector.port}`, 'evil.example', `127.0.0.1:${inspector.port + 1}`]) {
      const answer = await raw(
        inspector.port,
        'POST',
        '/api/list',
        { host: name, 'content-type': 'application/json', ...secret, origin: `http://${name}` },
        '{"kind":"tools"}',
      );
      expect(answer.status, name).toBe(403);
      expect(answer.body).toContain('rebound');
      expect((await raw(inspector.port, 'GET', `/?secret=${inspector.secret}`, { host: name })).status).toBe(403);
    }
    expect((await raw(inspector.port, 'GET', `/?secret=${inspector.secret}`, { host: `localhost:${inspector.port}` })).status).toBe(200);
  });

  it('nothing the page sends is run: no API takes a command, and the scenarios name only the shipped example', async () => {
    const secret = { 'mcpkit-inspect-secret': inspector.secret };
    expect((await api('/api/spawn', secret, '{"command":"touch owned-by-the-page"}')).status).toBe(404);
    expect((await api('/api/scenario', secret, '{"index":99,"transport":"stdio"}')).status).toBe(400);
    const transport = await api('/api/scenario', secret, '{"index":0,"transport":"sh -c id"}');
    expect(transport.status).toBe(400);
    expect(JSON.parse(transport.body).error).toBe('transport must be stdio or http');
    expect((await api('/api/list', secret, 'not json')).status).toBe(400);
    expect((await api('/api/list', { ...secret, 'content-type': 'text/plain' })).status).toBe(415);
    // The refusals were told to the user.
    expect(inspector.stderr()).toMatch(/refused POST \/api\/list: Origin "http:\/\/evil\.example" may not use this inspector/);
  });
});

describe('a page of another origin cannot drive mcpkit inspect', () => {
  let browser: TestBrowser;
  let inspector: Inspector;
  let attacker: Server;
  let attackerUrl: string;
  beforeAll(async () => {
    [browser, inspector] = await Promise.all([launchBrowser(), startInspector(['--stdio', exampleCommand('dual', false)])]);
    // Another port of 127.0.0.1 is another origin (but the same site: cookies would be shared).
    attacker = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>elsewhere</title><p>a page on another port</p>');
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
    await inspector.waitForStderr(/connected: modern/);
  });
  afterAll(async () => {
    await browser?.close();
    await inspector?.stop();
    await new Promise((resolve) => attacker?.close(resolve));
    killInspectors();
  });

  it('its fetches fail or are refused, even knowing the secret, and no call reaches the server', async () => {
    const page = await browser.page();
    await page.goto(attackerUrl);
    const outcomes = await page.evaluate(
      async ({ origin, secret }) => {
        const body = JSON.stringify({ op: 'tools/call', params: { name: 'echo', arguments: { text: 'pwned' } } });
        const attempt = async (what: string, run: () => Promise<Response>): Promise<string> => {
          try {
            const response = await run();
            return `${what}: ${response.type} ${response.status}`;
          } catch (error) {
            return `${what}: failed (${(error as Error).name})`;
          }
        };
        return [
          // With the secret header: needs a preflight, which is refused.
          await attempt('header', () =>
            fetch(`${origin}/api/call`, { method: 'POST', headers: { 'content-type': 'application/json', 'Mcpkit-Inspect-Secret': secret }, body }),
          ),
          // A "simple" request (no preflight): it is sent and refused by the server, and even its opaque
          // answer is withheld from the page (Cross-Origin-Resource-Policy: same-origin).
          await attempt('simple', () => fetch(`${origin}/api/call`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body })),
          // Reading the page (secret and all): no CORS, so no reading.
          await attempt('read', () => fetch(`${origin}/?secret=${secret}`)),
          await attempt('events', () => fetch(`${origin}/api/events`, { headers: { 'Mcpkit-Inspect-Secret': secret } })),
        ];
      },
      { origin: inspector.origin, secret: inspector.secret },
    );
    expect(outcomes).toEqual(['header: failed (TypeError)', 'simple: failed (TypeError)', 'read: failed (TypeError)', 'events: failed (TypeError)']);
    // The server side: the preflight was refused for its origin (each reason is printed once), and nothing was called.
    await inspector.waitForStderr(/refused OPTIONS \/api\/call: Origin "http:\/\/127\.0\.0\.1:\d+" may not use this inspector/);
    // A call of our own afterwards marks the end of what to look at: nothing before it called a tool.
    const marker = await raw(
      inspector.port,
      'POST',
      '/api/list',
      { host: `127.0.0.1:${inspector.port}`, 'content-type': 'application/json', 'mcpkit-inspect-secret': inspector.secret },
      '{"kind":"prompts"}',
    );
    expect(marker.status).toBe(200);
    const events = await eventsUntil(inspector, '"method":"prompts/list"');
    expect(events).toContain('"state":"connected"');
    expect(events).not.toContain('"tools/call"');
    expect(events).not.toContain('pwned');
    await page.close();
  });
});
