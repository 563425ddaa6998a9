import { Redis, type RedisOptions } from 'ioredis';
import { guarded } from './errors.js';
import { readyWithin, RedisSubscriber } from './subscriber.js';

/** Options of `RedisConnection`. */
export interface RedisConnectionOptions {
  /** `redis://[[user]:password@]host[:port][/db]` or `rediss://` (TLS). Default: `REDIS_URL`, else `redis://127.0.0.1:6379`. */
  url?: string;
  /** More ioredis options (TLS, sentinels, name...). The failure-related ones below always win. */
  redis?: RedisOptions;
  /** Prefix of every key and channel, so deployments can share one Redis. Default `mcpkit:`. */
  prefix?: string;
  /** A command without a reply after this many ms fails with `RedisUnavailableError`. Default 1000. */
  commandTimeoutMs?: number;
  /** Longest pause between reconnection attempts, in ms (they back off up to it, forever). Default 2000. */
  maxReconnectDelayMs?: number;
  /** Told once per outage that a connection failed, and again when it is back. Default `console.warn`. */
  log?: (message: string) => void;
}

/**
 * The Redis connections one process shares among the adapters of this package: one for commands
 * and, once something subscribes, one for pub/sub. Both fail fast while Redis is away (no offline
 * queue: a call fails at once with `RedisUnavailableError` instead of waiting), give up on a
 * command after `commandTimeoutMs`, and reconnect in the background for as long as the process runs.
 *
 * @example const redis = new RedisConnection({ url: process.env.REDIS_URL });
 */
export class RedisConnection {
  /** Prefix of every key and channel. */
  readonly prefix: string;
  /** How long a command may take, in ms. */
  readonly commandTimeoutMs: number;
  /** The ioredis client that runs commands (for your own commands; do not switch it into subscriber mode). */
  readonly client: Redis;
  private subscriber: RedisSubscriber | undefined;
  private subscriberClient: Redis | undefined;
  private readonly log: (message: string) => void;
  private readonly down = new Set<string>();
  private closed = false;

  constructor(options: RedisConnectionOptions = {}) {
    this.prefix = options.prefix ?? 'mcpkit:';
    this.commandTimeoutMs = options.commandTimeoutMs ?? 1000;
    if (!(this.commandTimeoutMs > 0)) throw new RangeError(`RedisConnection: commandTimeoutMs must be positive, got ${this.commandTimeoutMs}`);
    const maxDelay = options.maxReconnectDelayMs ?? 2000;
    this.log = options.log ?? ((message) => console.warn(`mcpkit/redis: ${message}`));
    const settings: RedisOptions = {
      ...options.redis,
      commandTimeout: this.commandTimeoutMs,
      connectTimeout: Math.max(this.commandTimeoutMs, 1000),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      autoResubscribe: true,
      retryStrategy: (attempt) => Math.min(maxDelay, 50 * 2 ** Math.min(attempt, 10)),
    };
    const url = options.url ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    this.client = new Redis(url, settings);
    this.watch(this.client, 'commands');
  }

  /** Whether commands can run right now. */
  get ready(): boolean {
    return this.client.status === 'ready';
  }

  /**
   * Waits until Redis answers (at most `timeoutMs`); resolves false if it does not. Optional: the
   * adapters work without it, failing fast until the connection is up.
   *
   * @example if (!(await redis.whenReady(5000))) console.warn('Redis is not reachable yet');
   */
  whenReady(timeoutMs = 5000): Promise<boolean> {
    return readyWithin(this.client, timeoutMs);
  }

  /**
   * @internal Runs `call` on the command client; any failure is a `RedisUnavailableError` naming
   * `operation`. While a connection attempt is under way (startup, or a reconnection) it waits for
   * it, at most the command timeout; between attempts it fails at once.
   */
  run<T>(operation: string, call: (redis: Redis) => Promise<T>): Promise<T> {
    const status = this.client.status;
    if (status === 'ready' || (status !== 'connecting' && status !== 'connect')) return guarded(operation, () => call(this.client));
    return guarded(operation, async () => {
      await readyWithin(this.client, this.commandTimeoutMs);
      return call(this.client);
    });
  }

  /** @internal The pub/sub side, connected on first use. */
  pubsub(): RedisSubscriber {
    if (!this.subscriber) {
      this.subscriberClient = this.client.duplicate();
      this.watch(this.subscriberClient, 'pub/sub');
      this.subscriber = new RedisSubscriber(this.subscriberClient, this.commandTimeoutMs);
    }
    return this.subscriber;
  }

  /** Closes both connections (what is in flight fails); adapters fail with `RedisUnavailableError` afterwards. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([this.client, this.subscriberClient].map((redis) => redis && quit(redis)));
  }

  /** Reports the first error of an outage and the recovery, not every failed reconnection attempt. */
  private watch(redis: Redis, role: string): void {
    redis.on('error', (error: Error) => {
      if (this.down.has(role) || this.closed) return;
      this.down.add(role);
      this.log(`Redis ${role} connection failed (${error.message || error.name}); reconnecting in the background`);
    });
    redis.on('ready', () => {
      if (this.down.delete(role)) this.log(`Redis ${role} connection is back`);
    });
  }
}

async function quit(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  try {
    if (redis.status !== 'ready') throw new Error('not connected');
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
