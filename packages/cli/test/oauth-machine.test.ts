import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killChildren, mcpkit } from './helpers.js';
import { browser, PRE_REGISTERED, startProtectedStack, type ProtectedStack } from './oauth-stack.js';

/**
 * Signing in without a browser and with DPoP, with the built `mcpkit` against the protected notes
 * server (its guard takes DPoP-bound tokens): `--client-credentials` (a secret, or `--client-key` for
 * private_key_jwt; spec: extensions/auth/oauth-client-credentials.mdx), `--workload-identity-token`
 * (the JWT bearer grant, RFC 7523, SEP-1933), DPoP by default when the authorization server
 * advertises it (RFC 9449), `--no-dpop`, and a trace that shows no token, proof or assertion.
 */
const JWT = /eyJ[A-Za-z0-9_-]{8,}/;

describe('signing in without a browser, and DPoP', () => {
  let stack: ProtectedStack;
  let dir: string;
  beforeAll(async () => {
    stack = await startProtectedStack();
    dir = mkdtempSync(join(tmpdir(), 'mcpkit-machine-'));
  });
  afterEach(() => {
    stack.as.dpop = false;
  });
  afterAll(async () => {
    killChildren();
    await stack.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('--client-credentials with --client-secret: the client-credentials grant (Basic), no sign-in URL', async () => {
    const tokens = stack.as.eventsOf('token').length;
    const run = await mcpkit([
      'tools',
      'call',
      'read_notes',
      '--url',
      stack.url,
      '--client-credentials',
      '--client-id',
      PRE_REGISTERED.clientId,
      '--client-secret',
      PRE_REGISTERED.clientSecret,
      '--scope',
      'notes:read',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('buy milk\n');
    expect(run.stderr).not.toContain('Open this URL');
    const [event] = stack.as.eventsOf('token').slice(tokens);
    expect(event).toMatchObject({ clientAuth: 'client_secret_basic', params: { grant_type: 'client_credentials', resource: stack.url, scope: 'notes:read' } });
  });

  it('--client-credentials with --client-key: private_key_jwt from a PKCS#8 file, and the trace shows no assertion', async () => {
    const pem = await stack.as.keyClient('mcpkit-jwt-app');
    const keyFile = join(dir, 'client.pem');
    writeFileSync(keyFile, pem, { mode: 0o600 });
    const tokens = stack.as.eventsOf('token').length;
    const run = await mcpkit([
      'tools',
      'call',
      'read_notes',
      '--trace',
      '--url',
      stack.url,
      '--client-credentials',
      '--client-id',
      'mcpkit-jwt-app',
      '--client-key',
      keyFile,
      '--scope',
      'notes:read',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const [event] = stack.as.eventsOf('token').slice(tokens);
    expect(event).toMatchObject({ clientAuth: 'private_key_jwt', params: { grant_type: 'client_credentials' } });
    expect(run.stderr).toContain(`→ POST ${stack.as.issuer}/token`);
    expect(run.stderr).not.toMatch(JWT);
    expect(run.stderr).not.toContain('PRIVATE KEY');
  });

  it('--workload-identity-token FILE: the JWT bearer grant with the file as the assertion', async () => {
    const file = join(dir, 'workload-token');
    const token = await stack.as.workloadToken('repo:acme/notes');
    writeFileSync(file, `${token}\n`);
    const tokens = stack.as.eventsOf('token').length;
    const run = await mcpkit(['tools', 'call', 'read_notes', '--trace', '--url', stack.url, '--workload-identity-token', file, '--scope', 'notes:read']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('buy milk\n');
    const [event] = stack.as.eventsOf('token').slice(tokens);
    expect(event!.params).toMatchObject({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: token, resource: stack.url });
    expect(run.stderr).not.toContain(token.slice(-16));
  });

  it("a refused workload token: exit 3 with the server's reason, one token request", async () => {
    const file = join(dir, 'bad-token');
    writeFileSync(file, 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln');
    const tokens = stack.as.eventsOf('token').length;
    const run = await mcpkit(['tools', 'list', '--url', stack.url, '--workload-identity-token', file]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(
      /sign-in failed \(token_request_failed\): The token endpoint refused the urn:ietf:params:oauth:grant-type:jwt-bearer grant \(HTTP 400, invalid_grant: the workload token is not valid\)/,
    );
    expect(stack.as.eventsOf('token').slice(tokens)).toHaveLength(1);
  });

  it('DPoP by default when the authorization server advertises it: a bound token, Authorization: DPoP and a proof, all masked in the trace', async () => {
    stack.as.dpop = true;
    const user = browser();
    const tokens = stack.as.eventsOf('token').length;
    const run = await mcpkit(['tools', 'call', 'read_notes', '--trace', '--era', 'modern', '--url', stack.url], { onStderr: user.onStderr });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('buy milk\n');
    expect(stack.as.eventsOf('token').slice(tokens)[0]!.dpopJkt).toBeDefined();
    expect(run.stderr).toMatch(/^ {4}Authorization: DPoP \*\*\*$/m);
    expect(run.stderr).toMatch(/^ {4}DPoP: \*\*\*$/m);
    expect(run.stderr).not.toMatch(JWT);
    for (const token of stack.as.issued) expect(run.stderr).not.toContain(token.slice(-16));
  });

  it('--no-dpop: no proof even where the authorization server advertises DPoP; a plain Bearer token', async () => {
    stack.as.dpop = true;
    const tokens = stack.as.eventsOf('token').length;
    const run = await mcpkit([
      'tools',
      'call',
      'read_notes',
      '--trace',
      '--url',
      stack.url,
      '--no-dpop',
      '--client-credentials',
      '--client-id',
      PRE_REGISTERED.clientId,
      '--client-secret',
      PRE_REGISTERED.clientSecret,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(stack.as.eventsOf('token').slice(tokens)[0]!.dpopJkt).toBeUndefined();
    expect(run.stderr).toMatch(/^ {4}Authorization: Bearer \*\*\*$/m);
    expect(run.stderr).not.toMatch(/^ {4}DPoP: /m);
  });

  it('--token-file keeps the DPoP key with the bound token: the next run needs no new grant', async () => {
    stack.as.dpop = true;
    const file = join(dir, 'tokens.json');
    const args = [
      'tools',
      'call',
      'read_notes',
      '--url',
      stack.url,
      '--client-credentials',
      '--client-id',
      PRE_REGISTERED.clientId,
      '--client-secret',
      PRE_REGISTERED.clientSecret,
      '--token-file',
      file,
    ];
    expect((await mcpkit(args)).code).toBe(0);
    const stored = JSON.parse(readFileSync(file, 'utf8')).tokens[stack.url];
    expect(stored).toMatchObject({ tokenType: 'DPoP', dpopKey: { kty: 'EC', crv: 'P-256', d: expect.any(String) } });
    const tokens = stack.as.eventsOf('token').length;
    const statuses = stack.statuses.length;
    const second = await mcpkit(args);
    expect(second.code, second.stderr).toBe(0);
    expect(stack.as.eventsOf('token')).toHaveLength(tokens);
    expect(stack.statuses.slice(statuses)).not.toContain(401);
  });
});

describe('machine sign-in options on the command line', () => {
  afterAll(killChildren);

  it.each([
    [['--client-credentials'], '--client-credentials needs --client-id and its --client-secret (or --client-key for private_key_jwt)'],
    [['--client-credentials', '--client-id', 'c'], '--client-credentials needs --client-id and its --client-secret'],
    [
      ['--client-credentials', '--client-id', 'c', '--client-secret', 's', '--open'],
      '--open is for signing in in a browser; --client-credentials signs in without one',
    ],
    [
      ['--client-credentials', '--client-id', 'c', '--client-secret', 's', '--workload-identity-token', 'f'],
      'give --client-credentials or --workload-identity-token, not both',
    ],
    [['--workload-identity-token', 'f', '--client-metadata-url', 'https://example.com/c.json'], '--client-metadata-url is for signing in in a browser'],
    [['--client-key', 'k.pem'], '--client-key needs the --client-id it belongs to'],
    [['--client-id', 'c', '--client-secret', 's', '--client-key', 'k.pem'], 'give --client-secret or --client-key (private_key_jwt), not both'],
    [['--token', 't', '--no-dpop'], '--no-dpop is for signing in; with --token nothing signs in'],
    [['--client-credentials', '--client-id', 'c', '--client-key', '/nonexistent/k.pem'], '--client-key: cannot read /nonexistent/k.pem: ENOENT'],
  ])('%j is a usage error (exit 2)', async (options, message) => {
    const run = await mcpkit(['tools', 'list', '--url', 'http://127.0.0.1:9/mcp', ...options]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toContain('secret-value');
  });
});
