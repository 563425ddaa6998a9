import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/main.js';
import type { Terminal } from '../src/output/terminal.js';
import { styleFor } from '../src/output/style.js';
import { killChildren, mcpkit } from './helpers.js';
import { browser, PRE_REGISTERED, startProtectedStack, type ProtectedStack } from './oauth-stack.js';

/**
 * Signing in with the built `mcpkit` against a protected server (spec:
 * 2026-07-28/pages/basic/authorization/index.mdx): a 401 with a Bearer challenge starts discovery,
 * registration, PKCE and the authorization; mcpkit prints the URL, this test plays the browser (GET,
 * following the redirect to mcpkit's loopback listener), and the command goes on with the token.
 */
describe('signing in (OAuth)', () => {
  let stack: ProtectedStack;
  beforeAll(async () => {
    stack = await startProtectedStack();
  });
  afterEach(() => {
    stack.as.deny = false;
    stack.as.cimd = false;
    stack.as.registration = true;
  });
  afterAll(async () => {
    killChildren();
    await stack.close();
  });

  it.each(['auto', 'modern', 'legacy'] as const)('a 401 starts a sign-in; the call succeeds with the token (--era %s)', async (era) => {
    const user = browser();
    const run = await mcpkit(['tools', 'call', 'read_notes', '--era', era, '--url', stack.url], { onStderr: user.onStderr });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('buy milk\n');
    expect(user.visits).toHaveLength(1);
    const visit = await user.visits[0]!;
    // The browser ended on mcpkit's loopback listener (127.0.0.1, a port of its own), which said so.
    expect(visit.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
    expect(visit.page).toContain('Authorization complete.');
    const authorizationUrl = new URL(/Open this URL to sign in: (\S+)/.exec(run.stderr)![1]!);
    expect(authorizationUrl.origin).toBe(stack.as.issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(stack.url);
    expect(authorizationUrl.searchParams.get('scope')).toBe('notes:read');
  });

  it('the loopback listener runs only while signing in: none is left listening when the command ends', async () => {
    const user = browser();
    let redirectUri: string | undefined;
    let out = '';
    const term: Terminal = {
      out: (text) => void (out += text),
      err: (text) => {
        const shown = /Open this URL to sign in: (\S+)/.exec(text);
        if (shown) redirectUri ??= new URL(shown[1]!).searchParams.get('redirect_uri') ?? undefined;
        user.onStderr(`${text}\n`);
      },
      errRaw: () => undefined,
      outStyle: styleFor(process.stdout, false),
      errStyle: styleFor(process.stderr, false),
      errIsTTY: false,
      inIsTTY: false,
    };
    const code = await main(['tools', 'call', 'read_notes', '--url', stack.url], term);
    expect(code).toBe(0);
    expect(out).toBe('buy milk');
    // The browser reached the listener while signing in; once the command is done, its port refuses.
    const visit = (await user.visits[0])!;
    expect(redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(visit.url.startsWith(`${redirectUri}?`)).toBe(true);
    expect(visit.page).toContain('Authorization complete.');
    const after = await fetch(redirectUri!).then(
      () => 'answered',
      (error: Error) => (error.cause as { code?: string } | undefined)?.code,
    );
    expect(after).toBe('ECONNREFUSED');
  });

  it('--client-id/--client-secret: a pre-registered confidential client, no registration; --scope adds scopes', async () => {
    const registrations = stack.as.eventsOf('register').length;
    const user = browser();
    const run = await mcpkit(
      [
        'tools',
        'call',
        'read_notes',
        '--url',
        stack.url,
        '--client-id',
        PRE_REGISTERED.clientId,
        '--client-secret',
        PRE_REGISTERED.clientSecret,
        '--scope',
        'profile notes:read',
      ],
      { onStderr: user.onStderr },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('buy milk\n');
    expect(stack.as.eventsOf('register')).toHaveLength(registrations);
    const authorize = stack.as.eventsOf('authorize').at(-1)!;
    expect(authorize.params.client_id).toBe(PRE_REGISTERED.clientId);
    expect(authorize.params.scope?.split(' ').sort()).toEqual(['notes:read', 'profile']);
    expect(stack.as.eventsOf('token').at(-1)!.clientAuth).toBe('client_secret_basic');
    expect(run.stderr).not.toContain(PRE_REGISTERED.clientSecret);
  });

  it('--client-metadata-url: the document URL is the client id where the server supports it (no registration)', async () => {
    stack.as.cimd = true;
    const registrations = stack.as.eventsOf('register').length;
    const document = 'https://mcpkit.example/client.json';
    const user = browser();
    const run = await mcpkit(['tools', 'call', 'read_notes', '--url', stack.url, '--client-metadata-url', document], { onStderr: user.onStderr });
    expect(run.code, run.stderr).toBe(0);
    expect(stack.as.eventsOf('authorize').at(-1)!.params.client_id).toBe(document);
    expect(stack.as.eventsOf('register')).toHaveLength(registrations);
  });

  it('a 403 insufficient_scope signs in again with the union of scopes, on the same loopback port', async () => {
    const registrations = stack.as.eventsOf('register').length;
    const user = browser();
    const run = await mcpkit(['tools', 'call', 'write_note', '--args', '{"text":"hi"}', '--url', stack.url], { onStderr: user.onStderr });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('saved: hi\n');
    expect(user.visits).toHaveLength(2);
    const [first, second] = stack.as
      .eventsOf('authorize')
      .slice(-2)
      .map((e) => e.params);
    expect(first!.scope).toBe('notes:read');
    expect(second!.scope?.split(' ').sort()).toEqual(['notes:read', 'notes:write']);
    // The listener came back on its port, so the registered redirect URI still holds: one registration.
    expect(second!.redirect_uri).toBe(first!.redirect_uri);
    expect(stack.as.eventsOf('register')).toHaveLength(registrations + 1);
  });

  it('Ctrl+C while waiting for the browser: interrupted (130), nothing left waiting', async () => {
    const run = await mcpkit(['tools', 'list', '--url', stack.url], {
      onStderr: (text, child) => {
        if (text.includes('Open this URL to sign in')) child.kill('SIGINT');
      },
    });
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('mcpkit: interrupted');
  });

  it('--token: a ready bearer token is sent as it is, with no sign-in', async () => {
    const token = await stack.as.sign(stack.url, 'notes:read');
    const authorizations = stack.as.eventsOf('authorize').length;
    const run = await mcpkit(['tools', 'call', 'read_notes', '--url', stack.url, '--token', token]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('buy milk\n');
    expect(run.stderr).not.toContain('Open this URL');
    expect(stack.as.eventsOf('authorize')).toHaveLength(authorizations);
  });

  it('--token the server refuses: exit 3, saying the token was refused', async () => {
    const token = await stack.as.sign('http://127.0.0.1:9/other', 'notes:read');
    const run = await mcpkit(['tools', 'call', 'read_notes', '--era', 'modern', '--url', stack.url, '--token', token]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('HTTP 401 Unauthorized: the server requires authorization');
    expect(run.stderr).toContain('the token given with --token was refused');
    expect(run.stderr).not.toContain(token);
  });

  it.each(['auto', 'modern', 'legacy'] as const)('--no-auth: a 401 is an error, exit 3, and nothing signs in (--era %s)', async (era) => {
    const authorizations = stack.as.eventsOf('authorize').length;
    const run = await mcpkit(['tools', 'list', '--era', era, '--no-auth', '--url', stack.url]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`mcpkit: HTTP 401 Unauthorized: the server requires authorization (${stack.url})`);
    expect(run.stderr).toContain('drop --no-auth to sign in');
    expect(run.stderr).not.toContain('Open this URL');
    expect(stack.as.eventsOf('authorize')).toHaveLength(authorizations);
  });

  it('--trace: the sign-in exchanges are shown, the Authorization header masked; no token, no client secret', async () => {
    const user = browser();
    const run = await mcpkit(
      ['tools', 'call', 'read_notes', '--trace', '--url', stack.url, '--client-id', PRE_REGISTERED.clientId, '--client-secret', PRE_REGISTERED.clientSecret],
      { onStderr: user.onStderr },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/← 401 Unauthorized\n {4}Content-Type: [^\n]*\n {4}WWW-Authenticate: Bearer /);
    expect(run.stderr).toContain(`→ GET ${stack.url.replace(/\/mcp$/, '')}/.well-known/oauth-protected-resource/mcp`);
    expect(run.stderr).toContain(`→ POST ${stack.as.issuer}/token`);
    expect(run.stderr).toMatch(/^ {4}Authorization: Basic \*\*\*$/m);
    expect(run.stderr).toMatch(/^ {4}Authorization: Bearer \*\*\*$/m);
    for (const token of stack.as.issued) expect(run.stderr).not.toContain(token.slice(-16));
    for (const secret of stack.as.secrets) expect(run.stderr).not.toContain(secret);
    expect(run.stdout).toBe('buy milk\n');
  });

  it('--trace with --token shows Authorization: Bearer *** and never the token', async () => {
    const token = await stack.as.sign(stack.url, 'notes:read');
    const run = await mcpkit(['tools', 'call', 'read_notes', '--trace', '--era', 'legacy', '--url', stack.url, '--token', token]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^ {4}Authorization: Bearer \*\*\*$/m);
    expect(run.stderr).not.toContain(token.slice(-8));
  });

  it('a denied authorization (error=access_denied): exit 3 with a one-line reason', async () => {
    stack.as.deny = true;
    const user = browser();
    const run = await mcpkit(['tools', 'list', '--url', stack.url], { onStderr: user.onStderr });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(
      /^mcpkit: sign-in failed \(authorization_denied\): The authorization server refused the authorization \(access_denied: the user denied access\)$/m,
    );
    expect((await user.visits[0]!).page).toContain('Authorization did not complete.');
    expect(run.stdout).toBe('');
  });

  it('no way to get a client id (no registration, no --client-id): exit 3 saying what to give', async () => {
    stack.as.registration = false;
    const run = await mcpkit(['tools', 'list', '--url', stack.url]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^mcpkit: sign-in failed \(client_identity_required\): No client id for the authorization server /m);
    expect(run.stderr).toContain('give --client-id (and --client-secret), or --client-metadata-url');
    expect(run.stderr).not.toContain('Open this URL');
  });

  it('--token-file keeps the registration and tokens (mode 0600): the next run signs in no more', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpkit-oauth-'));
    try {
      const file = join(dir, 'tokens.json');
      const user = browser();
      const first = await mcpkit(['tools', 'call', 'read_notes', '--url', stack.url, '--token-file', file], { onStderr: user.onStderr });
      expect(first.code, first.stderr).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).tokens)).toEqual([stack.url]);
      const authorizations = stack.as.eventsOf('authorize').length;
      const second = await mcpkit(['tools', 'call', 'read_notes', '--url', stack.url, '--token-file', file]);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toBe('buy milk\n');
      expect(second.stderr).not.toContain('Open this URL');
      expect(stack.as.eventsOf('authorize')).toHaveLength(authorizations);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sign-in options on the command line', () => {
  afterAll(killChildren);

  it.each([
    [['--token', 't', '--no-auth'], 'give either --token or --no-auth, not both'],
    [['--client-secret', 's'], '--client-secret needs the --client-id it belongs to'],
    [['--token', 't', '--client-id', 'c'], '--client-id is for signing in; with --token nothing signs in'],
    [['--client-metadata-url', 'http://example.com/c.json'], '--client-metadata-url must be an https URL with a path'],
    [['--no-auth', '--scope', 'a'], '--scope signs in, but --no-auth says never to'],
  ])('%j is a usage error (exit 2)', async (options, message) => {
    const run = await mcpkit(['tools', 'list', '--url', 'http://127.0.0.1:9/mcp', ...options]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('sign-in options are refused for --stdio, and the secret is never repeated', async () => {
    const run = await mcpkit(['tools', 'list', '--stdio', 'node x.js', '--client-id', 'c', '--client-secret', 'very-secret-value']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('only makes sense with --url');
    expect(run.stderr).not.toContain('very-secret-value');
  });
});

describe('a server that accepts a request and never answers, with signing in possible (the default on --url)', () => {
  it('fails after --timeout, not after the sign-in wait: exit 3 naming the silent server', async () => {
    const { createServer } = await import('node:http');
    const sockets = new Set<import('node:net').Socket>();
    const silent = createServer(() => undefined); // reads the request, never writes a response
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as import('node:net').AddressInfo;
    try {
      const run = await mcpkit(['discover', '--timeout', '1000', '--url', `http://127.0.0.1:${port}/mcp`]);
      expect(run.code, run.stderr).toBe(3);
      expect(run.stderr).toContain(`no answer from http://127.0.0.1:${port}/mcp within 1000 ms`);
      expect(run.stderr).not.toContain('cannot reach');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
