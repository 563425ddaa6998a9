import type { ReplayGuard } from '@mcpkit/server/state';
import type { RedisConnection } from './connection.js';

/** Options of {@link RedisReplayGuard}. */
export interface RedisReplayGuardOptions {
  /**
   * What the ids are of, as part of their keys (`<prefix><namespace>:<id>`; default `state-used`):
   * give each use its own, e.g. `dpop-proof-used` for the DPoP proofs of `@mcpkit/auth`'s guard.
   */
  namespace?: string;
}

/**
 * A `ReplayGuard` shared by replicas: each sealed `requestState` can be used once across all of
 * them (`SET key NX PXAT expiresAt`; Redis forgets the id when the state expires anyway). While
 * Redis is unavailable `claim` rejects with `RedisUnavailableError`, so a retry carrying state is
 * refused rather than possibly accepted twice; requests without state never touch it.
 *
 * The same guard makes DPoP proofs single use across replicas (`bearerGuard({ dpop: { replayGuard } })`
 * of `@mcpkit/auth/server`), under a namespace of their own.
 *
 * @example createServer({ ..., state: { replayGuard: new RedisReplayGuard(redis) } })
 * @example bearerGuard({ resource, verify, dpop: { replayGuard: new RedisReplayGuard(redis, { namespace: 'dpop-proof-used' }) } })
 */
export class RedisReplayGuard implements ReplayGuard {
  private readonly prefix: string;
  private readonly what: string;

  constructor(
    private readonly connection: RedisConnection,
    options: RedisReplayGuardOptions = {},
  ) {
    const namespace = options.namespace ?? 'state-used';
    if (!/^[A-Za-z0-9._-]+$/.test(namespace))
      throw new TypeError(`RedisReplayGuard namespace must be letters, digits, ".", "_" or "-": ${JSON.stringify(namespace)}`);
    this.prefix = `${connection.prefix}${namespace}:`;
    this.what = namespace === 'state-used' ? 'claim a requestState' : `claim a ${namespace} id`;
  }

  /** `true` the first time `id` is claimed on any replica, `false` for a replay. */
  async claim(id: string, expiresAt: number): Promise<boolean> {
    const until = Math.max(Math.ceil(expiresAt), Date.now() + 1);
    const reply = await this.connection.run(this.what, (redis) => redis.set(this.prefix + id, '1', 'PXAT', until, 'NX'));
    return reply === 'OK';
  }
}
