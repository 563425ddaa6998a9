import { bearerGuard, jwtVerifier } from '@mcpkit/auth/server';
import { serveHttp, type HttpServer } from '@mcpkit/http/node';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisConnection, RedisReplayGuard, RedisUnavailableError } from '../src/index.js';
import { startRedisServer, type RedisServer } from './helpers/redis-server.js';

// A frozen or stopped Redis must fail a command: long enough that a loaded machine's live replies beat it.
const FAIL_FAST_MS = 2_000;

/** The URL clients address; the load balancer in front of both replicas. */
const PUBLIC = 'https://mcp.example.test/mcp';
const ISSUER = 'https://as.example.test';

// spec: RFC 9449 §11.1 (a proof is single use; "when multiple servers behind a single endpoint have no
// shared state" it cannot be enforced, unless they share one): two replicas of a DPoP-guarded server,
// each with its own guard and its own Redis connection, share only the redis-server.
describe('DPoP proofs single use across replicas (RedisReplayGuard)', () => {
  let redis: RedisServer;
  const connections: RedisConnection[] = [];
  const servers: HttpServer[] = [];
  const errors: unknown[] = [];
  let replicas: string[] = [];
  let issuerKey: CryptoKey;
  let jwks: { keys: JWK[] };
  let client: { privateKey: CryptoKey; jwk: JWK; jkt: string };

  beforeAll(async () => {
    redis = await startRedisServer();
    const issuer = await generateKeyPair('ES256', { extractable: true });
    issuerKey = issuer.privateKey;
    jwks = { keys: [{ ...(await exportJWK(issuer.publicKey)), alg: 'ES256', kid: 'k' }] };
    const pair = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(pair.publicKey);
    client = { privateKey: pair.privateKey, jwk, jkt: await calculateJwkThumbprint(jwk, 'sha256') };
    for (let i = 0; i < 2; i++) {
      const connection = new RedisConnection({ url: redis.url, commandTimeoutMs: FAIL_FAST_MS, maxReconnectDelayMs: 100, log: () => undefined });
      connections.push(connection);
      await connection.whenReady();
      const guard = bearerGuard({
        resource: PUBLIC,
        verify: jwtVerifier({ issuer: ISSUER, jwks }),
        // Behind the load balancer each replica sees its own 127.0.0.1 URL; proofs name the public one.
        dpop: { replayGuard: new RedisReplayGuard(connection, { namespace: 'dpop-proof-used' }), requestUri: () => PUBLIC },
        onError: (error) => errors.push(error),
      });
      const server = await serveHttp(async (request) => {
        const outcome = await guard(request);
        return outcome instanceof Response ? outcome : Response.json({ replica: i, subject: outcome.principal.subject });
      });
      servers.push(server);
    }
    replicas = servers.map((s) => s.url);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await Promise.all(connections.map((c) => c.close()));
    await redis?.dispose();
  });

  const token = () =>
    new SignJWT({ cnf: { jkt: client.jkt }, scope: 'notes:read' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k', typ: 'at+jwt' })
      .setIssuer(ISSUER)
      .setSubject('ada')
      .setAudience(PUBLIC)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(issuerKey);
  const proof = (accessToken: string) =>
    new SignJWT({ htm: 'POST', htu: PUBLIC, ath: createHash('sha256').update(accessToken).digest('base64url') })
      .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk: client.jwk })
      .setJti(randomUUID())
      .setIssuedAt()
      .sign(client.privateKey);
  const send = async (replica: string, accessToken: string, dpop: string) => {
    const response = await fetch(replica, { method: 'POST', headers: { authorization: `DPoP ${accessToken}`, dpop } });
    const body = await response.text();
    return { status: response.status, challenge: response.headers.get('www-authenticate'), body };
  };

  it('refuses on one replica a proof already used on the other, and takes a fresh one there', async () => {
    const accessToken = await token();
    const used = await proof(accessToken);
    const first = await send(replicas[0]!, accessToken, used);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ replica: 0, subject: 'ada' });
    const replayed = await send(replicas[1]!, accessToken, used);
    expect(replayed.status).toBe(401);
    expect(replayed.challenge).toMatch(/DPoP error="invalid_dpop_proof", error_description="The DPoP proof was already used"/);
    // And the other way round; each replica goes on serving fresh proofs.
    const second = await proof(accessToken);
    expect((await send(replicas[1]!, accessToken, second)).status).toBe(200);
    expect((await send(replicas[0]!, accessToken, second)).status).toBe(401);
    expect((await send(replicas[0]!, accessToken, await proof(accessToken))).status).toBe(200);
  });

  it('keeps the ids under their own namespace, for as long as a proof could be accepted', async () => {
    const accessToken = await token();
    expect((await send(replicas[0]!, accessToken, await proof(accessToken))).status).toBe(200);
    const keys = await connections[0]!.client.keys('mcpkit:dpop-proof-used:*');
    expect(keys.length).toBeGreaterThan(0);
    const ttl = await connections[0]!.client.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000); // the guard's default maxAgeSeconds
  });

  it('fails closed while Redis does not answer (500, onError hears why); the proof is never accepted twice', async () => {
    const accessToken = await token();
    const during = await proof(accessToken);
    redis.pause();
    try {
      const refused = await send(replicas[0]!, accessToken, during);
      expect(refused.status).toBe(500);
      expect(errors.at(-1)).toBeInstanceOf(RedisUnavailableError);
    } finally {
      redis.resume();
    }
    await connections[0]!.whenReady();
    // The claim that timed out may still have reached Redis: the proof is then used up. Whichever it
    // was, no two replicas both accept it.
    const after = [(await send(replicas[0]!, accessToken, during)).status, (await send(replicas[1]!, accessToken, during)).status];
    expect(after.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    expect(after.every((status) => status === 200 || status === 401)).toBe(true);
    expect((await send(replicas[1]!, accessToken, await proof(accessToken))).status).toBe(200);
  });
});
