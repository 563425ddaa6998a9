import type { CacheEntry, CacheStore } from '@mcpkit/client';
import type { Redis } from 'ioredis';
import type { RedisConnection } from './connection.js';
import { RedisUnavailableError } from './errors.js';
import { LuaScript } from './lua-script.js';

/** Options of `RedisCacheStore`. */
export interface RedisCacheStoreOptions {
  /**
   * A lookup or write slower than this (ms) fails, which the client counts as a cache miss: a slow
   * Redis must not make cached calls slower than uncached ones. Default 250 (at most the connection's command timeout).
   */
  timeoutMs?: number;
}

// KEYS: entry, lexical index, expiry index. ARGV: value, ttl ms, key, expiresAt, now.
// Stores the entry with a TTL, indexes its key, and forgets up to 32 index entries that expired.
const SET = new LuaScript(`
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], 0, ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[3])
local stale = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', ARGV[5], 'LIMIT', 0, 32)
for _, key in ipairs(stale) do
  redis.call('ZREM', KEYS[2], key)
  redis.call('ZREM', KEYS[3], key)
end
return 1
`);

// KEYS: lexical index, expiry index. ARGV: key prefix in the index, prefix of entry keys.
// Deletes every entry whose key starts with ARGV[1] (a lexical range: no pattern, no scan).
const DELETE_PREFIX = new LuaScript(`
local deleted = 0
repeat
  local keys = redis.call('ZRANGEBYLEX', KEYS[1], '[' .. ARGV[1], '[' .. ARGV[1] .. '\\255', 'LIMIT', 0, 500)
  for _, key in ipairs(keys) do
    redis.call('DEL', ARGV[2] .. key)
    redis.call('ZREM', KEYS[1], key)
    redis.call('ZREM', KEYS[2], key)
  end
  deleted = deleted + #keys
until #keys < 500
return deleted
`);

/**
 * The client's result cache (`CacheStore` of `@mcpkit/client`) in Redis, shared by every client
 * process using the same prefix: a `tools/list` one worker fetched is a hit for the others, within
 * its `ttlMs` and `cacheScope` (the client builds keys with the scope, so private entries stay per
 * authorization context). Entries expire in Redis when they turn stale. A failing or slow Redis
 * is a miss (the client warns and fetches), never an error to the caller.
 *
 * @example new ModernClient(transport, { cache: { store: new RedisCacheStore(redis) } })
 */
export class RedisCacheStore implements CacheStore {
  private readonly entries: string;
  private readonly lexIndex: string;
  private readonly expiryIndex: string;
  private readonly timeoutMs: number;

  constructor(
    private readonly connection: RedisConnection,
    options: RedisCacheStoreOptions = {},
  ) {
    this.entries = `${connection.prefix}cache:`;
    this.lexIndex = `${connection.prefix}cache-index`;
    this.expiryIndex = `${connection.prefix}cache-expiry`;
    this.timeoutMs = Math.min(options.timeoutMs ?? 250, connection.commandTimeoutMs);
  }

  /** The entry under `key`, or `undefined` (also for an entry that is unreadable). */
  async get(key: string): Promise<CacheEntry | undefined> {
    const text = await this.bounded('read a cached result', (redis) => redis.get(this.entries + key));
    if (text === null) return undefined;
    try {
      const stored = JSON.parse(text) as { e?: unknown; v?: unknown };
      if (typeof stored.e !== 'number' || stored.v === null || typeof stored.v !== 'object') return undefined;
      return { value: stored.v as CacheEntry['value'], expiresAt: stored.e };
    } catch {
      return undefined;
    }
  }

  /** Stores `entry` until its `expiresAt` (an entry already stale is not stored). */
  async set(key: string, entry: CacheEntry): Promise<void> {
    const now = Date.now();
    const ttl = Math.ceil(entry.expiresAt - now);
    if (!(ttl > 0)) return;
    const text = JSON.stringify({ e: entry.expiresAt, v: entry.value });
    await this.bounded('cache a result', (redis) =>
      SET.run(redis, [this.entries + key, this.lexIndex, this.expiryIndex], [text, ttl, key, entry.expiresAt, now]),
    );
  }

  /** Deletes every entry whose key starts with `prefix` (the client's invalidation). */
  async deleteByPrefix(prefix: string): Promise<void> {
    await this.bounded('invalidate cached results', (redis) => DELETE_PREFIX.run(redis, [this.lexIndex, this.expiryIndex], [prefix, this.entries]));
  }

  /** Runs `call`, failing it after `timeoutMs` (the late reply, if any, is ignored). */
  private bounded<T>(operation: string, call: (redis: Redis) => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RedisUnavailableError(operation, new Error('Command timed out'))), this.timeoutMs);
    });
    return Promise.race([this.connection.run(operation, call), deadline]).finally(() => clearTimeout(timer));
  }
}
