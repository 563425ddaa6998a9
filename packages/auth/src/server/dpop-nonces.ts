/**
 * Resource-server nonces for DPoP proofs (RFC 9449 §9, §11.2): a nonce names a time window and carries
 * an HMAC of it, so any replica holding the same secret issues and accepts the same nonces without
 * shared state, and nobody without the secret can predict the next one. A nonce of the current or the
 * previous window is accepted, so a proof carrying one is at most two windows old whatever the
 * client's clock says; the secret is drawn on first use when none is given (one process only).
 */
import { base64url } from '../shared/base64url.js';
import { AuthError } from '../shared/errors.js';

/** Options of server nonces. */
export interface DpopNonceOptions {
  /** The HMAC secret shared by every replica (at least 32 bytes); default: random, this process only. */
  secret?: string | Uint8Array;
  /** How long a nonce is issued for, in seconds (default 300); the one before it is still accepted. */
  lifetimeSeconds?: number;
}

export class DpopNonces {
  private key: Promise<CryptoKey> | undefined;
  private readonly lifetimeMs: number;

  constructor(private readonly options: DpopNonceOptions) {
    const lifetime = options.lifetimeSeconds ?? 300;
    if (!Number.isFinite(lifetime) || lifetime < 1) throw new AuthError('invalid_configuration', 'dpop.nonce.lifetimeSeconds must be at least 1');
    this.lifetimeMs = lifetime * 1000;
    const secret = options.secret;
    if (secret !== undefined && (typeof secret === 'string' ? new TextEncoder().encode(secret) : secret).length < 32) {
      throw new AuthError('invalid_configuration', 'dpop.nonce.secret must be at least 32 bytes');
    }
  }

  /** The nonce to hand out at `now` (ms). */
  async issue(now: number): Promise<string> {
    const window = Math.floor(now / this.lifetimeMs);
    return `${window.toString(36)}.${await this.mac(window)}`;
  }

  /**
   * When `nonce` was issued for the window of `now` or the one before: the time (ms) it stops being
   * accepted, which bounds the life of a proof that carries it (RFC 9449 §11.1); else `undefined`.
   */
  async acceptedUntil(nonce: string | undefined, now: number): Promise<number | undefined> {
    if (nonce === undefined) return undefined;
    const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})$/.exec(nonce);
    if (match === null) return undefined;
    const window = Number.parseInt(match[1]!, 36);
    const current = Math.floor(now / this.lifetimeMs);
    if (window !== current && window !== current - 1) return undefined;
    return sameText(await this.mac(window), match[2]!) ? (window + 2) * this.lifetimeMs : undefined;
  }

  private async mac(window: number): Promise<string> {
    this.key ??= importKey(this.options.secret);
    const signature = await crypto.subtle.sign('HMAC', await this.key, new TextEncoder().encode(`dpop-nonce:${window}`));
    return base64url(new Uint8Array(signature).subarray(0, 16));
  }
}

function importKey(secret: string | Uint8Array | undefined): Promise<CryptoKey> {
  const bytes = secret === undefined ? crypto.getRandomValues(new Uint8Array(32)) : typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  return crypto.subtle.importKey('raw', new Uint8Array(bytes), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** Compares two strings in time that depends only on their length. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
