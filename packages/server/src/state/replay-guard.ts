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

/** Options of `MemoryReplayGuard`. */
export interface MemoryReplayGuardOptions {
  /** The clock (epoch ms). Default `Date.now`. */
  now?: () => number;
  /**
   * Unexpired claims remembered at once (about 100 bytes each). When they are all live, a new
   * claim fails (the request gets `-32603`) rather than forgetting one that could then be replayed.
   * Default 100 000.
   */
  maxEntries?: number;
}

/** A process-local `ReplayGuard`: right for one replica; forgets ids once they expire. */
export class MemoryReplayGuard implements ReplayGuard {
  private readonly used = new Map<string, number>();
  private lastSweep = 0;
  private readonly now: () => number;
  private readonly maxEntries: number;

  constructor(options: MemoryReplayGuardOptions | (() => number) = {}) {
    const resolved = typeof options === 'function' ? { now: options } : options;
    this.now = resolved.now ?? Date.now;
    this.maxEntries = resolved.maxEntries ?? 100_000;
  }

  /** Claims `id` until `expiresAt`; `false` when it was already claimed and has not expired. */
  claim(id: string, expiresAt: number): Promise<boolean> {
    const now = this.now();
    if (now - this.lastSweep > 60_000 || (this.used.size >= this.maxEntries && now - this.lastSweep > 1_000)) this.sweep(now);
    const until = this.used.get(id);
    if (until !== undefined && until > now) return Promise.resolve(false);
    if (this.used.size >= this.maxEntries) {
      return Promise.reject(
        new Error(`MemoryReplayGuard: ${this.maxEntries} unexpired requestStates are remembered, the most it holds; retry once some expire`),
      );
    }
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
