/**
 * The pieces of DPoP on their own (RFC 9449): `htu` normalisation (§4.3), server nonces shared by
 * replicas (§9), the bounded in-process replay guard (§11.1), the proof checks a client never makes
 * us see (`none`, a MAC, a private key in `jwk`), the challenge a client reads under either scheme,
 * and the options the guard refuses.
 */
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AuthError } from '../src/index.js';
import { bearerGuard, type TokenVerifier } from '../src/server.js';
import { accessTokenHash, normalizeHtu } from '../src/shared/dpop.js';
import { oauthChallenge } from '../src/shared/www-authenticate.js';
import { DpopNonces } from '../src/server/dpop-nonces.js';
import { MemoryProofReplayGuard } from '../src/server/proof-replay.js';
import { TestClock } from './support/dpop-stack.js';
import { dpopKey, makeProof } from './support/proofs.js';

describe('htu normalisation (RFC 3986 §6.2.2, §6.2.3)', () => {
  it.each([
    ['HTTPS://MCP.Example.COM:443/mcp', 'https://mcp.example.com/mcp'],
    ['http://127.0.0.1:80/a/./b/../mcp?x=1#frag', 'http://127.0.0.1/a/mcp'],
    ['https://h.example/%7euser/%2f%41', 'https://h.example/~user/%2FA'],
    ['https://h.example', 'https://h.example/'],
    ['https://h.example:8443/mcp', 'https://h.example:8443/mcp'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeHtu(input)).toBe(expected);
  });
});

describe('server nonces', () => {
  it('are accepted in their window and the next, by every replica holding the secret, and by no other', async () => {
    const secret = 'a shared secret of at least thirty-two bytes';
    const one = new DpopNonces({ secret, lifetimeSeconds: 60 });
    const two = new DpopNonces({ secret, lifetimeSeconds: 60 });
    const stranger = new DpopNonces({ lifetimeSeconds: 60 });
    const t = 60_000 * 28_333_334; // the start of a nonce window
    const nonce = await one.issue(t);
    expect(await two.acceptedUntil(nonce, t + 59_000)).toBeGreaterThan(t);
    expect(await two.acceptedUntil(nonce, t + 100_000)).toBeDefined();
    expect(await two.acceptedUntil(nonce, t + 180_000)).toBeUndefined();
    expect(await stranger.acceptedUntil(nonce, t)).toBeUndefined();
    expect(await one.acceptedUntil(`${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}`, t)).toBeUndefined();
    expect(await one.acceptedUntil('not-a-nonce', t)).toBeUndefined();
  });

  it('refuse a short secret', () => {
    expect(() => new DpopNonces({ secret: 'short' })).toThrow(AuthError);
  });
});

describe('the in-process replay guard', () => {
  it('claims an id once until it expires, and stays bounded under a flood of live ids without forgetting one', async () => {
    const clock = new TestClock(0);
    const guard = new MemoryProofReplayGuard(clock.now, 100);
    expect(await guard.claim('x', 1000)).toBe(true);
    expect(await guard.claim('x', 1000)).toBe(false);
    clock.advance(1);
    expect(await guard.claim('x', 5000)).toBe(true);
    let refused = 0;
    for (let i = 0; i < 1000; i++) await guard.claim(`flood-${i}`, 60_000).catch(() => refused++);
    expect(guard.size).toBeLessThanOrEqual(100);
    expect(refused).toBe(901);
    // Full of live ids, it refused new ones rather than forget 'x': a replay of 'x' is still caught.
    expect(await guard.claim('x', 5000)).toBe(false);
    // Once they expire there is room again.
    clock.advance(60);
    expect(await guard.claim('y', 120_000)).toBe(true);
  });
});

describe('proofs the guard refuses before looking at the token', () => {
  const resource = 'https://mcp.example.test/mcp';
  const verify: TokenVerifier = async () => ({ subject: 'u', scopes: [], claims: { cnf: { jkt: 'x' } } });
  const guard = bearerGuard({ resource, verify, dpop: { algorithms: ['ES256', 'RS256'] } });
  const send = async (proof: string) => {
    const response = (await guard(new Request(resource, { method: 'POST', headers: { authorization: 'DPoP tok', dpop: proof } }))) as Response;
    return oauthChallenge(response.headers)?.params;
  };

  it('an unsigned proof (alg none), a MAC, and a private key in jwk', async () => {
    const key = await dpopKey();
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${enc({ typ: 'dpop+jwt', alg: 'none', jwk: key.publicJwk })}.${enc({ htm: 'POST', htu: resource, iat: Math.floor(Date.now() / 1000), jti: 'j' })}.`;
    expect(await send(unsigned)).toMatchObject({ error: 'invalid_dpop_proof' });
    const mac = await new SignJWT({ htm: 'POST', htu: resource, ath: await accessTokenHash('tok') })
      .setProtectedHeader({ typ: 'dpop+jwt', alg: 'HS256', jwk: key.publicJwk })
      .setJti('m')
      .setIssuedAt()
      .sign(new TextEncoder().encode('secret-secret-secret-secret-secret'));
    expect(await send(mac)).toMatchObject({ error: 'invalid_dpop_proof', error_description: 'The DPoP proof algorithm "HS256" is not accepted' });
    const pair = await generateKeyPair('ES256', { extractable: true });
    const withPrivate = await makeProof(key, { htm: 'POST', htu: resource, accessToken: 'tok', headerJwk: await exportJWK(pair.privateKey) });
    expect(await send(withPrivate)).toMatchObject({ error: 'invalid_dpop_proof', error_description: 'The DPoP proof jwk is not a public key' });
  });

  it('a well-formed RS256 proof gets as far as the binding check', async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    const proof = await new SignJWT({ htm: 'POST', htu: resource, ath: await accessTokenHash('tok') })
      .setProtectedHeader({ typ: 'dpop+jwt', alg: 'RS256', jwk: await exportJWK(pair.publicKey) })
      .setJti('r')
      .setIssuedAt()
      .sign(pair.privateKey);
    expect(await send(proof)).toMatchObject({ error: 'invalid_token', error_description: 'Invalid DPoP key binding' });
  });
});

describe('challenges', () => {
  it('a client reads resource_metadata, scope and error from the Bearer and DPoP challenges together', () => {
    const headers = new Headers({ 'www-authenticate': 'Bearer resource_metadata="https://m/x", scope="a", DPoP error="use_dpop_nonce", algs="ES256"' });
    expect(oauthChallenge(headers)).toEqual({
      scheme: 'DPoP',
      params: { error: 'use_dpop_nonce', algs: 'ES256', resource_metadata: 'https://m/x', scope: 'a' },
    });
  });

  it('a guard without a token answers with both challenges and no error (RFC 9449 §7.2 rule 1)', async () => {
    const resource = 'https://mcp.example.test/mcp';
    const guard = bearerGuard({ resource, verify: async () => undefined, dpop: true, requiredScopes: ['notes:read'] });
    const response = (await guard(new Request(resource, { method: 'POST' }))) as Response;
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer scope="notes:read", resource_metadata="https://mcp.example.test/.well-known/oauth-protected-resource/mcp", ' +
        'DPoP algs="ES256 ES384 ES512 EdDSA Ed25519 PS256 PS384 PS512 RS256 RS384 RS512", scope="notes:read", resource_metadata="https://mcp.example.test/.well-known/oauth-protected-resource/mcp"',
    );
  });
});

describe('guard options', () => {
  it('refuses symmetric or unknown proof algorithms and non-positive windows', () => {
    const verify: TokenVerifier = async () => undefined;
    expect(() => bearerGuard({ resource: 'https://m.example/mcp', verify, dpop: { algorithms: ['HS256'] } })).toThrow(
      /asymmetric JWS algorithms \(not HS256\)/,
    );
    expect(() => bearerGuard({ resource: 'https://m.example/mcp', verify, dpop: { maxAgeSeconds: 0 } })).toThrow(/maxAgeSeconds/);
  });
});
