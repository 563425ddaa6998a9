/**
 * Single use of DPoP proofs (RFC 9449 §11.1). A proof's `jti` is claimed once, for as long as the
 * proof could be accepted; the guard takes any replay guard with `claim(id, expiresAt)` (the
 * `ReplayGuard` of `@mcpkit/server`, `RedisReplayGuard` of `@mcpkit/redis` across replicas). Ids are
 * hashes of the `jti`, so a large one costs no memory. The default here keeps one process's ids in a
 * bounded map: when it is full, expired ids go; when they are all live, a new proof is refused
 * (`ProofIdsFullError`) rather than an id forgotten, since a forgotten id could be replayed.
 */
import { base64url } from '../shared/base64url.js';

/** What the guard needs of a replay guard. */
export interface ProofReplayGuard {
  /** Records `id` as used until `expiresAt` (ms); `true` the first time, `false` for a replay. */
  claim(id: string, expiresAt: number): Promise<boolean>;
}

/** The id a proof is claimed under. */
export async function proofId(jti: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(jti));
  return `dpop:${base64url(new Uint8Array(digest))}`;
}

/** The default guard holds as many live proof ids as it may: the proof cannot be proven single use now. */
export class ProofIdsFullError extends Error {
  override readonly name = 'ProofIdsFullError';

  constructor(readonly maxEntries: number) {
    super(`The DPoP replay guard holds ${maxEntries} live proof ids, the most it may (dpop.maxProofIds): retry once some expire`);
  }
}

/** The in-process default: at most `maxEntries` ids (default 100 000), forgotten once they expire, never before. */
export class MemoryProofReplayGuard implements ProofReplayGuard {
  private readonly used = new Map<string, number>();
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly now: () => number,
    private readonly maxEntries = 100_000,
  ) {}

  /** How many ids it holds now. */
  get size(): number {
    return this.used.size;
  }

  async claim(id: string, expiresAt: number): Promise<boolean> {
    const now = this.now();
    const until = this.used.get(id);
    if (until !== undefined && until > now) return false;
    if (until !== undefined) this.used.delete(id);
    if (this.used.size >= this.maxEntries) {
      // One sweep per clock tick at most: a flood against a full guard costs a map lookup each.
      if (now > this.lastSweep) this.sweep(now);
      if (this.used.size >= this.maxEntries) throw new ProofIdsFullError(this.maxEntries);
    }
    this.used.set(id, expiresAt);
    return true;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [id, until] of this.used) if (until <= now) this.used.delete(id);
  }
}
