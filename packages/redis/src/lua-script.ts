import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script run atomically on Redis: by its SHA-1 (`EVALSHA`) and, when Redis does not know it
 * yet (first use, or after a restart emptied its script cache), by its text (`EVAL`).
 */
export class LuaScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  /** Runs the script with `keys` and `args`; resolves its reply. */
  async run(redis: Redis, keys: readonly string[], args: ReadonlyArray<string | number>): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
