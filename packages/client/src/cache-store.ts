import type { JsonObject } from '@mcpkit/jsonrpc';

/** One cached result and when it stops being fresh. */
export interface CacheEntry {
  /** The result as the server sent it (after validation). Shared: callers must not mutate it. */
  readonly value: JsonObject;
  /** Wall-clock time (ms since the epoch) at which the entry turns stale: `t_received + ttlMs`. */
  readonly expiresAt: number;
}

/**
 * Where the client keeps cacheable results. The default is in memory; a shared store (Redis, for
 * one) implements the same three methods. Keys are opaque strings; a store may return promises.
 */
export interface CacheStore {
  /** The entry under `key`, fresh or not, or `undefined`. */
  get(key: string): CacheEntry | undefined | Promise<CacheEntry | undefined>;
  /** Stores an entry; the store may evict it early (it is only a cache). */
  set(key: string, entry: CacheEntry): void | Promise<void>;
  /** Deletes every entry whose key starts with `prefix` (invalidation). */
  deleteByPrefix(prefix: string): void | Promise<void>;
}

/**
 * An in-memory `CacheStore` holding at most `maxEntries` entries, dropping the least recently used.
 *
 * @example new ModernClient(transport, { cache: { store: new MemoryCacheStore(500) } })
 */
export class MemoryCacheStore implements CacheStore {
  private readonly entries = new Map<string, CacheEntry>();

  constructor(private readonly maxEntries = 1_000) {}

  /** Entries currently held. */
  get size(): number {
    return this.entries.size;
  }

  get(key: string): CacheEntry | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      // Re-insert: Map order is the recency order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CacheEntry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  deleteByPrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
