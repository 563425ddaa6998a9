/**
 * DPoP keys and proofs made by hand with `jose` (RFC 9449 §4.2), so tests can send exactly the proof
 * a case needs: another key, a wrong htu or htm, an old iat, a replayed jti, no nonce.
 */
import { randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { accessTokenHash } from '../../src/shared/dpop.js';

export interface TestKey {
  privateKey: CryptoKey;
  publicJwk: JWK;
  jkt: string;
}

export async function dpopKey(): Promise<TestKey> {
  const pair = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = await exportJWK(pair.publicKey);
  return { privateKey: pair.privateKey, publicJwk, jkt: await calculateJwkThumbprint(publicJwk, 'sha256') };
}

export interface ProofClaims {
  htm: string;
  htu: string;
  /** Seconds since the epoch (default: now). */
  iat?: number;
  jti?: string;
  /** The token the proof goes with (its `ath`). */
  accessToken?: string;
  nonce?: string;
  /** Put this key in the `jwk` header instead of the signing key's own. */
  headerJwk?: JWK;
  typ?: string;
}

export async function makeProof(key: TestKey, claims: ProofClaims): Promise<string> {
  const payload: Record<string, unknown> = { htm: claims.htm, htu: claims.htu };
  if (claims.accessToken !== undefined) payload.ath = await accessTokenHash(claims.accessToken);
  if (claims.nonce !== undefined) payload.nonce = claims.nonce;
  return new SignJWT(payload)
    .setProtectedHeader({ typ: claims.typ ?? 'dpop+jwt', alg: 'ES256', jwk: claims.headerJwk ?? key.publicJwk })
    .setJti(claims.jti ?? randomUUID())
    .setIssuedAt(claims.iat ?? Math.floor(Date.now() / 1000))
    .sign(key.privateKey);
}
