/**
 * DPoP end to end (RFC 9449), over real HTTP on 127.0.0.1: the test authorization server binds tokens
 * to the client's key (`cnf.jkt`, token_type DPoP), our `withOAuth` client sends `Authorization: DPoP`
 * with a fresh proof on every request, and `bearerGuard` with `dpop` checks each proof, in both eras
 * (a modern client, and a 2025-11-25 session through `dualEra`), with nonces from both servers.
 */
import { HttpClientTransport } from '@mcpkit/http';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { headlessRedirect, withOAuth, type OAuthFetch } from '../src/client.js';
import { parseWwwAuthenticate } from '../src/index.js';
import { startDpopStack, type DpopStack, type DpopStackOptions } from './support/dpop-stack.js';
import { legacyClient, modernClient, recordingFetch, REDIRECT_URI, text, type Exchange } from './support/stack.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

async function start(options: DpopStackOptions = {}): Promise<DpopStack> {
  const stack = await startDpopStack(options);
  stops.push(() => stack.close());
  return stack;
}

function signIn(stack: DpopStack, log: Exchange[] = []): OAuthFetch {
  return withOAuth(recordingFetch(log), {
    serverUrl: stack.url,
    redirect: headlessRedirect({ redirectUri: REDIRECT_URI }),
    clientMetadata: { clientName: 'dpop-test' },
  });
}

const jtiOf = (proof: string) => decodeJwt(proof).jti as string;
const jktOfProof = async (proof: string) => {
  const { calculateJwkThumbprint } = await import('jose');
  return calculateJwkThumbprint(decodeProtectedHeader(proof).jwk!, 'sha256');
};

describe('DPoP-bound tokens from sign-in to tool call', () => {
  // spec: RFC 9449 §5 (token request), §7.1 (the DPoP scheme), §8 and §9 (nonces from both servers)
  it('a modern client gets a bound token and presents it with a fresh proof per request, answering both nonces once', async () => {
    const stack = await start({ as: { dpop: { requireNonce: true } }, dpop: { nonce: true } });
    const authed = signIn(stack);
    const mcp = modernClient(stack.url, authed);
    stops.push(() => mcp.close());

    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk');
    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk');

    const tokens = stack.as.eventsOf('token');
    // The first token request carried no nonce: 400 use_dpop_nonce, then once more with it.
    expect(tokens.map((e) => e.outcome)).toEqual(['use_dpop_nonce', 'ok']);
    const jkt = tokens[1]!.dpopJkt!;
    expect(stack.as.eventsOf('authorize')[0]!.params.dpop_jkt).toBe(jkt);

    const withToken = stack.hits.filter((h) => h.scheme !== undefined);
    expect(withToken.every((h) => h.scheme === 'DPoP' && h.proof !== null)).toBe(true);
    // The resource server's own nonce: one 401 use_dpop_nonce, answered once, then every request passes.
    expect(withToken.map((h) => h.status)).toEqual([401, 200, 200]);
    expect(parseWwwAuthenticate(withToken[0]!.challenge).find((c) => c.scheme === 'DPoP')?.params.error).toBe('use_dpop_nonce');
    expect(decodeJwt(withToken[1]!.proof!).nonce).toBe(withToken[0]!.nonce);
    const proofs = withToken.map((h) => h.proof!);
    expect(new Set(proofs.map(jtiOf)).size).toBe(proofs.length);
    for (const proof of proofs) expect(await jktOfProof(proof)).toBe(jkt);
  });

  it('a 2025-11-25 session through dualEra signs every POST, GET and DELETE of its session with the method it uses', async () => {
    const stack = await start({ legacy: true });
    const authed = signIn(stack);
    const session = await legacyClient(stack.url, authed);
    expect(text(await session.callTool({ name: 'read_notes' }))).toBe('buy milk');
    await session.close();

    const withToken = stack.hits.filter((h) => h.scheme !== undefined);
    expect(withToken.length).toBeGreaterThan(2);
    expect(withToken.every((h) => h.scheme === 'DPoP' && h.status < 400)).toBe(true);
    for (const hit of withToken) expect(decodeJwt(hit.proof!).htm).toBe(hit.method);
    expect(new Set(withToken.map((h) => h.method))).toContain('DELETE');
  });

  it('steps up with the same key, and refreshes a bound token with a proof of that key', async () => {
    const stack = await start();
    const authed = signIn(stack);
    const mcp = modernClient(stack.url, authed);
    stops.push(() => mcp.close());
    stack.as.nextTokens.push({ expiresIn: 0 });
    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk');
    // The token announced expires_in 0: the next call refreshes first (the refresh token is bound: public client).
    expect(text(await mcp.callTool({ name: 'write_note', arguments: { text: 'dpop' } }))).toBe('saved: dpop');
    const tokens = stack.as.eventsOf('token');
    expect(tokens.map((e) => [e.params.grant_type, e.outcome])).toEqual([
      ['authorization_code', 'ok'],
      ['refresh_token', 'ok'],
      ['authorization_code', 'ok'],
    ]);
    expect(new Set(tokens.map((e) => e.dpopJkt)).size).toBe(1);
  });

  it('answers a new resource-server nonce once the injected clock has moved past the old one', async () => {
    const stack = await start({ dpop: { nonce: { lifetimeSeconds: 60 } } });
    const authed = signIn(stack);
    const mcp = modernClient(stack.url, authed);
    stops.push(() => mcp.close());
    await mcp.callTool({ name: 'read_notes' });
    const before = stack.hits.length;
    stack.clock.advance(121); // two nonce lifetimes: the nonce the client holds is no longer accepted
    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk');
    expect(stack.hits.slice(before).map((h) => h.status)).toEqual([401, 200]);
    expect(stack.as.eventsOf('token')).toHaveLength(1); // a nonce is not a reason to sign in again
  });

  it('sends its bound token as Bearer to a resource server that challenges only with Bearer (RFC 9449 §7.2)', async () => {
    const stack = await start({ dpop: false });
    const log: Exchange[] = [];
    const authed = signIn(stack, log);
    const mcp = modernClient(stack.url, authed);
    stops.push(() => mcp.close());
    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk');
    expect(stack.hits.map((h) => [h.scheme, h.status])).toEqual([
      [undefined, 401],
      ['DPoP', 401],
      ['Bearer', 200],
    ]);
    await mcp.callTool({ name: 'read_notes' });
    expect(stack.hits.at(-1)).toMatchObject({ scheme: 'Bearer', status: 200 });
  });

  it('with dpop: false the client never sends a proof, and the server takes its Bearer token', async () => {
    const stack = await start();
    const authed = withOAuth(fetch, { serverUrl: stack.url, redirect: headlessRedirect({ redirectUri: REDIRECT_URI }), dpop: false });
    const mcp = new (await import('@mcpkit/client')).ModernClient(new HttpClientTransport(stack.url, { fetch: authed }), { onWarning: () => undefined });
    stops.push(() => mcp.close());
    expect(text(await mcp.callTool({ name: 'read_notes' }))).toBe('buy milk');
    expect(stack.as.eventsOf('token').every((e) => e.dpopJkt === undefined)).toBe(true);
    expect(stack.hits.filter((h) => h.scheme !== undefined).every((h) => h.scheme === 'Bearer' && h.proof === null)).toBe(true);
  });
});
