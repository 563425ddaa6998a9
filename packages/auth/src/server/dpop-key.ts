/**
 * The `jwk` of a DPoP proof checked against its `alg` before any crypto runs (RFC 9449 §4.2: "a
 * public key chosen by the client", JWK per RFC 7517/7518/8037): the key type and curve the
 * algorithm needs, coordinates of the exact length, an RSA modulus of 2048 to 16384 bits, and no
 * `use`, `key_ops` or `alg` member that forbids verifying with it. Everything here comes from an
 * unauthenticated client: a key that fails is a bad proof (401), never a server error, and the
 * crypto library never sees a key it might choke on (or spend seconds on, for a huge modulus).
 */
import { fromBase64Url } from '@mcpkit/jsonrpc/encoding';

const EC_CURVES: Readonly<Record<string, { crv: string; bytes: number }>> = {
  ES256: { crv: 'P-256', bytes: 32 },
  ES384: { crv: 'P-384', bytes: 48 },
  ES512: { crv: 'P-521', bytes: 66 },
};
const OKP_CURVES: Readonly<Record<string, number>> = { Ed25519: 32, Ed448: 57 };
const MIN_RSA_BITS = 2048;
// Verifying costs grow with the modulus: a client must not make the server work for minutes.
const MAX_RSA_BITS = 16_384;

/** The bytes of a base64url member, or undefined when it is missing or not base64url. */
function bytesOf(value: unknown): Uint8Array | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]+$/.test(value)) return undefined;
  return fromBase64Url(value);
}

/** Significant bits of a big-endian unsigned integer. */
function bitLength(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  if (i === bytes.length) return 0;
  return (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i]!));
}

/** What is wrong with `jwk` as the key of a proof signed with `alg`; undefined when nothing is. */
export function proofKeyProblem(jwk: unknown, alg: string): string | undefined {
  if (jwk === null || typeof jwk !== 'object' || Array.isArray(jwk)) return 'The DPoP proof jwk is not a JSON object';
  const key = jwk as Record<string, unknown>;
  if (key.alg !== undefined && key.alg !== alg) return `The DPoP proof jwk is for ${JSON.stringify(key.alg)}, not ${alg}`;
  if (key.use !== undefined && key.use !== 'sig') return 'The DPoP proof jwk is not a signing key (use)';
  if (key.key_ops !== undefined && !(Array.isArray(key.key_ops) && key.key_ops.includes('verify')))
    return 'The DPoP proof jwk may not verify signatures (key_ops)';
  const ec = EC_CURVES[alg];
  if (ec) {
    if (key.kty !== 'EC' || key.crv !== ec.crv) return `The DPoP proof jwk is not an EC ${ec.crv} key, as ${alg} needs`;
    if (bytesOf(key.x)?.length !== ec.bytes || bytesOf(key.y)?.length !== ec.bytes) return `The DPoP proof jwk coordinates are not ${ec.bytes}-byte base64url`;
    return undefined;
  }
  if (alg === 'EdDSA' || alg === 'Ed25519') {
    const bytes = typeof key.crv === 'string' ? OKP_CURVES[key.crv] : undefined;
    if (key.kty !== 'OKP' || bytes === undefined || (alg === 'Ed25519' && key.crv !== 'Ed25519'))
      return `The DPoP proof jwk is not an ${alg === 'Ed25519' ? 'Ed25519' : 'Ed25519 or Ed448'} key, as ${alg} needs`;
    if (bytesOf(key.x)?.length !== bytes) return `The DPoP proof jwk x is not ${bytes}-byte base64url`;
    return undefined;
  }
  if (/^(RS|PS)(256|384|512)$/.test(alg)) {
    if (key.kty !== 'RSA') return `The DPoP proof jwk is not an RSA key, as ${alg} needs`;
    const n = bytesOf(key.n);
    const e = bytesOf(key.e);
    if (!n || !e) return 'The DPoP proof jwk n and e are not base64url';
    const bits = bitLength(n);
    if (bits < MIN_RSA_BITS || bits > MAX_RSA_BITS) return `The DPoP proof RSA modulus has ${bits} bits (${MIN_RSA_BITS} to ${MAX_RSA_BITS} are accepted)`;
    // An odd public exponent above 1, of at most 64 bits (65537 in practice).
    if (bitLength(e) < 2 || bitLength(e) > 64 || (e[e.length - 1]! & 1) === 0) return 'The DPoP proof RSA exponent is not usable';
    return undefined;
  }
  return `The DPoP proof algorithm ${alg} has no key check`;
}
