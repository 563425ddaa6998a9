/**
 * Malformed DPoP proofs and a flood of fresh ones against a DPoP-guarded server over real HTTP on
 * 127.0.0.1 (issue 32). A proof whose `jwk` is no usable public key for its `alg` is the client's
 * mistake: 401 `invalid_dpop_proof` (RFC 9449 §7.1), never a 500, and never a call of `onError` (an
 * unauthenticated way to flood 5xx and logs otherwise). The replay guard refuses when it is full of
 * live proofs instead of forgetting one that could then be replayed (§11.1).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { parseWwwAuthenticate } from '../src/index.js';
import { accessTokenHash } from '../src/shared/dpop.js';
import { startDpopStack, type DpopStack, type DpopStackOptions } from './support/dpop-stack.js';
import { dpopKey, makeProof, type TestKey } from './support/proofs.js';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

const SVC = { clientId: 'svc', clientSecret: 'svc-secret-4711' };
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

interface Setup {
  stack: DpopStack;
  key: TestKey;
  token: string;
  errors: unknown[];
}

async function setup(options: DpopStackOptions = {}): Promise<Setup> {
  const errors: unknown[] = [];
  const stack = await startDpopStack({ ...options, onError: (error) => errors.push(error), as: { clients: [SVC] } });
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
  const body = (await response.json()) as { access_token: string };
  return { stack, key, token: body.access_token, errors };
}

/** A tools/call with the token and `proof`; the status and the DPoP challenge's parameters. */
async function call(s: Setup, proof: string): Promise<{ status: number; dpop: Record<string, string> | undefined }> {
  const response = await fetch(s.stack.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'read_notes',
      authorization: `DPoP ${s.token}`,
      dpop: proof,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read_notes', _meta: META } }),
  });
  await response.body?.cancel();
  const dpop = parseWwwAuthenticate(response.headers.get('www-authenticate')).find((c) => c.scheme.toLowerCase() === 'dpop')?.params;
  return { status: response.status, dpop };
}

/** A proof for `call`, with `jwk` and `alg` in its header as given, signed with random bytes (nothing can verify it). */
async function forged(s: Setup, alg: string, jwk: unknown, signatureBytes = 64): Promise<string> {
  const header = { typ: 'dpop+jwt', alg, jwk };
  const payload = { jti: randomUUID(), htm: 'POST', htu: s.stack.url, iat: Math.floor(s.stack.clock.now() / 1000), ath: await accessTokenHash(s.token) };
  return `${b64(JSON.stringify(header))}.${b64(JSON.stringify(payload))}.${b64(randomBytes(signatureBytes))}`;
}

/** A proof for `call` signed by `key`, with `jwk` (its public key, changed as a case needs) in the header. */
async function signed(s: Setup, key: { privateKey: CryptoKey | import('jose').CryptoKey }, alg: string, jwk: JWK): Promise<string> {
  return new SignJWT({ htm: 'POST', htu: s.stack.url, ath: await accessTokenHash(s.token) })
    .setProtectedHeader({ typ: 'dpop+jwt', alg, jwk })
    .setJti(randomUUID())
    .setIssuedAt(Math.floor(s.stack.clock.now() / 1000))
    .sign(key.privateKey);
}

describe('a proof whose jwk is no usable public key for its alg', () => {
  it('is 401 invalid_dpop_proof, never a 500, and onError is never called', async () => {
    const s = await setup();
    const p256 = (await s.key.publicJwk) as JWK & { x: string; y: string };
    const p384 = await exportJWK((await generateKeyPair('ES384', { extractable: true })).publicKey);
    const ed = await generateKeyPair('EdDSA', { extractable: true });
    const edJwk = await exportJWK(ed.publicKey);
    const cases: Record<string, () => Promise<string>> = {
      'an EC point off the curve': () => forged(s, 'ES256', { kty: 'EC', crv: 'P-256', x: p256.x, y: b64(randomBytes(32)) }),
      'ES256 with a P-384 key': () => forged(s, 'ES256', p384, 96),
      'a numeric x': () => forged(s, 'ES256', { kty: 'EC', crv: 'P-256', x: 12345, y: p256.y }),
      'a missing y': () => forged(s, 'ES256', { kty: 'EC', crv: 'P-256', x: p256.x }),
      'x of the wrong length': () => forged(s, 'ES256', { kty: 'EC', crv: 'P-256', x: b64(randomBytes(31)), y: p256.y }),
      'an unknown curve': () => forged(s, 'ES256', { kty: 'EC', crv: 'P-999', x: p256.x, y: p256.y }),
      'X25519 with EdDSA': () => forged(s, 'EdDSA', { kty: 'OKP', crv: 'X25519', x: b64(randomBytes(32)) }),
      'a 5-byte Ed25519 key': () => forged(s, 'EdDSA', { kty: 'OKP', crv: 'Ed25519', x: b64(randomBytes(5)) }),
      'an RSA key for EdDSA': () => forged(s, 'EdDSA', { kty: 'RSA', n: b64(randomBytes(256)), e: 'AQAB' }),
      'key_ops ["encrypt"] on a real signing key': () => signed(s, s.key, 'ES256', { ...p256, key_ops: ['encrypt'] }),
      'use "enc" on a real signing key': () => signed(s, s.key, 'ES256', { ...p256, use: 'enc' }),
      'an alg in the jwk other than the header': () => signed(s, ed, 'EdDSA', { ...edJwk, alg: 'ES256' }),
      'a 1024-bit RSA modulus': () => forged(s, 'RS256', { kty: 'RSA', n: b64(Buffer.concat([Buffer.from([0xc1]), randomBytes(127)])), e: 'AQAB' }, 128),
      'a 24-bit RSA modulus': () => forged(s, 'RS256', { kty: 'RSA', n: b64(Buffer.from([0xc1, 0x02, 0x03])), e: 'AQAB' }, 3),
      'a numeric RSA exponent': () => forged(s, 'PS256', { kty: 'RSA', n: b64(randomBytes(256)), e: 65537 }, 256),
      'a jwk that is an array': () => forged(s, 'ES256', [p256]),
      'a jwk without kty': () => forged(s, 'ES256', { crv: 'P-256', x: p256.x, y: p256.y }),
    };
    const answers: string[] = [];
    for (const [name, make] of Object.entries(cases)) {
      const answer = await call(s, await make());
      answers.push(`${name}: ${answer.status} ${answer.dpop?.error}`);
    }
    expect(answers).toEqual(Object.keys(cases).map((name) => `${name}: 401 invalid_dpop_proof`));
    expect(s.errors).toEqual([]);
    // The server goes on: a good proof is served.
    expect(
      (await call(s, await makeProof(s.key, { htm: 'POST', htu: s.stack.url, accessToken: s.token, iat: Math.floor(s.stack.clock.now() / 1000) }))).status,
    ).toBe(200);
  });
});

describe('the default replay guard, full of live proofs', () => {
  it('refuses a fresh proof rather than forgetting a used one; a used one stays refused; room comes back as they expire', async () => {
    const s = await setup({ dpop: { maxProofIds: 3 } });
    const proof = () => makeProof(s.key, { htm: 'POST', htu: s.stack.url, accessToken: s.token, iat: Math.floor(s.stack.clock.now() / 1000) });
    const first = await proof();
    expect((await call(s, first)).status).toBe(200);
    expect((await call(s, await proof())).status).toBe(200);
    expect((await call(s, await proof())).status).toBe(200);
    // Full: a fresh proof is not accepted (it cannot be remembered), and nothing was forgotten.
    for (let i = 0; i < 5; i++) expect((await call(s, await proof())).status).toBe(503);
    expect(await call(s, first)).toMatchObject({
      status: 401,
      dpop: { error: 'invalid_dpop_proof', error_description: expect.stringMatching(/already used/) },
    });
    // The ids live as long as their proofs could be accepted (iat + maxAgeSeconds): then there is room again.
    s.stack.clock.advance(61);
    expect((await call(s, await proof())).status).toBe(200);
    expect(s.errors).toEqual([]);
  });
});

describe('htu and the Host header (README, "DPoP (server)")', () => {
  /** The same call, with the Host header the client chose (node:http lets it say anything). */
  const withHost = async (s: Setup, host: string, proof: string): Promise<number> => {
    const url = new URL(s.stack.url);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read_notes', _meta: META } });
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            host,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'tools/call',
            'mcp-name': 'read_notes',
            authorization: `DPoP ${s.token}`,
            dpop: proof,
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
  const proofFor = (s: Setup, htu: string) => makeProof(s.key, { htm: 'POST', htu, accessToken: s.token, iat: Math.floor(s.stack.clock.now() / 1000) });

  it('compares htu with the resource the guard protects, not with a URL the Host header makes up', async () => {
    const s = await setup();
    const port = new URL(s.stack.url).port;
    // A proof made for another server, sent here with that server's name in Host: refused.
    expect(await withHost(s, `other.example:${port}`, await proofFor(s, `http://other.example:${port}/mcp`))).toBe(401);
    // A proof for this resource is accepted whatever name the client put in Host.
    expect(await withHost(s, `other.example:${port}`, await proofFor(s, s.stack.url))).toBe(200);
    expect(s.errors).toEqual([]);
  });
});
