/**
 * Checking a DPoP proof as a resource server (RFC 9449 §4.3, §7.1): one well-formed JWT of type
 * `dpop+jwt`, an accepted asymmetric `alg`, a signature that verifies with the public key embedded in
 * its `jwk` header (never a private key), `htm` and `htu` matching this request (the `htu` normalised
 * on both sides), `iat` within the window around an injected clock (unless a server nonce dates the
 * proof), and `ath` the hash of the token
 * it comes with. What needs state (single use of `jti`, server nonces, the token's `cnf.jkt`) is the
 * guard's: this returns what it needs for that.
 */
import type { JWK, JWTPayload, ProtectedHeaderParameters } from 'jose';
import { jose } from '../shared/jose.js';
import { accessTokenHash, normalizeHtu } from '../shared/dpop.js';
import { LocalError } from '@mcpkit/jsonrpc';
import { proofKeyProblem } from './dpop-key.js';

/** A proof that fails a check; the message says which (it is sent to the client as `error_description`). */
export class DpopProofError extends LocalError {
  /** The brand `instanceof` recognises across copies of this package (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/auth/DpopProofError';
  override readonly name = 'DpopProofError';
}

/** What a proof is checked against. */
export interface ProofExpectations {
  method: string;
  /** The target URI of the request as the client addressed it. */
  uri: string;
  accessToken: string;
  algorithms: readonly string[];
  /** Now, in milliseconds since the epoch. */
  now: number;
  /** How old `iat` may be, in seconds. */
  maxAgeSeconds: number;
  /** How far ahead `iat` may be (clock skew), in seconds. */
  clockToleranceSeconds: number;
  /** False when a server nonce dates the proof instead of its `iat` (RFC 9449 §4.3 check 11, §11.1). */
  checkIat: boolean;
}

/** The facts of a proof that passed every stateless check. */
export interface CheckedProof {
  jti: string;
  /** `iat`, in seconds since the epoch. */
  iat: number;
  /** The JWK SHA-256 thumbprint of the proof's key (to compare with the token's `cnf.jkt`). */
  jkt: string;
  nonce: string | undefined;
}

const JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** JWK members that only a private (or symmetric) key has. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
/** RFC 9449 §11.1: a server tracking jti values should refuse unnecessarily large ones. */
const MAX_JTI_LENGTH = 256;

/** Checks the `DPoP` header value of a request; throws {@link DpopProofError} naming the first failed check. */
export async function checkDpopProof(header: string | null, expected: ProofExpectations): Promise<CheckedProof> {
  if (header === null || header.trim() === '') throw new DpopProofError('The request has no DPoP proof');
  // Several DPoP headers arrive joined by ", " (§4.3 check 1: not more than one).
  if (header.includes(',')) throw new DpopProofError('The request has more than one DPoP proof');
  const proof = header.trim();
  if (!JWS.test(proof)) throw new DpopProofError('The DPoP proof is not a JWT');
  const { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, errors, jwtVerify } = await jose();
  let protectedHeader: ProtectedHeaderParameters;
  try {
    protectedHeader = decodeProtectedHeader(proof);
  } catch {
    throw new DpopProofError('The DPoP proof is not a JWT');
  }
  if (protectedHeader.typ !== 'dpop+jwt') throw new DpopProofError('The DPoP proof is not of type dpop+jwt');
  const alg = protectedHeader.alg;
  if (typeof alg !== 'string' || !expected.algorithms.includes(alg))
    throw new DpopProofError(`The DPoP proof algorithm ${JSON.stringify(alg)} is not accepted`);
  const jwk = protectedHeader.jwk;
  if (jwk === null || typeof jwk !== 'object') throw new DpopProofError('The DPoP proof has no jwk header');
  if (PRIVATE_MEMBERS.some((member) => member in jwk)) throw new DpopProofError('The DPoP proof jwk is not a public key');
  const keyProblem = proofKeyProblem(jwk, alg);
  if (keyProblem !== undefined) throw new DpopProofError(keyProblem);

  let payload: JWTPayload;
  let jkt: string;
  try {
    ({ payload } = await jwtVerify(proof, EmbeddedJWK, { algorithms: [...expected.algorithms], currentDate: new Date(expected.now) }));
    jkt = await calculateJwkThumbprint(jwk as JWK, 'sha256');
  } catch (error) {
    if (error instanceof errors.JOSEError) throw new DpopProofError('The DPoP proof signature does not verify with its jwk');
    // Every byte here is the client's: whatever else the key import or verification rejects (a point
    // off its curve, say) is a bad proof too, not a failure of this server.
    throw new DpopProofError('The DPoP proof jwk is not a usable public key');
  }
  const { jti, htm, htu, iat, ath, nonce } = payload as JWTPayload & { htm?: unknown; htu?: unknown; ath?: unknown; nonce?: unknown };
  if (typeof jti !== 'string' || jti === '' || jti.length > MAX_JTI_LENGTH) throw new DpopProofError('The DPoP proof has no usable jti');
  if (typeof htm !== 'string' || typeof htu !== 'string' || typeof iat !== 'number') throw new DpopProofError('The DPoP proof lacks htm, htu or iat');
  if (htm !== expected.method) throw new DpopProofError(`The DPoP proof is for ${htm} requests, not ${expected.method}`);
  if (!sameTarget(htu, expected.uri)) throw new DpopProofError('The DPoP proof htu does not match this request URI');
  const now = expected.now / 1000;
  if (expected.checkIat && iat < now - expected.maxAgeSeconds) throw new DpopProofError('The DPoP proof is too old (iat)');
  if (expected.checkIat && iat > now + expected.clockToleranceSeconds) throw new DpopProofError('The DPoP proof is issued in the future (iat)');
  if (typeof ath !== 'string' || ath !== (await accessTokenHash(expected.accessToken))) {
    throw new DpopProofError('The DPoP proof ath does not match the access token');
  }
  if (nonce !== undefined && typeof nonce !== 'string') throw new DpopProofError('The DPoP proof nonce is not a string');
  return { jti, iat, jkt, nonce };
}

/** §4.3 check 9: the `htu` and the request URI agree once both are normalised, query and fragment ignored. */
function sameTarget(htu: string, uri: string): boolean {
  try {
    return normalizeHtu(htu) === normalizeHtu(uri);
  } catch {
    return false;
  }
}
