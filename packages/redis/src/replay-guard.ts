import type { ReplayGuard } from '@mcpkit/server';
import type { RedisConnection } from './connection.js';

/**
 * A `ReplayGuard` shared by replicas: each sealed `requestState` can be used once across all of
 * them (`SET key NX PXAT expiresAt`; Redis forgets the id when the state expires anyway). While
 * Redis is unavailable `claim` rejects with `RedisUnavailableError`, so a retry carrying state is
 * refused rather than possibly accepted twice; requests without state never touch it.
 *
 * @example createServer({ ..., state: { replayGuard: new RedisReplayGuard(redis) } })
 */
export class RedisReplayGuard implements ReplayGuard {
  private readonly prefix: string;

  constructor(private readonly connection: RedisConnection) {
    this.prefix = `${connection.prefix}state-used:`;
  }

  /** `true` the first time `id` is claimed on any replica, `false` for a replay. */
  async claim(id: string, expiresAt: number): Promise<boolean> {
    const until = Math.max(Math.ceil(expiresAt), Date.now() + 1);
    const reply = await this.connection.run('claim a requestState', (redis) => redis.set(this.prefix + id, '1', 'PXAT', until, 'NX'));
    return reply === 'OK';
  }
}
