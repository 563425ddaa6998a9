import type { StateOptions } from '@mcpkit/server';
import { KeyRing, parseStateKeys, STATE_KEYS_ENV, type ReplayGuard } from '@mcpkit/server/state';

/** Options of `sharedState`. */
export interface SharedStateOptions {
  /** The key ring text (`id:secret,...`, newest first). Default: the `MCPKIT_STATE_KEYS` environment variable. */
  keys?: string;
  /** Where to read `MCPKIT_STATE_KEYS` from. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Lifetime of a sealed state, in ms (the server's default: 10 minutes). */
  ttlMs?: number;
  /** Makes each state single-use across replicas (e.g. a `RedisReplayGuard`). Default: none. */
  replayGuard?: ReplayGuard;
}

/**
 * The `state` options of a server that runs as one of several replicas: every replica must open the
 * `requestState` another one sealed, so they share one key ring. Unlike a lone server, which falls
 * back to a random per-process key, this throws at startup when no ring is configured or an entry
 * is malformed, since the fallback would break every multi-round request that changes replica.
 *
 * @example createServer({ ..., state: sharedState({ replayGuard: new RedisReplayGuard(redis) }) })
 */
export function sharedState(options: SharedStateOptions = {}): StateOptions {
  const env = options.env ?? process.env;
  const text = (options.keys ?? env[STATE_KEYS_ENV] ?? '').trim();
  if (text === '') {
    throw new TypeError(
      `${STATE_KEYS_ENV} is not set: replicas must share one requestState key ring. Set it to the same value on every replica ` +
        `(make an entry with generateStateKey() from @mcpkit/server), or pass sharedState({ keys }).`,
    );
  }
  // Parse and build the ring now, so a bad entry stops the replica at startup (the messages name the entry, never the secret).
  new KeyRing(parseStateKeys(text));
  return {
    keys: text,
    ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
    ...(options.replayGuard === undefined ? {} : { replayGuard: options.replayGuard }),
  };
}
