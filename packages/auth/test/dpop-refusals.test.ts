/**
 * What a DPoP-guarded server refuses, over real HTTP, each with the status and `WWW-Authenticate`
 * error RFC 9449 names (§7.1: `invalid_dpop_proof` for a bad proof, `invalid_token` for a bad binding,
 * §9: `use_dpop_nonce` with a `DPoP-Nonce`, §7.2: a bound token sent as Bearer), and the server goes
 * on serving good requests after each. Tokens come from the test authorization server's token
 * endpoint, bound to a key the test holds; proofs are made by hand.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseWwwAuthenticate } from '../src/index.js';
import { startDpopStack, type DpopStack, type DpopStackOptions } from './support/dpop-stack.js';
import { dpopKey, makeProof, type ProofClaims, type TestKey } from './support/proofs.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

const SVC = { clientId: 'svc', clientSecret: 'svc-secret-4711' };
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

interface Setup {
  stack: DpopStack;
  key: TestKey;
  token: string;
}

/** The stack, and a token bound to `key`, from a client_credentials grant with a proof. */
async function setup(options: DpopStackOptions = {}): Promise<Setup> {
  const stack = await startDpopStack({ ...options, as: { clients: [SVC], ...options.as } });
  stops.push(() => stack.close());
  const key = await dpopKey();
  const tokenEndpoint = `${stack.as.issuer}/token`;
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${btoa(`${SVC.clientId}:${SVC.clientSecret}`)}`,
      dpop: await makeProof(key, { htm: 'POST', htu: tokenEndpoint }),
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'notes:read', resource: stack.url }),
  });
  const body = (await response.json()) as { access_token: string; token_type: string };
  expect(body.token_type).toBe('DPoP');
  return { stack, key, token: body.access_token };
}

interface Answer {
  status: number;
  /** Parameters of each challenge by scheme (lower case). */
  challenges: Record<string, Record<string, string>>;
  nonce: string | null;
}

/** A modern tools/call of read_notes with the given credentials. */
async function call(url: string, token: string, options: { scheme?: string; proof?: string | string[] } = {}): Promise<Answer> {
  const headers = new Headers({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'read_notes',
    authorization: `${options.scheme ?? 'DPoP'} ${token}`,
  });
  for (const proof of [options.proof ?? []].flat()) headers.append('dpop', proof);
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read_notes', _meta: META } }),
  });
  await response.body?.cancel();
  const challenges = Object.fromEntries(parseWwwAuthenticate(response.headers.get('www-authenticate')).map((c) => [c.scheme.toLowerCase(), c.params]));
  return { status: response.status, challenges, nonce: response.headers.get('dpop-nonce') };
}

/** A proof for the request `call` makes, at the stack's clock. */
function proofFor(s: Setup, claims: Partial<ProofClaims> = {}, key = s.key): Promise<string> {
  return makeProof(key, { htm: 'POST', htu: s.stack.url, accessToken: s.token, iat: Math.floor(s.stack.clock.now() / 1000), ...claims });
}

/** After a refusal the server still serves a good request. */
async function stillServes(s: Setup, claims: Partial<ProofClaims> = {}): Promise<void> {
  expect((await call(s.stack.url, s.token, { proof: await proofFor(s, claims) })).status).toBe(200);
}

function expectDpopError(answer: Answer, error: string, description?: RegExp): void {
  expect(answer.status).toBe(401);
  expect(answer.challenges.dpop).toMatchObject({ error, algs: expect.stringContaining('ES256') });
  expect(answer.challenges.dpop!.resource_metadata).toContain('/.well-known/oauth-protected-resource/mcp');
  if (description) expect(answer.challenges.dpop!.error_description).toMatch(description);
  // The error goes on the challenge of the scheme the request used (RFC 9449 §7.2).
  expect(answer.challenges.bearer?.error).toBeUndefined();
}

describe('a DPoP-guarded server refuses, and keeps serving', () => {
  it('takes a good proof, then refuses the same proof again (replay, §11.1) with invalid_dpop_proof', async () => {
    const s = await setup();
    const proof = await proofFor(s);
    expect((await call(s.stack.url, s.token, { proof })).status).toBe(200);
    expectDpopError(await call(s.stack.url, s.token, { proof }), 'invalid_dpop_proof', /already used/);
    await stillServes(s);
  });

  it('refuses a proof for another URI or another method (§4.3 checks 8, 9)', async () => {
    const s = await setup();
    expectDpopError(
      await call(s.stack.url, s.token, { proof: await proofFor(s, { htu: s.stack.url.replace('/mcp', '/other') }) }),
      'invalid_dpop_proof',
      /htu/,
    );
    expectDpopError(await call(s.stack.url, s.token, { proof: await proofFor(s, { htm: 'GET' }) }), 'invalid_dpop_proof', /GET requests/);
    await stillServes(s);
    // htu is compared normalised (RFC 3986 §6.2.2, §6.2.3), query and fragment ignored.
    await stillServes(s, { htu: `${s.stack.url.replace('http://', 'HTTP://').replace('/mcp', '/./x/../%6Dcp')}?q=1#f` });
  });

  it('refuses a proof by another key than the token is bound to (invalid_token), and one whose jwk is not its signer', async () => {
    const s = await setup();
    const other = await dpopKey();
    const wrongKey = await call(s.stack.url, s.token, { proof: await proofFor(s, {}, other) });
    expectDpopError(wrongKey, 'invalid_token', /Invalid DPoP key binding/);
    const forged = await call(s.stack.url, s.token, { proof: await proofFor(s, { headerJwk: s.key.publicJwk }, other) });
    expectDpopError(forged, 'invalid_dpop_proof', /signature/);
    await stillServes(s);
  });

  it('refuses a stale iat against the injected clock, and a proof made in the future', async () => {
    const s = await setup();
    const now = Math.floor(s.stack.clock.now() / 1000);
    expectDpopError(await call(s.stack.url, s.token, { proof: await proofFor(s, { iat: now - 61 }) }), 'invalid_dpop_proof', /too old/);
    expectDpopError(await call(s.stack.url, s.token, { proof: await proofFor(s, { iat: now + 11 }) }), 'invalid_dpop_proof', /future/);
    // The same proof made now becomes stale when the server's clock moves past its window.
    const proof = await proofFor(s);
    s.stack.clock.advance(61);
    expectDpopError(await call(s.stack.url, s.token, { proof }), 'invalid_dpop_proof', /too old/);
    await stillServes(s);
  });

  it('answers a proof without the nonce it requires with use_dpop_nonce and a DPoP-Nonce (§9), then takes it with that nonce', async () => {
    const s = await setup({ dpop: { nonce: true } });
    const missing = await call(s.stack.url, s.token, { proof: await proofFor(s) });
    expectDpopError(missing, 'use_dpop_nonce');
    expect(missing.nonce).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expectDpopError(await call(s.stack.url, s.token, { proof: await proofFor(s, { nonce: `${missing.nonce!}x` }) }), 'use_dpop_nonce', /not current/);
    await stillServes(s, { nonce: missing.nonce! });
  });

  it('refuses its DPoP-bound token sent as a bearer token (§7.2), the error on the Bearer challenge', async () => {
    const s = await setup();
    const downgraded = await call(s.stack.url, s.token, { scheme: 'Bearer' });
    expect(downgraded.status).toBe(401);
    expect(downgraded.challenges.bearer).toMatchObject({ error: 'invalid_token', error_description: expect.stringMatching(/DPoP-bound/) });
    expect(downgraded.challenges.dpop).toMatchObject({ algs: expect.any(String) });
    expect(downgraded.challenges.dpop!.error).toBeUndefined();
    await stillServes(s);
  });

  it('refuses a DPoP request without a proof, with two proofs, or with a proof for another token (ath)', async () => {
    const s = await setup();
    expectDpopError(await call(s.stack.url, s.token), 'invalid_dpop_proof', /no DPoP proof/);
    expectDpopError(await call(s.stack.url, s.token, { proof: [await proofFor(s), await proofFor(s)] }), 'invalid_dpop_proof', /more than one/);
    expectDpopError(await call(s.stack.url, s.token, { proof: await proofFor(s, { accessToken: `${s.token}x` }) }), 'invalid_dpop_proof', /ath/);
    expectDpopError(await call(s.stack.url, s.token, { proof: await proofFor(s, { typ: 'JWT' }) }), 'invalid_dpop_proof', /dpop\+jwt/);
    await stillServes(s);
  });

  it('with required: true takes no bearer token at all and challenges with DPoP only', async () => {
    const s = await setup({ dpop: { required: true } });
    const bearer = await stackBearer(s);
    const answer = await call(s.stack.url, bearer, { scheme: 'Bearer' });
    expect(answer.status).toBe(401);
    expect(answer.challenges.bearer).toBeUndefined();
    expect(answer.challenges.dpop).toMatchObject({ error: 'invalid_token', error_description: 'This resource accepts only DPoP-bound access tokens' });
    await stillServes(s);
  });
});

describe('the same refusals for a 2025-11-25 session (dualEra)', () => {
  it('refuses a replayed proof on initialize, and then serves a fresh one', async () => {
    const s = await setup({ legacy: true });
    const initialize = async (proof: string) => {
      const response = await fetch(s.stack.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `DPoP ${s.token}`, dpop: proof },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        }),
      });
      await response.body?.cancel();
      return {
        status: response.status,
        session: response.headers.get('mcp-session-id'),
        error: parseWwwAuthenticate(response.headers.get('www-authenticate')).find((c) => c.scheme === 'DPoP')?.params.error,
      };
    };
    const proof = await proofFor(s);
    const first = await initialize(proof);
    expect(first.status).toBe(200);
    expect(first.session).not.toBeNull();
    expect(await initialize(proof)).toMatchObject({ status: 401, error: 'invalid_dpop_proof' });
    expect((await initialize(await proofFor(s))).status).toBe(200);
  });
});

/** An unbound token from the same authorization server (a client_credentials grant without a proof). */
async function stackBearer(s: Setup): Promise<string> {
  const response = await fetch(`${s.stack.as.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${btoa(`${SVC.clientId}:${SVC.clientSecret}`)}` },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'notes:read', resource: s.stack.url }),
  });
  const body = (await response.json()) as { access_token: string; token_type: string };
  expect(body.token_type).toBe('Bearer');
  return body.access_token;
}
