/**
 * The client half of DPoP (RFC 9449): one key pair per {@link withOAuth} client, made on first use
 * (never at construction), a fresh proof for every token request and every request that carries a
 * DPoP-bound token (`ath` included, §7), and the last nonce each server handed out (§8, §9), kept
 * per server because a nonce is only good at the server that issued it.
 */
import type { CryptoKey, JWK } from 'jose';
import { jose } from '../shared/jose.js';
import { accessTokenHash, DPOP_NONCE_HEADER, normalizeHtu } from '../shared/dpop.js';
import { AuthError } from '../shared/errors.js';
import { randomToken } from './pkce.js';
import type { ServerMetadata } from './server-metadata.js';

/** How the client does DPoP, when `dpop` is an object. */
export interface DpopClientOptions {
  /** The JWS algorithm of the proofs (default: the first of ES256, ES384, ES512, EdDSA, PS256, RS256 the server lists). */
  algorithm?: string;
  /**
   * Sign with this key pair (a WebCrypto `CryptoKeyPair`) instead of one made on first use; it is
   * then never written to the store. Spelled with jose's `CryptoKey`, so Node-only consumers compile.
   */
  keyPair?: { privateKey: CryptoKey; publicKey: CryptoKey };
  /** Refuse a token the authorization server did not bind (`token_type` Bearer) instead of using it as a bearer token. */
  requireBoundTokens?: boolean;
}

/** The algorithms this client signs proofs with, in order of preference. */
const PREFERRED = ['ES256', 'ES384', 'ES512', 'EdDSA', 'PS256', 'RS256'];

interface Signer {
  privateKey: CryptoKey;
  publicJwk: JWK;
  alg: string;
  /** Set when the key was made (or restored) here, so it can go into the store with the tokens. */
  exportable: boolean;
}

export class DpopProver {
  private signer: Promise<Signer> | undefined;
  private restored: JWK | undefined;
  private readonly nonces = new Map<string, string>();
  private readonly bearerOnly = new Set<string>();
  private readonly options: DpopClientOptions;

  /** `setting`: `false` never, `true` or options always, `undefined` when the authorization server advertises DPoP. */
  constructor(private readonly setting: boolean | DpopClientOptions | undefined) {
    this.options = typeof setting === 'object' ? setting : {};
  }

  /** True once a key exists (made for a proof, or restored from the store). */
  get hasKey(): boolean {
    return this.signer !== undefined || this.restored !== undefined;
  }

  get requireBoundTokens(): boolean {
    return this.options.requireBoundTokens === true;
  }

  /** Whether token requests to `server` carry a proof. */
  usesDpop(server: ServerMetadata): boolean {
    if (this.setting === false) return false;
    if (this.setting !== undefined) return true;
    // RFC 9449 §5.1: dpop_signing_alg_values_supported is how a server says it does DPoP at all.
    const listed = server.dpopSigningAlgValuesSupported;
    if (listed === undefined) return false;
    return this.signer !== undefined || this.restored !== undefined || PREFERRED.some((alg) => listed.includes(alg));
  }

  /** A proof for `method url` (the `htu` normalised, no query or fragment), with `ath` when a token goes with it. */
  async proof(method: string, url: string, nonceKey: string, accessToken?: string, server?: ServerMetadata): Promise<string> {
    const signer = await this.key(server);
    const nonce = this.nonces.get(nonceKey);
    const claims: Record<string, unknown> = { htm: method.toUpperCase(), htu: normalizeHtu(url) };
    if (accessToken !== undefined) claims.ath = await accessTokenHash(accessToken);
    if (nonce !== undefined) claims.nonce = nonce;
    const { SignJWT } = await jose();
    return new SignJWT(claims)
      .setProtectedHeader({ typ: 'dpop+jwt', alg: signer.alg, jwk: signer.publicJwk })
      .setJti(randomToken(16))
      .setIssuedAt()
      .sign(signer.privateKey);
  }

  /** Keeps the nonce a response of the server `nonceKey` handed out; true when it is a new one. */
  remember(nonceKey: string, headers: Headers): boolean {
    const nonce = headers.get(DPOP_NONCE_HEADER);
    // RFC 9449 §8.1: 1*NQCHAR (printable ASCII but '"' and '\').
    if (nonce === null || nonce === '' || !/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(nonce)) return false;
    if (this.nonces.get(nonceKey) === nonce) return false;
    this.nonces.set(nonceKey, nonce);
    return true;
  }

  /** True when the resource server `nonceKey` answered a DPoP request with only a Bearer challenge. */
  isBearerOnly(nonceKey: string): boolean {
    return this.bearerOnly.has(nonceKey);
  }

  /**
   * Marks a resource server that does not take DPoP: RFC 9449 §7.2 lets a client send its bound token
   * there as a bearer token (such a server ignores `cnf`), unless bound tokens are required.
   */
  markBearerOnly(nonceKey: string): boolean {
    if (this.requireBoundTokens || this.bearerOnly.has(nonceKey)) return false;
    this.bearerOnly.add(nonceKey);
    return true;
  }

  /** The JWK SHA-256 thumbprint of the public key (the `dpop_jkt` of an authorization request). */
  async thumbprint(server?: ServerMetadata): Promise<string> {
    const signer = await this.key(server);
    return (await jose()).calculateJwkThumbprint(signer.publicJwk, 'sha256');
  }

  /** The private key as a JWK for the store, when it was made here (a supplied key pair never leaves). */
  async exportKey(): Promise<JWK | undefined> {
    if (this.signer === undefined) return this.restored;
    const signer = await this.signer;
    if (!signer.exportable) return undefined;
    return { ...(await (await jose()).exportJWK(signer.privateKey)), alg: signer.alg };
  }

  /** Takes back the key stored with earlier tokens, so their binding (and a bound refresh token) keeps working. */
  restore(jwk: JWK | undefined): void {
    if (jwk === undefined || this.signer !== undefined || this.options.keyPair !== undefined) return;
    this.restored = jwk;
  }

  private key(server: ServerMetadata | undefined): Promise<Signer> {
    this.signer ??= this.makeKey(server);
    return this.signer;
  }

  private async makeKey(server: ServerMetadata | undefined): Promise<Signer> {
    try {
      const { exportJWK, generateKeyPair, importJWK } = await jose();
      const given = this.options.keyPair;
      if (given !== undefined) {
        const alg = this.options.algorithm ?? 'ES256';
        return { privateKey: given.privateKey, publicJwk: publicPart(await exportJWK(given.publicKey)), alg, exportable: false };
      }
      const restored = this.restored;
      if (restored !== undefined && typeof restored.alg === 'string') {
        const privateKey = (await importJWK(restored, restored.alg)) as CryptoKey;
        return { privateKey, publicJwk: publicPart(restored), alg: restored.alg, exportable: true };
      }
      const alg = this.options.algorithm ?? PREFERRED.find((a) => server?.dpopSigningAlgValuesSupported?.includes(a)) ?? 'ES256';
      const pair = await generateKeyPair(alg, { extractable: true });
      return { privateKey: pair.privateKey, publicJwk: publicPart(await exportJWK(pair.publicKey)), alg, exportable: true };
    } catch (cause) {
      this.signer = undefined;
      throw new AuthError('invalid_configuration', 'The DPoP key could not be made or imported', { cause });
    }
  }
}

/** The public members of a JWK (what goes into a proof's `jwk` header: never `d`, `p`, `q`, ...). */
function publicPart(jwk: JWK): JWK {
  const { kty, crv, x, y, n, e } = jwk;
  return Object.fromEntries(Object.entries({ kty, crv, x, y, n, e }).filter(([, v]) => v !== undefined)) as JWK;
}
