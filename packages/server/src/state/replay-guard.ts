/**
 * Enforces single use of sealed `requestState` (basic/patterns/mrtr.mdx: servers for which a state
 * must be consumed at most once MUST enforce it server-side). Implementations shared by replicas
 * (Redis `SET NX PX`) make the guarantee hold across them.
 */
export interface ReplayGuard {
  /**
   * Records `id` as used until `expiresAt` (epoch ms). Resolves `true` the first time an id is
   * claimed, `false` when it was already claimed (a replay).
   */
  claim(id: string, expiresAt: number): Promise<boolean>;
}

/** A process-local `ReplayGuard`: right for one replica; forgets ids once they expire. */
export class MemoryReplayGuard implements ReplayGuard {
  private readonly used = new Map<string, number>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Claims `id` until `expiresAt`; `false` when it was already claimed and has not expired. */
  claim(id: string, expiresAt: number): Promise<boolean> {
    const now = this.now();
    if (now - this.lastSweep > 60_000) this.sweep(now);
    const until = this.used.get(id);
    if (until !== undefined && until > now) return Promise.resolve(false);
    this.used.set(id, expiresAt);
    return Promise.resolve(true);
  }

  /** How many claimed ids are remembered (expired ones are dropped lazily). */
  get size(): number {
    return this.used.size;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [id, until] of this.used) if (until <= now) this.used.delete(id);
  }
}
